import { z } from 'zod';
import { port, positiveSeconds, positiveWholeNumber, text, toggle } from './fields.ts';

/** The commands that serve: preview, serve-api and `mcp --http`. */
export const ServeConfig = z.object({
  /** preview, serve-api and `mcp --http`: the port (0 picks a free one). */
  port: port().optional(),
  /** preview and `mcp --http`: the interface to listen on. @default "127.0.0.1" */
  host: text().optional(),
  /** mcp: serve Streamable HTTP instead of stdio. */
  http: toggle().optional(),
  /** preview: poll revisions, rebuild and reload on changes. */
  watch: toggle().optional(),
  /** preview: seconds between polls. @default 10 */
  interval: positiveSeconds().optional(),
  /** serve-api: the site folder to serve. */
  dir: text().optional(),
  /** serve-api: answer 429 past this many requests per window. */
  rateLimit: positiveWholeNumber().optional(),
  /** serve-api: the rate-limit window in seconds. @default 60 */
  rateWindow: positiveSeconds().optional(),
});
