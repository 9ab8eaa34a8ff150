/**
 * `src/local-pages`: pages and theme components from the user's own repository (`--pages`,
 * `--theme`). These files are trusted and compiled by Astro; content from the API never is.
 */
export { localFilesDigest } from './digest.ts';
export { discoverLocalPages, type LocalPage } from './discover.ts';
export { LocalFilesError } from './errors.ts';
export { localPageBody, readFrontMatter } from './front-matter.ts';
