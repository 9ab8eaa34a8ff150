/** The local platform: a site folder (docs/site-folder.md) served as the platform API. */
export { closeOnSignals, type ServeApiOptions, ServeApiUsageError, serveApi } from './cli.ts';
export { HttpError, SiteFolderError } from './errors.ts';
export type { FaultOptions } from './faults.ts';
export { loadSiteFolder } from './folder.ts';
export type { LocalModel } from './model.ts';
export type { RateLimitOptions } from './rate-limit.ts';
export type { RefStyle } from './references.ts';
export {
  EXAMPLE_DIR,
  type LocalPlatform,
  type LocalPlatformOptions,
  type RequestLogEntry,
  startLocalPlatform,
} from './server.ts';
export type { LocalState } from './state.ts';
