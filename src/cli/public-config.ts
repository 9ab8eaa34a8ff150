/**
 * The package's one import: the config file's type, for an `offprint.config.mjs` checked by an
 * editor or TypeScript. Keys are the commands' long flags in camelCase (src/cli/config.ts reads
 * them off the commands; test/package/public-config.test.ts keeps this list equal to them), and
 * `openapi` (`CONFIG_ONLY_KEYS`).
 * Numbers may also be given as strings, as on the command line.
 *
 *     // offprint.config.mjs
 *     import { defineConfig } from 'offprint';
 *     export default defineConfig({ apiUrl: 'https://api.gitbook.com', org: 'ORG', site: 'SITE' });
 *
 * The token and a share key are never config: OFFPRINT_TOKEN, `tokenFile`, OFFPRINT_SHARE_KEY.
 */
export interface OffprintConfig {
  /** API base URL; `/v1` is appended. */
  apiUrl?: string;
  /** A file holding the API token (resolved against the config file's folder). */
  tokenFile?: string;
  /** Organization id. */
  org?: string;
  /** Site id. */
  site?: string;
  /** `SPACE:NUMBER`: a change request's content in place of its space's. */
  changeRequest?: string;
  /** Snapshot and render cache, default `.offprint`. */
  cache?: string;
  /** Build a visitor-auth site anyway (every page becomes public). */
  allowVisitorAuth?: boolean;
  /** Requests in flight at once, at most (default 8). */
  concurrency?: number | string;
  /** Seconds a request may wait on the platform's rate limit (default 900). */
  rateLimitWait?: number | string;
  /** Seconds to wait for another offprint run on the same cache or output (default 300). */
  lockWait?: number | string;
  /** Output directory, default `dist`. */
  out?: string;
  /** Base path the site is served under (default the site's basename, else `/`). */
  base?: string;
  /** The site's public origin, for canonical URLs, OpenGraph tags and sitemap.xml. */
  siteUrl?: string;
  /** Fail when a link is broken, leaving the previous output as it was. */
  failOnBrokenLinks?: boolean;
  /** A folder of trusted local `.md`/`.mdx` pages (docs/local-pages.md). */
  pages?: string;
  /** A folder of `.astro` theme overrides (docs/theme-overrides.md). */
  theme?: string;
  /** Where the "was this helpful?" control posts `{page, helpful}`. */
  feedbackUrl?: string;
  /** Build the bundled example through the local platform (no token, no network). */
  example?: boolean;
  /** build: also print a PDF per section variant into `<out>/pdf/` (docs/pdf.md). */
  pdf?: boolean;
  /** build --pdf and pdf: `section` (default), a PDF per section variant; `site`, one of all. */
  pdfScope?: 'section' | 'site';
  /** build --pdf and pdf: the Chromium to print with (default: the first on PATH). */
  chromium?: string;
  /** Print only errors. */
  quiet?: boolean;
  /** Print per-phase detail. */
  verbose?: boolean;
  /** preview, serve-api and `mcp --http`: the port. */
  port?: number | string;
  /** preview and `mcp --http`: the interface to listen on. */
  host?: string;
  /** mcp: serve Streamable HTTP instead of stdio. */
  http?: boolean;
  /** preview: poll revisions, rebuild and reload on changes. */
  watch?: boolean;
  /** preview: seconds between polls. */
  interval?: number | string;
  /** serve-api: the site folder to serve. */
  dir?: string;
  /** serve-api: answer 429 past this many requests per window. */
  rateLimit?: number | string;
  /** serve-api: the rate-limit window in seconds. */
  rateWindow?: number | string;
  /**
   * Named OpenAPI specs for `{% openapi-operation spec="NAME" %}` blocks: name → a file path
   * relative to the config file's folder (never outside it), or an http(s) URL. Read by the pull.
   * The one key that is no flag.
   */
  openapi?: Record<string, string>;
}

/** Returns its argument: only there to give an `offprint.config.mjs` its type. */
export function defineConfig(config: OffprintConfig): OffprintConfig {
  return config;
}
