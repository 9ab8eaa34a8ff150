/**
 * Page trees arrive nested (`pages` inside `pages`). The schema check and everything after it
 * walk them recursively, so a hostile tree thousands of levels deep would overflow the stack
 * with an error that names nothing. Before validation, children below `MAX_PAGE_DEPTH` levels
 * are cut off here, iteratively, and each cut is reported by the page that lost its children.
 */

/** Deeper than any reader can navigate; far below what recursion can take. */
export const MAX_PAGE_DEPTH = 50;

/**
 * Cuts the children of every page at depth `maxDepth` (roots are depth 1) in a response body
 * that carries `pages`. Returns one line per cut, naming the page; mutates `body`.
 */
export function pruneDeepPages(body: unknown, maxDepth = MAX_PAGE_DEPTH): string[] {
  if (!isRecord(body) || !Array.isArray(body.pages)) return [];
  const cuts: string[] = [];
  const stack: { pages: unknown[]; depth: number }[] = [{ pages: body.pages, depth: 1 }];
  while (stack.length > 0) {
    const { pages, depth } = stack.pop() as { pages: unknown[]; depth: number };
    for (const page of pages) {
      if (!isRecord(page) || !Array.isArray(page.pages) || page.pages.length === 0) continue;
      if (depth < maxDepth) {
        stack.push({ pages: page.pages, depth: depth + 1 });
        continue;
      }
      cuts.push(
        `page ${JSON.stringify(String(page.title ?? page.id))} (id ${String(page.id)}) is nested ${maxDepth} levels deep: ` +
          `its ${page.pages.length} child page(s) and their descendants are left out`,
      );
      page.pages = [];
    }
  }
  return cuts;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
