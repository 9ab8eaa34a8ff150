/**
 * Pagefind ranks by the words' weight on the page (BM25): a query equal to a page's title can
 * rank that page under a longer page whose title and headings repeat the words ("Telemetry"
 * under "Telemetry webhooks"). Pagefind's ranking options cannot tell an exact title from a
 * heading, so the dialog reorders the results it shows: pages titled exactly as the query first,
 * then titles that begin with it, each group in Pagefind's order.
 */

/** Case, accents and spacing aside. */
function key(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function titleMatchesFirst<T extends { meta: { title?: string } }>(
  pages: T[],
  term: string,
): T[] {
  const query = key(term);
  if (!query) return pages;
  const tier = (page: T) => {
    const title = key(page.meta.title ?? '');
    if (title === query) return 0;
    return title.startsWith(query) ? 1 : 2;
  };
  return pages
    .map((page, index) => ({ page, index, tier: tier(page) }))
    .sort((a, b) => a.tier - b.tier || a.index - b.index)
    .map(({ page }) => page);
}
