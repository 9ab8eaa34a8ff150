import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addAxe, axeViolations } from '../helpers/axe.ts';
import { launchBrowser, notShown, shown } from '../helpers/browser.ts';
import { buildCustomized, type CustomizedBuild } from '../helpers/customized-build.ts';

/**
 * Reviewing a change request from its preview (docs/change-requests.md): the example's request
 * #1 on `api` edits Payloads (a paragraph added, one removed, one changed), adds Flight
 * manifests, moves Webhooks (a new slug) and removes SDKs.
 */
describe("a change request's preview", () => {
  let preview: CustomizedBuild;
  let browser: Browser;
  const PAYLOADS = 'api/endpoints/payloads/';
  const REMOVED_TEXT = 'The API does not check mass yet';
  const ADDED_TEXT = 'The API checks massKg against the Lodestar mass model';

  beforeAll(async () => {
    [preview, browser] = await Promise.all([
      buildCustomized(() => {}, { changeRequest: { spaceId: 'api', changeRequestId: '1' } }),
      launchBrowser(),
    ]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
  });

  async function open(url: string, options: { dark?: boolean; script?: boolean } = {}) {
    const context = await browser.newContext({
      colorScheme: options.dark ? 'dark' : 'light',
      javaScriptEnabled: options.script !== false,
    });
    await addAxe(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(preview.at(url));
    return { page, close: () => context.close() };
  }

  it('lists in changes.json exactly the pages the request added, edited, moved or removed', async () => {
    const json = JSON.parse(await readFile(path.join(preview.outDir, 'changes.json'), 'utf8'));
    expect(json.changeRequest).toEqual({
      number: 1,
      subject: 'Document mass limits and flight manifests',
      outdated: false,
    });
    const pages = json.pages.map((page: Record<string, unknown>) => ({
      ...page,
      url: new URL(page.url as string).pathname,
    }));
    expect(pages).toEqual([
      {
        url: '/docs/api/endpoints/payloads/',
        title: 'Payloads',
        change: 'edited',
        path: 'endpoints/payloads',
        // Three blocks added and one changed; one removed and the changed one's old text.
        blocksAdded: 4,
        blocksRemoved: 2,
      },
      {
        url: '/docs/api/endpoints/manifests/',
        title: 'Flight manifests',
        change: 'added',
        path: 'endpoints/manifests',
        blocksAdded: 0,
        blocksRemoved: 0,
      },
      {
        url: '/docs/api/endpoints/events/',
        title: 'Webhooks',
        change: 'moved',
        path: 'endpoints/events',
        previousPath: 'endpoints/webhooks',
        blocksAdded: 0,
        blocksRemoved: 0,
      },
      {
        url: '/docs/_changes/removed/sdks/',
        title: 'SDKs',
        change: 'removed',
        path: 'sdks',
        blocksAdded: 0,
        blocksRemoved: 0,
      },
    ]);
    expect(preview.result.changes?.[0]).toBe(
      'change request #1: 1 added, 1 edited, 1 moved, 1 removed',
    );
  });

  it('lists the same pages on the changes page, read without script, and leads to the removed page as it was', async () => {
    const { page, close } = await open('_changes/', { script: false });
    const listed = async (kind: string) =>
      page.locator(`ul.op-changes[data-change="${kind}"] > li > a`).allInnerTexts();
    await expect(listed('added')).resolves.toEqual(['Flight manifests']);
    await expect(listed('edited')).resolves.toEqual(['Payloads']);
    await expect(listed('moved')).resolves.toEqual(['Webhooks']);
    await expect(listed('removed')).resolves.toEqual(['SDKs']);
    await expect(page.locator('ul.op-changes li').count()).resolves.toBe(4);
    await page.getByRole('link', { name: 'SDKs', exact: true }).click();
    await page.waitForURL(/\/_changes\/removed\/sdks\/$/);
    await shown(page.getByRole('heading', { name: 'SDKs', level: 1 }));
    await shown(page.locator('.op-change-notice[data-change="removed"]'));
    await close();
  });

  it('marks the added paragraph and shows the removed one on an edited page only while "Show changes" is on', async () => {
    const { page, close } = await open(PAYLOADS);
    const removed = page.locator('.op-change-removed', { hasText: REMOVED_TEXT });
    const added = page.locator('[data-change="added"]', { hasText: ADDED_TEXT });
    const background = () => added.evaluate((el) => getComputedStyle(el).backgroundColor);
    await shown(page.getByText(ADDED_TEXT));
    await notShown(removed);
    const plain = await background();
    await page.getByLabel('Show changes').check();
    await shown(removed);
    await expect.poll(background, { timeout: 5000 }).not.toBe(plain);
    await expect(removed.evaluate((el) => getComputedStyle(el).textDecorationLine)).resolves.toBe(
      'line-through',
    );
    await page.getByLabel('Show changes').uncheck();
    await notShown(removed);
    await expect.poll(background, { timeout: 5000 }).toBe(plain);
    await close();
  });

  it('marks the pages it added, edited and moved in the sidebar', async () => {
    const { page, close } = await open('api/');
    const mark = (title: string) =>
      page.locator('.op-nav a', { hasText: title }).locator('.op-nav-change');
    await expect(mark('Payloads').getAttribute('data-change')).resolves.toBe('edited');
    await expect(mark('Flight manifests').getAttribute('data-change')).resolves.toBe('added');
    await expect(mark('Webhooks').first().getAttribute('data-change')).resolves.toBe('moved');
    await expect(mark('Missions').count()).resolves.toBe(0);
    await close();
  });

  it("keeps search, the .md copies and llms-full.txt to the request's content, without the marks", async () => {
    const read = (file: string) => readFile(path.join(preview.outDir, file), 'utf8');
    const copy = await read('api/endpoints/payloads.md');
    expect(copy).toContain('Lodestar mass model');
    expect(copy).not.toContain(REMOVED_TEXT);
    const full = await read('llms-full.txt');
    expect(full).toContain('Lodestar mass model');
    expect(full).not.toContain(REMOVED_TEXT);
    expect(full).not.toMatch(/op-change|data-change/);
    // The review's own pages are no pages of the site: not in the sitemap's llms.txt list either.
    expect(await read('llms.txt')).not.toContain('_changes');

    const { page, close } = await open(PAYLOADS);
    // Pagefind's own API in the page (a string: the test runner would rewrite an `import()`).
    const hits = (term: string): Promise<string[]> =>
      page.evaluate(`(async () => {
        const pagefind = await import('/docs/pagefind/pagefind.js');
        const found = await pagefind.search(${JSON.stringify(term)});
        return Promise.all(found.results.map(async (r) => (await r.data()).url));
      })()`);
    await expect(hits('Lodestar')).resolves.toContain('/docs/api/endpoints/payloads/');
    // The removed paragraph's own word is in no indexed page.
    await expect(hits('quayside')).resolves.toEqual([]);
    await close();
  });

  for (const dark of [false, true]) {
    it(`passes axe on the changes page and on an edited page with its changes shown (${dark ? 'dark' : 'light'})`, async () => {
      const { page, close } = await open('_changes/', { dark });
      await shown(page.locator('ul.op-changes').first());
      await expect(axeViolations(page)).resolves.toEqual([]);
      await page.goto(preview.at(PAYLOADS));
      await page.getByLabel('Show changes').check();
      await shown(page.locator('.op-change-removed').first());
      await expect(axeViolations(page)).resolves.toEqual([]);
      await close();
    });
  }

  it('is not in the published build: no changes page, no changes.json, no marks', async () => {
    const { outDir } = inject('exampleBuild');
    const entries = await readdir(outDir);
    expect(entries).not.toContain('changes.json');
    expect(entries).not.toContain('_changes');
    const html = await readFile(path.join(outDir, 'api/endpoints/payloads/index.html'), 'utf8');
    expect(html).not.toMatch(/data-change|op-change|op-nav-change|Show changes/);
  });
});
