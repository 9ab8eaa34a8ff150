import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteSearch } from '../../src/mcp/search.ts';
import { folderReader } from '../../src/mcp/site-reader.ts';
import { titleKey } from '../../src/search/rank.ts';

/**
 * Does a query equal to a page's title bring that page first? Each indexed page of a built site
 * is searched by its title in its own site space, as the search dialog searches from that page,
 * through the site's own Pagefind script in Node and with the same re-ranking (SiteSearch, which
 * `offprint mcp` runs; src/search/rank.ts). A page counts as first when the first result is it
 * or another page of its site space with the same title, which nothing could tell apart.
 */
export interface TitleFirst {
  /** Pages searched: every page in the index. */
  pages: number;
  /** Pages whose title brought them first. */
  first: number;
  /** Pages whose title is another page's in the same site space. */
  sharedTitles: number;
  /** The pages that were not first, and what was. */
  misses: { title: string; path: string; got?: string }[];
}

interface IndexedPage {
  /** URL path relative to the site root, as Pagefind indexed it (`guides/install/`). */
  path: string;
  title: string;
  space: string;
}

/** Bytes of index files one search sandbox takes in before it starts afresh (as `offprint mcp`). */
const SEARCH_BUDGET = 64 * 1024 * 1024;

export async function titleFirst(outDir: string): Promise<TitleFirst> {
  const pages = await indexedPages(outDir);
  const byTitle = new Map<string, number>();
  const titleIn = (page: IndexedPage) => `${page.space}\n${titleKey(page.title)}`;
  for (const page of pages) byTitle.set(titleIn(page), (byTitle.get(titleIn(page)) ?? 0) + 1);
  const search = new SiteSearch(await folderReader(outDir), () => {}, SEARCH_BUDGET);
  const result: TitleFirst = { pages: pages.length, first: 0, sharedTitles: 0, misses: [] };
  try {
    for (const page of pages) {
      const shared = (byTitle.get(titleIn(page)) ?? 0) > 1;
      if (shared) result.sharedTitles += 1;
      const [top] = (await search.search(page.title, 1, { space: page.space })).hits;
      const sameTitle = shared && top !== undefined && titleKey(top.title) === titleKey(page.title);
      if (top?.path === page.path || sameTitle) result.first += 1;
      else result.misses.push({ title: page.title, path: page.path, got: top?.path });
    }
  } finally {
    search.close();
  }
  return result;
}

/**
 * The pages of a built site that are in its search index: each page's search body
 * (`<main data-pagefind-body>`) and the scope span in it (src/search/scope.ts), which names the
 * page's title and site space as the index has them.
 */
async function indexedPages(outDir: string): Promise<IndexedPage[]> {
  const pages: IndexedPage[] = [];
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const html = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
    if (!/<main[^>]*\sdata-pagefind-body/.test(html)) continue;
    const span = /<span hidden data-op-search-scope[^>]*>/.exec(html)?.[0];
    const title = span && attribute(span, 'data-title');
    const space = span && attribute(span, 'data-space');
    if (title === undefined || space === undefined) continue;
    const file = path.relative(outDir, path.join(entry.parentPath, entry.name));
    pages.push({
      path: file
        .split(path.sep)
        .join('/')
        .replace(/index\.html$/, ''),
      title,
      space,
    });
  }
  return pages.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** An attribute as searchScopeHtml writes it: quoted, only `&` and `"` escaped. */
function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];
  return value?.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}
