import { z } from 'zod';
import { OpenapiConfig } from '../openapi-config.ts';
import {
  existing,
  positiveSeconds,
  positiveWholeNumber,
  secondsOrZero,
  spaceAndNumber,
  text,
  toggle,
} from './fields.ts';

/**
 * The site a command reads from the platform, and how (build, pull, preview; `cache` also
 * render and pdf). The token and a share key are never config: `OFFPRINT_TOKEN` or `tokenFile`,
 * `OFFPRINT_SHARE_KEY`.
 */
export const SiteConfig = z.object({
  /** API base URL; `/v1` is appended (else `OFFPRINT_API_URL`). */
  apiUrl: text().optional(),
  /** A file holding the API token, relative to the config file's folder. */
  tokenFile: existing('file').optional(),
  /** Organization id (else `OFFPRINT_ORG`). */
  org: text().optional(),
  /** Site id (else `OFFPRINT_SITE`). */
  site: text().optional(),
  /** `SPACE:NUMBER`: a change request's content in place of its space's. */
  changeRequest: spaceAndNumber().optional(),
  /** Snapshot and render cache. @default ".offprint" */
  cache: text().optional(),
  /** Seconds to wait for another offprint run on the same cache or output (0: do not wait). @default 300 */
  lockWait: secondsOrZero().optional(),
  /** Build a visitor-auth site anyway (every page becomes public). */
  allowVisitorAuth: toggle().optional(),
  /** Requests in flight at once, at most. @default 8 */
  concurrency: positiveWholeNumber().optional(),
  /** Seconds a request may wait on the platform's rate limit. @default 900 */
  rateLimitWait: positiveSeconds().optional(),
  /** Build the bundled example through the local platform (no token, no network). */
  example: toggle().optional(),
  /**
   * Named OpenAPI specs for `{% openapi-operation spec="NAME" %}` blocks: name → a file path
   * relative to the config file's folder (never outside it), or an http(s) URL. Read by the
   * pull. The one key that is no flag (a map has no command-line form).
   * @example { "billing": "specs/billing.yaml" }
   */
  openapi: OpenapiConfig.optional(),
});
