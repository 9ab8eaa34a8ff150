/**
 * What a reader did that the team wants counted: a search that found nothing, an answer to "was
 * this page helpful?". Told as an `offprint:event` on `document`, which the analytics script
 * (analytics.ts) forwards to the configured providers and a team's own script may hear too.
 */

export interface SiteEvents {
  /** A search that found nothing: the query as the reader left it. */
  'search-no-results': { query: string };
  /** An answer to "was this page helpful?": the page's path and the answer. */
  feedback: { page: string; helpful: boolean };
}

export const SITE_EVENT = 'offprint:event';

export type SiteEvent = {
  [Name in keyof SiteEvents]: { name: Name; props: SiteEvents[Name] };
}[keyof SiteEvents];

export function siteEvent<Name extends keyof SiteEvents>(
  name: Name,
  props: SiteEvents[Name],
): void {
  document.dispatchEvent(new CustomEvent(SITE_EVENT, { detail: { name, props } }));
}

/** How long a query must stay without results to count: typing on replaces it. */
const SETTLE_MS = 1500;
let pending: { query: string; timer: ReturnType<typeof setTimeout> } | undefined;

function flush(): void {
  if (!pending) return;
  clearTimeout(pending.timer);
  const { query } = pending;
  pending = undefined;
  siteEvent('search-no-results', { query });
}

/**
 * The search dialog found nothing for `query`. Told once the reader stops typing (or leaves the
 * page): "kerfu", then "kerfuffle" counts one search, not one per key.
 */
export function searchFoundNothing(query: string): void {
  if (pending) clearTimeout(pending.timer);
  pending = { query, timer: setTimeout(flush, SETTLE_MS) };
}

addEventListener('pagehide', flush);
