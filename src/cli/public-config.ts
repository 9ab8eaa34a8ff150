/**
 * The package's one import: the config file's type, for an `offprint.config.mjs` checked by an
 * editor or TypeScript. Its keys are the commands' long flags in camelCase, and `openapi`; the
 * type is what `ConfigSchema` (src/cli/schemas/, one schema per area) accepts, so the type, the
 * validation and `check-config` cannot disagree. Numbers may also be given as strings, as on the
 * command line.
 *
 *     // offprint.config.mjs
 *     import { defineConfig } from 'offprint';
 *     export default defineConfig({ apiUrl: 'https://api.gitbook.com', org: 'ORG', site: 'SITE' });
 *
 * The token and a share key are never config: OFFPRINT_TOKEN, `tokenFile`, OFFPRINT_SHARE_KEY.
 */
import type { OffprintConfig } from './schemas/index.ts';

export type { OffprintConfig } from './schemas/index.ts';

/** Returns its argument: only there to give an `offprint.config.mjs` its type. */
export function defineConfig(config: OffprintConfig): OffprintConfig {
  return config;
}
