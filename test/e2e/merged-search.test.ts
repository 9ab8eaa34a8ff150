import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MERGE_FILE } from '../../src/search/merge-list.ts';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';
import { launchBrowser, requireChromium, searchSettled, shown } from '../helpers/browser.ts';
import { serveExample, snapshotBase } from '../helpers/built-site.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';
import { type IndexedPage, pagesHolding, twoBundleSite } from '../helpers/merged-search.ts';

/**
 * The search dialog on a site whose search is two Pagefind bundles, laid out as a merge of a
 * site rendered in two parts lays them out (`pagefind/` and `pagefind/parts/2/`, the second
 * listed in `pagefind/offprint-bundles.json`), indexed from the built example by the real
 * indexer. The first bundle holds every other page of Guides v2 (the reader's site space) and
 * nothing else; the second the rest of Guides v2 and every other site space. So a search scoped
 * to Guides v2 needs both bundles, and only the second knows there is a site space to widen to.
 */
describe('searching a site whose search is several bundles', () => {
  let browser: Browser;
  let merged: StaticServer;
  let unsharded: StaticServer;
  let plain: StaticServer;
  let page: Page;
  let cleanup: () => Promise<void>;
  let siteDir: string;
  let first: IndexedPage[];
  let second: IndexedPage[];
  const pageErrors: string[] = [];

  const dialog = () => page.locator('dialog[data-op-search]');
  const input = () => page.locator('#op-search-input');
  const status = () => dialog().locator('[data-op-search-status]');
  const scopeControl = () => dialog().locator('[data-op-search-scope-control]');
  const pageResults = () => dialog().locator('.op-search__result:not(.op-search__result--sub)');
  const resultTitles = () => pageResults().locator('.op-search__result-title');

  /** The shown pages' URL paths below the base, as the indexer named them (`/concepts/`). */
  const resultPaths = async () =>
    (
      await pageResults().evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''))
    ).map((href) => new URL(href, 'http://site').pathname.replace(/^\/docs/, ''));

  async function openSearch(server: StaticServer, at: string): Promise<void> {
    await page?.close();
    page = await browser.newPage();
    page.setDefaultTimeout(8000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(new URL(at, server.url).href);
    await page.getByRole('button', { name: 'Search' }).click();
    await shown(dialog());
  }

  async function search(term: string): Promise<void> {
    await input().fill(term);
    await searchSettled(page, term);
  }

  beforeAll(async () => {
    requireChromium();
    const { outDir, cacheDir } = inject('exampleBuild');
    const base = await snapshotBase(cacheDir);
    const temp = await tempDir('offprint-merged-search-');
    cleanup = temp.cleanup;
    let guides = 0;
    ({ siteDir, first, second } = await twoBundleSite(
      outDir,
      temp.dir,
      (indexed) => indexed.space !== 'guides-v2' || guides++ % 2 === 1,
    ));
    merged = await serveStatic({ dir: siteDir, base });
    // A site built before there was a merge file: its one bundle, no list.
    const before = await copyFolder(outDir, path.join(temp.dir, 'before'));
    await rm(path.join(before, 'pagefind', MERGE_FILE));
    plain = await serveStatic({ dir: before, base });
    unsharded = (await serveExample()).server;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([merged?.close(), plain?.close(), unsharded?.close()]);
    await cleanup?.();
  });

  it('finds pages of either bundle, and the page titled as the query first', async () => {
    // The first bundle alone has one site space: the control to widen the search is shown
    // because Pagefind counts the second bundle's site spaces too.
    expect(new Set(first.map((indexed) => indexed.space))).toEqual(new Set(['guides-v2']));
    await openSearch(merged, 'getting-started/install/');
    await shown(scopeControl());
    await dialog().getByLabel('Search the whole site').check();
    // Marlinspike is on pages of Guides v1 only, all in the second bundle: they come first.
    const holding = await pagesHolding(siteDir, [...first, ...second], 'Marlinspike');
    expect(holding.length).toBeGreaterThan(0);
    for (const url of holding) expect(second.map((indexed) => indexed.url)).toContain(url);
    await search('Marlinspike');
    const found = await resultPaths();
    expect(new Set(found.slice(0, holding.length))).toEqual(new Set(holding));
    // A page of the first bundle, by its title.
    await search('Countdown procedure');
    await expect(resultTitles().first().textContent()).resolves.toBe('Countdown procedure');
    expect(first.map((indexed) => indexed.url)).toContain((await resultPaths())[0]);
    // Pagefind's merged order puts "Mission operations" first; the pages titled "Missions" are
    // in the second bundle.
    await search('Missions');
    await expect(resultTitles().first().textContent()).resolves.toBe('Missions');
    expect(pageErrors).toEqual([]);
  });

  it("keeps to the reader's site space across both bundles, and finds what the unsharded site finds", async () => {
    await openSearch(merged, 'getting-started/install/');
    await shown(scopeControl());
    await search('rocketctl');
    const found = await resultPaths();
    const guides = [...first, ...second].filter((indexed) => indexed.space === 'guides-v2');
    for (const url of found) expect(guides.map((indexed) => indexed.url)).toContain(url);
    // Pages of both bundles among those shown.
    expect(found.some((url) => first.some((indexed) => indexed.url === url))).toBe(true);
    expect(found.some((url) => second.some((indexed) => indexed.url === url))).toBe(true);
    const count = await status().textContent();

    await openSearch(unsharded, 'getting-started/install/');
    await search('rocketctl');
    await expect(status().textContent()).resolves.toBe(count);

    // Widened, the other site spaces' pages come in.
    await openSearch(merged, 'getting-started/install/');
    await dialog().getByLabel('Search the whole site').check();
    await search('rocketctl');
    await expect
      .poll(async () => (await resultPaths()).some((url) => url.startsWith('/guides/v1/')))
      .toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('searches a site without a merge file (built before there was one) as its one bundle', async () => {
    await openSearch(plain, 'getting-started/install/');
    await shown(scopeControl());
    await dialog().getByLabel('Search the whole site').check();
    await search('Marlinspike');
    await expect(status().textContent()).resolves.toMatch(/^\d+ pages? found$/);
    expect((await resultPaths()).length).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });
});
