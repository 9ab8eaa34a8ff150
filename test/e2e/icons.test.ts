import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Element } from 'hast';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawIcon } from '../../src/markdown/icons.ts';
import { pull } from '../../src/pull/index.ts';
import { type RenderResult, render } from '../../src/render/index.ts';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';
import { launchBrowser, requireChromium } from '../helpers/browser.ts';
import { snapshotBase } from '../helpers/built-site.ts';
import { shareLinksOf } from '../helpers/example.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';
import { EXAMPLE_DIR, startPlatform, TOKEN } from '../helpers/platform.ts';

/**
 * The Mission Planner home page's cards (examples/site/spaces/mission-planner/README.md) name
 * Font Awesome Pro icons and brand logos that Font Awesome Free does not have (`message-bot`,
 * `octagon-check`, `brain-circuit`; `claude`, `chatgpt`, `cursor`): each card shows an icon of
 * its own, at phone and desktop widths, light and dark, none of them the neutral dot.
 */
describe('icons outside the free sets, on a cards row', () => {
  let browser: Browser;
  let server: StaticServer;
  let result: RenderResult;
  let cleanup: () => Promise<void>;
  const ROW = ['Ask the planner', 'Checked as you drag', 'Nightjar order', 'From your agent'];
  const neutral = drawIcon('no-such-icon')?.svg.children[0] as Element | undefined;
  const NEUTRAL_PATH = String(neutral?.properties.d);

  beforeAll(async () => {
    requireChromium();
    const temp = await tempDir('offprint-icons-');
    // The preview site is light only (`themes.default: light`); a copy follows the reader's
    // scheme, so that the dark runs below draw the icons on a dark page.
    const folder = await copyFolder(EXAMPLE_DIR, path.join(temp.dir, 'site'));
    const siteFile = path.join(folder, 'sites', 'preview.yaml');
    await writeFile(
      siteFile,
      (await readFile(siteFile, 'utf8')).replace('default: light', 'default: system'),
    );
    const platform = await startPlatform({ dir: folder });
    try {
      // The row is on the share-link site, which the global setup's build does not cover.
      const { siteId, active } = await shareLinksOf(folder);
      const cacheDir = path.join(temp.dir, 'cache');
      const outDir = path.join(temp.dir, 'dist');
      await pull({
        apiUrl: platform.url,
        token: TOKEN,
        shareKey: active[0]?.key as string,
        organizationId: platform.model.organizations()[0]?.id as string,
        siteId,
        cacheDir,
      });
      result = await render({ cacheDir, outDir });
      server = await serveStatic({ dir: outDir, base: await snapshotBase(cacheDir) });
    } finally {
      await platform.close();
    }
    browser = await launchBrowser();
    cleanup = temp.cleanup;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await cleanup?.();
  });

  it('builds without a warning and names the Pro icons once, in a note', () => {
    expect(result.warnings).toEqual([]);
    const notes = result.notes.filter((note) => note.startsWith('icons: '));
    expect(notes).toEqual([
      'icons: 3 Font Awesome Pro icons are drawn as the nearest open glyph: "message-bot" as "mdi:assistant", "octagon-check" as "mdi:check-decagram", "brain-circuit" as "mdi:brain"',
    ]);
  });

  /** Each card's icons: their paths, and a picture of each as Chromium drew it. */
  async function cardIcons(page: Page) {
    const cards = page.locator('.op-card').filter({ hasText: new RegExp(ROW.join('|')) });
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(ROW.length);
    const icons = cards.locator('svg.op-icon');
    await expect.poll(() => icons.count()).toBe(6);
    const found: { card: string; d: string; width: number; height: number; color: string }[] = [];
    const pictures: string[] = [];
    for (let i = 0; i < 6; i++) {
      const icon = icons.nth(i);
      await icon.scrollIntoViewIfNeeded();
      found.push(
        await icon.evaluate((svg) => {
          const box = svg.getBoundingClientRect();
          return {
            card: (svg.closest('.op-card')?.textContent ?? '').trim().slice(0, 20),
            d: [...svg.querySelectorAll('path')].map((p) => p.getAttribute('d')).join(' '),
            width: box.width,
            height: box.height,
            color: getComputedStyle(svg).color,
          };
        }),
      );
      pictures.push((await icon.screenshot()).toString('base64'));
    }
    return { found, pictures };
  }

  for (const width of [390, 1440]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`shows six distinct icons at ${width} px, ${scheme}`, async () => {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          colorScheme: scheme,
        });
        try {
          const page = await context.newPage();
          page.setDefaultTimeout(20_000);
          await page.goto(new URL('.', server.url).href);
          await page.getByText('Ways to plan').first().waitFor();
          const background = await page.evaluate(
            () => getComputedStyle(document.body).backgroundColor,
          );
          const [red = 0] = (background.match(/\d+/g) ?? []).map(Number);
          expect(red < 100, background).toBe(scheme === 'dark');
          const { found, pictures } = await cardIcons(page);
          expect(new Set(found.map((icon) => icon.d)).size).toBe(6);
          expect(found.filter((icon) => icon.d === NEUTRAL_PATH)).toEqual([]);
          for (const icon of found) {
            expect(icon.width, icon.card).toBeGreaterThan(8);
            expect(icon.height, icon.card).toBeGreaterThan(8);
            expect(icon.color, icon.card).not.toBe('rgba(0, 0, 0, 0)');
          }
          // Drawn differently, not only written differently.
          expect(new Set(pictures).size).toBe(6);
          // The agent card shows its three logos in one row of the card.
          const agent = found.slice(3);
          expect(agent.map((icon) => icon.card)).toEqual(Array(3).fill(agent[0]?.card));
        } finally {
          await context.close();
        }
      });
    }
  }
});
