/** The site cannot be built as the snapshot describes it (e.g. two pages claim one URL). */
export class SiteModelError extends Error {
  override readonly name = 'SiteModelError';
}
