import { z } from 'zod';

/** The change request whose content stands in for its space's, as a preview banner shows it. */
export const ChangeRequestView = z.object({
  id: z.string(),
  number: z.number(),
  subject: z.string(),
  status: z.string(),
});
export type ChangeRequestView = z.infer<typeof ChangeRequestView>;

/** The platform's broken-link report for a space, as pulled. */
export const LinkReport = z.object({
  total: z.number().optional(),
  broken: z.array(z.looseObject({ status: z.string() })),
});
export type LinkReport = z.infer<typeof LinkReport>;
