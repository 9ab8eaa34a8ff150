import { fileURLToPath } from 'node:url';

/** The Offprint package: where astro.config.mjs, src/pages and themes/ live. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
