/**
 * Pagefind ranks by the words' weight on the page (BM25): a query equal to a page's title can
 * rank that page under a longer page whose title and headings repeat the words ("Telemetry"
 * under "Telemetry webhooks"), or, on a large site where every page holds the query's words,
 * past its first results altogether ("Archive a metric" 82nd: every query word is also a prefix,
 * and "a" matches every word beginning with an a). Pagefind's ranking options cannot tell an exact
 * title from a heading, so whoever shows results reorders them: it reads the data of
 * `candidates` (Pagefind's first results, and later ones whose text opens with the query's
 * words, as a page titled so does) and puts pages titled exactly as the query first, then titles
 * that begin with it, each group in Pagefind's order (`titleMatchesFirst`). The search dialog
 * (themes/default/scripts/search.ts) and `offprint mcp`'s `search_docs` (src/mcp/search.ts)
 * both do, so a reader and an assistant get the same order. Plain code with no Node or DOM,
 * since the browser runs it too.
 */

/** Pagefind's first results read to find a title match among (each is one small fragment). */
export const CANDIDATES = 16;
/** Later results read as well when their text opens with the query's words. */
export const TITLE_CANDIDATES = 8;

/** Case, accents and spacing aside. */
export function titleKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The results whose data to read for `term`: the first `CANDIDATES`, then up to
 * `TITLE_CANDIDATES` later ones whose matched words (`words`, Pagefind's word positions on the
 * page, in order) hold the first positions of the page, one for each word of the query. A page's
 * indexed text begins with its title (src/search/document.ts), so this finds a page titled as
 * the query wherever Pagefind ranked it, without reading any other page's data.
 */
export function candidates<T extends { words?: readonly number[] }>(
  results: readonly T[],
  term: string,
): T[] {
  const words = term.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  const later = results
    .slice(CANDIDATES)
    .filter((result) => opensPage(result.words, words))
    .slice(0, TITLE_CANDIDATES);
  return [...results.slice(0, CANDIDATES), ...later];
}

/** Whether the positions `0` to `count - 1` lead `positions` (Pagefind lists them in order). */
function opensPage(positions: readonly number[] | undefined, count: number): boolean {
  if (!positions || count === 0) return false;
  for (let at = 0; at < count; at++) if (positions[at] !== at) return false;
  return true;
}

/** `pages` reordered for `term`; a title that is not a string (untrusted metadata) matches none. */
export function titleMatchesFirst<T extends { meta: { title?: unknown } }>(
  pages: T[],
  term: string,
): T[] {
  return byTitle(pages, term, (page) => page.meta.title);
}

/**
 * A page's matched headings (Pagefind's sub-results) reordered the same way, so that the one
 * titled as the query (an operation searched by its name) is among the few shown.
 */
export function headingMatchesFirst<T extends { title?: unknown }>(
  headings: T[],
  term: string,
): T[] {
  return byTitle(headings, term, (heading) => heading.title);
}

function byTitle<T>(items: T[], term: string, titleOf: (item: T) => unknown): T[] {
  const query = titleKey(term);
  if (!query) return items;
  const tier = (item: T) => {
    const raw = titleOf(item);
    const title = typeof raw === 'string' ? titleKey(raw) : '';
    if (title === query) return 0;
    return title.startsWith(query) ? 1 : 2;
  };
  return items
    .map((item, index) => ({ item, index, tier: tier(item) }))
    .sort((a, b) => a.tier - b.tier || a.index - b.index)
    .map(({ item }) => item);
}
