import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pull } from '../../src/pull/index.ts';
import { render } from '../../src/render/index.ts';
import { serveStatic } from '../../src/serve/static.ts';
import { chromiumAvailable, launchBrowser } from '../../test/helpers/browser.ts';
import { titleFirst } from '../lib/title-first.ts';
import { withSyntheticSite } from './synthetic.ts';
import type { Benchmark, Figure } from './types.ts';

const SIZES = (process.env.OFFPRINT_BENCH_SEARCH_PAGES ?? '2000,10000').split(',').map(Number);
/** Every page searched by its title takes about 0.1 s a page on 2 cores: not on the largest site. */
const TITLE_FIRST_MAX_PAGES = 2000;

/**
 * The Pagefind index of synthetic sites: the render's search phase (seconds), the bundle's size,
 * what a reader downloads for a first search (pagefind.js, its wasm, the index and fragment
 * chunks for one query), measured in Chromium on the built site, and on sites of up to
 * `TITLE_FIRST_MAX_PAGES` how many pages their own title, searched in their site space, brings
 * first (scripts/lib/title-first.ts: the seeded site's titles are the queries).
 */
export const searchBenchmark: Benchmark = {
  name: 'search',
  description: `search index of synthetic sites of ${SIZES.join(' and ')} pages`,
  async run() {
    const figures: Figure[] = [];
    for (const pages of SIZES) {
      const site = { name: 'search', pages, seed: 3, pageSize: 1000 };
      await withSyntheticSite(site, async ({ api, work }) => {
        const cacheDir = path.join(work, 'cache');
        const outDir = path.join(work, 'dist');
        await pull({ ...api, cacheDir, concurrency: 16 });
        const result = await render({ cacheDir, outDir });
        const search = result.search;
        if (!search) throw new Error('a first render into a fresh directory always indexes');
        figures.push(
          {
            name: `${pages} pages: index time (search phase)`,
            value: result.phases.search,
            unit: 's',
          },
          { name: `${pages} pages: pages indexed`, value: search.pages, unit: 'pages' },
          { name: `${pages} pages: index size`, value: search.bytes, unit: 'bytes' },
          { name: `${pages} pages: index files`, value: search.files, unit: 'files' },
        );
        if (pages <= TITLE_FIRST_MAX_PAGES) figures.push(await titleFirstFigure(pages, outDir));
        const download = await firstSearchBytes(outDir, cacheDir);
        if (download)
          figures.push({
            name: `${pages} pages: first search download ("${download.term}")`,
            value: download.bytes,
            unit: 'bytes',
          });
      });
    }
    return figures;
  },
};

/** "title first: N of N", and each page that was not, printed. */
async function titleFirstFigure(pages: number, outDir: string): Promise<Figure> {
  const titles = await titleFirst(outDir);
  for (const miss of titles.misses)
    console.log(`  not first for its title: ${miss.path} "${miss.title}" (first: ${miss.got})`);
  return {
    name: `${pages} pages: title first, of ${titles.pages} (${titles.sharedTitles} share a title)`,
    value: titles.first,
    unit: 'pages',
  };
}

/** Opens the search dialog on the site's home page, searches one word, sums what came. */
async function firstSearchBytes(
  outDir: string,
  cacheDir: string,
): Promise<{ term: string; bytes: number } | undefined> {
  if (!chromiumAvailable()) return undefined;
  const term = await someIndexedWord(path.join(outDir, 'pagefind'));
  const siteFile = JSON.parse(await readFile(path.join(cacheDir, 'snapshot', 'site.json'), 'utf8'));
  const basename: string | undefined = siteFile.site?.basename;
  const base = basename ? `/${basename.replace(/^\/+|\/+$/g, '')}/` : '/';
  const server = await serveStatic({ dir: outDir, base });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const sizes: Promise<number>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith(`${base}pagefind/`))
        sizes.push(
          response.body().then(
            (body) => body.byteLength,
            () => 0,
          ),
        );
    });
    await page.goto(new URL(base, server.url).href);
    await page.keyboard.press('Control+k');
    await page.locator('#op-search-input').fill(term);
    await page.waitForSelector('dialog[data-op-search] [role="option"]', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    return { term, bytes };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** A word from the first indexed page's text, so the query finds something. */
async function someIndexedWord(bundle: string): Promise<string> {
  const [name] = (await readdir(path.join(bundle, 'fragment'))).sort();
  const raw = gunzipSync(await readFile(path.join(bundle, 'fragment', name as string))).toString();
  const { content } = JSON.parse(raw.slice('pagefind_dcd'.length)) as { content: string };
  const words = content.match(/\p{L}{6,}/gu) ?? ['search'];
  return words[Math.min(5, words.length - 1)] as string;
}
