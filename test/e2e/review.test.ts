import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addAxe, axeViolations } from '../helpers/axe.ts';
import { launchBrowser, notShown, shown } from '../helpers/browser.ts';
import { buildCustomized, type CustomizedBuild } from '../helpers/customized-build.ts';

/**
 * Reviewing a change request from its preview (docs/change-requests.md): the example's request
 * #1 on `api` edits Payloads (a paragraph added, one removed, one changed), renames "Pagination
 * and rate limits", adds Flight manifests, moves Webhooks (a new slug) and removes SDKs.
 * Screenshots go to test-results/screenshots/.
 */

const SCREENSHOTS = path.resolve('test-results/screenshots');

/** Whether the element's top is in the window (below the sticky header where there is one). */
function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const { top } = el.getBoundingClientRect();
    return top >= 0 && top < window.innerHeight - 40;
  });
}
describe("a change request's preview", () => {
  let preview: CustomizedBuild;
  let browser: Browser;
  const PAYLOADS = 'api/endpoints/payloads/';
  const REMOVED_TEXT = 'The API does not check mass yet';
  const ADDED_TEXT = 'The API checks massKg against the Lodestar mass model';
  const RENAMED = 'api/rate-limits/';
  const OLD_TITLE = 'Pagination and rate limits';
  const NEW_TITLE = 'Request limits and pagination';

  beforeAll(async () => {
    [preview, browser] = await Promise.all([
      buildCustomized(() => {}, { changeRequest: { spaceId: 'api', changeRequestId: '1' } }),
      launchBrowser(),
      mkdir(SCREENSHOTS, { recursive: true }),
    ]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
  });

  async function open(
    url: string,
    options: { dark?: boolean; script?: boolean; width?: number } = {},
  ) {
    const width = options.width ?? 1280;
    const context = await browser.newContext({
      colorScheme: options.dark ? 'dark' : 'light',
      javaScriptEnabled: options.script !== false,
      viewport: { width, height: width < 500 ? 844 : 900 },
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
        url: '/docs/api/rate-limits/',
        title: NEW_TITLE,
        change: 'edited',
        path: 'rate-limits',
        // Its title alone changed: the page's `# Title` line, no block of its body.
        previousTitle: OLD_TITLE,
        blocksAdded: 0,
        blocksRemoved: 0,
      },
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
      'change request #1: 1 added, 2 edited, 1 moved, 1 removed',
    );
    expect(preview.result.changes).toContain(
      `  edited  rate-limits (title "${NEW_TITLE}", was "${OLD_TITLE}")  https://docs.acme-rockets.example/docs/api/rate-limits/`,
    );
  });

  it('lists the same pages on the changes page, read without script, and leads to the removed page as it was', async () => {
    const { page, close } = await open('_changes/', { script: false });
    const listed = async (kind: string) =>
      page.locator(`ul.op-changes[data-change="${kind}"] > li > a`).allInnerTexts();
    await expect(listed('added')).resolves.toEqual(['Flight manifests']);
    await expect(listed('edited')).resolves.toEqual([NEW_TITLE, 'Payloads']);
    await expect(listed('moved')).resolves.toEqual(['Webhooks']);
    await expect(listed('removed')).resolves.toEqual(['SDKs']);
    await expect(page.locator('ul.op-changes li').count()).resolves.toBe(5);
    const edited = page.locator('ul.op-changes[data-change="edited"] > li');
    await expect(edited.nth(0).innerText()).resolves.toContain(`Renamed from “${OLD_TITLE}”`);
    // Counted in their plural forms: "1 block", never "1 blocks".
    await expect(edited.nth(1).innerText()).resolves.toContain(
      '3 blocks added, 1 block removed, and 1 block changed',
    );
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

  for (const dark of [false, true]) {
    const scheme = dark ? 'dark' : 'light';
    for (const width of [390, 1440]) {
      it(`tells the sidebar's marks apart by shape and name, not colour alone, at ${width} px in ${scheme}`, async () => {
        const { page, close } = await open(PAYLOADS, { dark, width });
        // At phone width the sidebar is in the menu.
        if (width < 500) {
          await page.locator('[data-op-menu]').click();
          await shown(page.locator('dialog.op-drawer'));
        }
        const link = (title: string) => page.locator('.op-sidebar .op-nav a', { hasText: title });
        const glyphs: string[] = [];
        for (const [title, kind, glyph] of [
          [NEW_TITLE, 'Edited', '~'],
          ['Payloads', 'Edited', '~'],
          ['Flight manifests', 'Added', '+'],
          ['Webhooks', 'Moved', '→'],
        ] as const) {
          const mark = link(title).first().locator('.op-nav-change');
          await shown(mark);
          // A glyph drawn in a badge (a box a reader can see), and a name for screen readers.
          await expect(mark.locator('.op-nav-change__glyph').innerText()).resolves.toBe(glyph);
          const box = await mark.boundingBox();
          expect(box?.width, title).toBeGreaterThanOrEqual(12);
          expect(box?.height, title).toBeGreaterThanOrEqual(12);
          await expect(
            page
              .locator('.op-sidebar')
              .getByRole('link', { name: new RegExp(`${title}\\s*\\(${kind}\\)`) })
              .count(),
          ).resolves.toBeGreaterThanOrEqual(1);
          glyphs.push(glyph);
        }
        expect(new Set(glyphs).size).toBe(3);
        await close();
      });

      it(`reports a renamed page's old title on the page at ${width} px in ${scheme}`, async () => {
        const { page, close } = await open(RENAMED, { dark, width });
        await shown(page.getByRole('heading', { level: 1, name: NEW_TITLE }));
        const notice = page.locator('.op-change-notice');
        await shown(notice);
        await expect(notice.innerText()).resolves.toContain(`Renamed from “${OLD_TITLE}”`);
        // No block of its body changed: nothing to show or to go to.
        await expect(page.getByLabel('Show changes').count()).resolves.toBe(0);
        await expect(page.locator('[data-op-change-nav]').count()).resolves.toBe(0);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `review-renamed-${width}-${scheme}.png`),
        });
        await close();
      });

      it(`goes from one changed place to the next, and back to the first, at ${width} px in ${scheme}`, async () => {
        const { page, close } = await open(PAYLOADS, { dark, width });
        const next = page.getByRole('button', { name: 'Next change' });
        const position = page.locator('[data-op-change-nav] [role="status"]');
        await shown(next);
        await expect(page.getByLabel('Show changes').isChecked()).resolves.toBe(false);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `review-edited-${width}-${scheme}.png`),
        });
        // Three places: the removed paragraph, the added section, the changed sentence.
        const places = [REMOVED_TEXT, 'Mass limits', 'Mass above the checked limit'];
        for (const [i, text] of [...places, places[0] as string].entries()) {
          // The keyboard presses it as well as the mouse; it keeps focus to be pressed again.
          if (i % 2 === 0) await next.click();
          else await next.press('Enter');
          const index = (i % places.length) + 1;
          await expect
            .poll(() => position.textContent(), { timeout: 5000 })
            .toBe(`Change ${index} of 3`);
          const current = page.locator('[data-op-change-current]', { hasText: text }).first();
          await shown(current);
          await expect.poll(() => inView(current), { timeout: 5000 }).toBe(true);
          await expect(next.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
          // Only the place it is at is outlined: its blocks, one after another.
          await expect(page.locator('[data-op-change-current]').count()).resolves.toBe(
            [1, 3, 2][index - 1],
          );
          if (i === 1)
            await page.screenshot({
              path: path.join(SCREENSHOTS, `review-next-change-${width}-${scheme}.png`),
            });
        }
        // Going to a change turned "Show changes" on: the removed blocks are shown.
        await expect(page.getByLabel('Show changes').isChecked()).resolves.toBe(true);
        await shown(page.locator('.op-change-removed', { hasText: REMOVED_TEXT }));
        // On paper: the notice, without its switch and button.
        await page.emulateMedia({ media: 'print' });
        await notShown(next);
        await notShown(page.getByLabel('Show changes'));
        await shown(page.locator('.op-change-notice__text'));
        await close();
      });
    }
  }

  it('lays the review pages out at 1920 px too', async () => {
    for (const dark of [false, true]) {
      const scheme = dark ? 'dark' : 'light';
      const { page, close } = await open(PAYLOADS, { dark, width: 1920 });
      await shown(page.getByRole('button', { name: 'Next change' }));
      await page.screenshot({ path: path.join(SCREENSHOTS, `review-edited-1920-${scheme}.png`) });
      await page.goto(preview.at('_changes/'));
      await shown(page.locator('ul.op-changes').first());
      await page.screenshot({ path: path.join(SCREENSHOTS, `review-changes-1920-${scheme}.png`) });
      await close();
    }
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
    // The removed paragraph's own word is not indexed with its page (Pagefind may still offer
    // another page for a near word: the API reference's "quaternion").
    await expect(hits('quayside')).resolves.not.toContain('/docs/api/endpoints/payloads/');
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
