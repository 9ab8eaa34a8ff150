/**
 * `src/site`: the site model. From a snapshot to everything the pages need (URLs, output files,
 * navigation, sidebar, breadcrumbs, pagination, reference resolution, assets), without rendering.
 */

export type { AssetIndex } from './assets.ts';
export { SiteModelError } from './errors.ts';
export { hreflangTag } from './languages.ts';
export {
  type LoadSiteModelOptions,
  loadReview,
  loadSiteModel,
  modelSite,
  shownSpaceIds,
} from './load.ts';
export { buildSiteModel, SiteModel } from './model.ts';
export {
  assetOutputFile,
  normalizeBase,
  outputFileFor,
  RESERVED_TOP_LEVEL,
  safeFileName,
  safeSegment,
  safeSegments,
  urlFor,
} from './paths.ts';
export { createResolver, type ResolverData } from './resolver.ts';
export {
  REVIEW_DIR,
  type RemovedPage,
  type ReviewEntry,
  type ReviewModel,
} from './review.ts';
export { countEntries, SIDEBAR_LIMITS, type SidebarLimits } from './sidebar.ts';
export type * from './types.ts';
