import { z } from 'zod';
import { toggle } from './fields.ts';

/** What every command prints. */
export const OutputConfig = z.object({
  /** Print only errors. */
  quiet: toggle().optional(),
  /** Print per-phase detail. */
  verbose: toggle().optional(),
});
