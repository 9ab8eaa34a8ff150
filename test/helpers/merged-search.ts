import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { BUNDLE_DIR, SearchIndexer } from '../../src/search/index-site.ts';
import { writeMergeList } from '../../src/search/merge-list.ts';
import { copyFolder } from './fs.ts';

/** A page of a built site that its search indexes. */
export interface IndexedPage {
  /** Its HTML file, relative to the site (`guides/v2/concepts/index.html`). */
  file: string;
  /** Its URL path as Pagefind indexes it, without the site's base (`/guides/v2/concepts/`). */
  url: string;
  /** Its site space (`data-space` of its search scope). */
  space: string;
}

/** The pages of a built site that have a search body, in file order. */
export async function indexedPages(siteDir: string): Promise<IndexedPage[]> {
  const pages: IndexedPage[] = [];
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.relative(siteDir, path.join(entry.parentPath, entry.name));
    if (file.split(path.sep)[0] === BUNDLE_DIR) continue;
    const html = await readFile(path.join(siteDir, file), 'utf8');
    if (!html.includes('data-pagefind-body')) continue;
    const space = /<span hidden data-op-search-scope[^>]*\sdata-space="([^"]*)"/.exec(html)?.[1];
    if (space === undefined) throw new Error(`${file} has a search body but no site space`);
    const url = `/${file.split(path.sep).join('/')}`.replace(/index\.html$/, '');
    pages.push({ file, url, space });
  }
  return pages.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * A copy of the built site at `builtDir`, in `dir/site`, whose search is two Pagefind bundles
 * laid out as a merge of two parts lays them out: the pages `inSecond` picks indexed by the real
 * indexer into `pagefind/parts/2/` (written as a part's own `pagefind/`, then moved there), the
 * others into `pagefind/`, whose merge file lists the second.
 */
export async function twoBundleSite(
  builtDir: string,
  dir: string,
  inSecond: (page: IndexedPage, index: number) => boolean,
): Promise<{ siteDir: string; first: IndexedPage[]; second: IndexedPage[] }> {
  const siteDir = await copyFolder(builtDir, path.join(dir, 'site'));
  const pages = await indexedPages(siteDir);
  const second = pages.filter(inSecond);
  const first = pages.filter((page) => !second.includes(page));
  if (first.length === 0 || second.length === 0)
    throw new Error('each bundle needs a page: choose another split');
  const bundle = path.join(siteDir, BUNDLE_DIR);
  await rm(bundle, { recursive: true });
  await indexInto(siteDir, first, siteDir);
  const part = path.join(dir, 'part-2');
  await indexInto(siteDir, second, part);
  await mkdir(path.join(bundle, 'parts'));
  await rename(path.join(part, BUNDLE_DIR), path.join(bundle, 'parts', '2'));
  await writeMergeList(bundle, ['parts/2/']);
  return { siteDir, first, second };
}

/** Indexes `pages` of the site in `siteDir` into `outDir/pagefind/`. */
async function indexInto(siteDir: string, pages: IndexedPage[], outDir: string): Promise<void> {
  const indexer = await SearchIndexer.open();
  for (const page of pages)
    await indexer.add(page.file, await readFile(path.join(siteDir, page.file), 'utf8'));
  await indexer.write(outDir);
}

/** The URLs of those of `pages` whose HTML holds `word` (in any case). */
export async function pagesHolding(
  siteDir: string,
  pages: IndexedPage[],
  word: string,
): Promise<string[]> {
  const holding: string[] = [];
  for (const page of pages) {
    const html = await readFile(path.join(siteDir, page.file), 'utf8');
    if (html.toLowerCase().includes(word.toLowerCase())) holding.push(page.url);
  }
  return holding;
}
