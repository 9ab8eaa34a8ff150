import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { notShown, shown, useExampleBrowser } from '../helpers/browser.ts';
import { layoutShift, recordLayoutShift } from '../helpers/layout-shift.ts';

/**
 * Page covers and wide pages laid out as the platform lays them out (issue: reading on every
 * screen): a `background` cover behind the title and description, its night image in dark mode;
 * a wide page without an outline centred beside the sidebar; card grids that fill their row.
 * Screenshots of both pages go to test-results/screenshots/.
 */

const COVERED = 'concepts/launch-sites/';
const WIDE = 'concepts/rideshare-plans/';
const FULL = 'operations/scrubs/';
const SCREENSHOTS = path.resolve('test-results/screenshots');
const SCHEMES = ['light', 'dark'] as const;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function boxOf(page: Page, selector: string): Promise<Box> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const { left, top, right, bottom } = el.getBoundingClientRect();
      return { left, top, right, bottom };
    });
}

/** The cover image the reader sees: the one of the page's scheme, loaded. */
async function shownCover(page: Page) {
  const image = page.locator('.op-cover__image:visible');
  await shown(image);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('.op-cover__image')].some(
      (img) => img.checkVisibility() && img.complete && img.naturalWidth > 0,
    ),
  );
  return image;
}

/**
 * Which file the visible cover shows, by its name (`kourou-pad-night`): the system's picture
 * shows a variant of either scheme's file (its `<source media>` picks), so the shown image's
 * URL is matched to the folder of each scheme's original (the copies' `src`).
 */
async function coverShown(page: Page): Promise<string> {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll<HTMLImageElement>('.op-cover__image')].find((img) =>
      img.checkVisibility(),
    );
    const originals = [...document.querySelectorAll<HTMLImageElement>('.op-cover__image')].map(
      (img) => img.src,
    );
    const file = originals.find((src) =>
      shown?.currentSrc.startsWith(src.slice(0, src.lastIndexOf('/') + 1)),
    );
    return (file ?? '').replace(/^.*\//, '').replace(/\.\w+$/, '');
  });
}

/** Relative luminance of an sRGB colour (WCAG 2). */
function luminance([r, g, b]: number[]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
}

function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The lowest contrast between `text` and any pixel of the screenshot `png`. */
async function worstContrast(png: Buffer, text: number[]): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const ink = luminance(text);
  let worst = Number.POSITIVE_INFINITY;
  for (let i = 0; i < data.length; i += info.channels)
    worst = Math.min(
      worst,
      contrast(ink, luminance([data[i], data[i + 1], data[i + 2]] as number[])),
    );
  return worst;
}

describe('a background cover', () => {
  const example = useExampleBrowser();
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));

  for (const colorScheme of SCHEMES) {
    for (const width of [1440, 1920]) {
      it(`lies behind the title and description, readable, at ${width} px in ${colorScheme}`, async () => {
        const page = await example.open(undefined, { colorScheme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(example.at(COVERED));
        await shownCover(page);
        // The night photo in dark mode, the dusk one in light; one cover is shown.
        await expect(coverShown(page)).resolves.toBe(
          colorScheme === 'dark' ? 'kourou-pad-night' : 'kourou-pad-dusk',
        );
        await expect(page.locator('.op-cover__image:visible').count()).resolves.toBe(1);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `cover-background-${width}-${colorScheme}.png`),
        });

        const cover = await boxOf(page, '.op-cover__image:visible');
        const main = await boxOf(page, '.op-main');
        // The content column's width, the height the page gives it (coverHeight: 320).
        expect(cover.left).toBeCloseTo(main.left, 0);
        expect(cover.right).toBeCloseTo(main.right, 0);
        expect(cover.bottom - cover.top).toBeCloseTo(320, 0);
        for (const part of ['.op-title', '.op-description']) {
          const text = await boxOf(page, `.op-page-header ${part}`);
          expect(text.left, part).toBeGreaterThanOrEqual(cover.left);
          expect(text.right, part).toBeLessThanOrEqual(cover.right);
          expect(text.top, part).toBeGreaterThanOrEqual(cover.top);
          expect(text.bottom, part).toBeLessThanOrEqual(cover.bottom);
        }
        // The content starts below the cover, not beside it.
        const first = await boxOf(page, '.op-content > p');
        expect(first.top).toBeGreaterThanOrEqual(cover.bottom);
        // Readable: the text's colour against every pixel drawn behind it, the text hidden.
        const ink = await page
          .locator('.op-page-header .op-title')
          .evaluate((el) => (getComputedStyle(el).color.match(/\d+/g) ?? []).map(Number));
        await page.addStyleTag({
          content: '.op-page-header--over-cover > * { color: transparent !important; }',
        });
        for (const part of ['.op-title', '.op-description']) {
          const behind = await page.locator(`.op-page-header ${part}`).screenshot();
          expect(await worstContrast(behind, ink), part).toBeGreaterThanOrEqual(4.5);
        }
      });
    }
  }

  it('follows the theme toggle: the night image once the reader picks dark', async () => {
    const page = await example.open(COVERED, { colorScheme: 'light' });
    await shownCover(page);
    const toggle = page.locator('.op-theme-toggle');
    while ((await toggle.getAttribute('data-state')) !== 'dark') await toggle.click();
    // The night photo's copy, the system's (light) picture hidden.
    await shown(page.locator('.op-scheme-only-dark .op-cover__image[src*="kourou-pad-night"]'));
    await notShown(page.locator('.op-scheme-system .op-cover__image'));
    await expect(page.locator('.op-cover__image:visible').count()).resolves.toBe(1);
  });

  it('moves its crop by the cover yPos, never past the image edge', async () => {
    const page = await example.open(undefined, { colorScheme: 'light' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(example.at(COVERED));
    const image = await shownCover(page);
    const shot = async (y?: number) => {
      if (y !== undefined)
        await image.evaluate((img, value) => img.style.setProperty('--op-cover-y', value), `${y}`);
      return image.screenshot({ animations: 'disabled' });
    };
    const asPublished = await shot();
    const centred = await shot(0);
    expect(asPublished.equals(centred)).toBe(false);
    // Far past the image's edge, the crop stops at it: the top of the image, then its bottom.
    const top = await shot(100_000);
    expect((await shot(1_000_000)).equals(top)).toBe(true);
    const bottom = await shot(-100_000);
    expect((await shot(-1_000_000)).equals(bottom)).toBe(true);
    expect(top.equals(bottom)).toBe(false);
    // No strip of page background shows above the image held at its top (mid-width: the
    // corners are rounded off; the second row: the box starts between two pixels).
    const { width = 2 } = await sharp(top).metadata();
    const { data } = await sharp(top)
      .extract({ left: Math.floor(width / 2), top: 1, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const background = await page.evaluate(() =>
      (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number),
    );
    expect([...data]).not.toEqual(background);
  });

  it('at 390 px: no horizontal scroll, and the page does not move when the image arrives', async () => {
    for (const colorScheme of SCHEMES) {
      const page = await example.open(undefined, { colorScheme });
      await recordLayoutShift(example.context);
      await page.setViewportSize({ width: 390, height: 844 });
      // The cover held back until the page's first layout is read.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/.*\.(webp|png)$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(example.at(COVERED), { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => document.fonts.status === 'loaded');
      const before = await boxOf(page, '.op-content');
      release();
      await shownCover(page);
      expect(await boxOf(page, '.op-content'), colorScheme).toEqual(before);
      expect(await layoutShift(page), colorScheme).toBeLessThanOrEqual(0.01);
      const [scroll, client] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scroll, colorScheme).toBeLessThanOrEqual(client);
      await page.screenshot({
        path: path.join(SCREENSHOTS, `cover-background-390-${colorScheme}.png`),
      });
    }
  });

  // axe checks the cover and wide pages, their covers shown, in both schemes with every other
  // page (test/e2e/axe.test.ts).
});

describe('a full cover', () => {
  const example = useExampleBrowser();
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));

  for (const colorScheme of SCHEMES) {
    for (const width of [1440, 1920]) {
      it(`heads the page beside the sidebar, across the content and outline, at ${width} px in ${colorScheme}`, async () => {
        const page = await example.open(undefined, { colorScheme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(example.at(FULL));
        await shownCover(page);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `cover-full-${width}-${colorScheme}.png`),
        });
        const cover = await boxOf(page, '.op-cover--full');
        const sidebar = await boxOf(page, '.op-page > .op-sidebar');
        const main = await boxOf(page, '.op-main');
        const outline = await boxOf(page, '.op-outline');
        const header = await boxOf(page, '.op-header');
        // Beside the sidebar, which keeps its column from the top; over the content and the
        // outline, which start below it; right under the header.
        expect(cover.left).toBeGreaterThan(sidebar.right);
        expect(Math.abs(cover.left - main.left)).toBeLessThan(1);
        expect(Math.abs(cover.right - outline.right)).toBeLessThan(1);
        expect(main.top).toBeGreaterThanOrEqual(cover.bottom - 1);
        expect(sidebar.top).toBeLessThan(cover.bottom);
        expect(Math.abs(cover.top - header.bottom)).toBeLessThan(2);
        expect(Math.round(cover.bottom - cover.top)).toBe(240);
      });
    }
  }

  it('spans the page at 390 px, with nothing to scroll sideways', async () => {
    const page = await example.open(undefined, { colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(example.at(FULL));
    await shownCover(page);
    const cover = await boxOf(page, '.op-cover--full');
    expect(Math.round(cover.left)).toBe(0);
    expect(Math.round(cover.right)).toBe(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});

describe('a wide page without an outline', () => {
  const example = useExampleBrowser();
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));

  for (const colorScheme of SCHEMES) {
    for (const width of [1440, 1920]) {
      it(`is centred in the space beside the sidebar at ${width} px in ${colorScheme}`, async () => {
        const page = await example.open(undefined, { colorScheme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(example.at(WIDE));
        await shown(page.locator('.op-content .op-cards'));
        await notShown(page.locator('.op-outline'));
        await page.screenshot({
          path: path.join(SCREENSHOTS, `wide-page-${width}-${colorScheme}.png`),
        });
        const layout = await page.evaluate(() => {
          const grid = document.querySelector('.op-page') as HTMLElement;
          const style = getComputedStyle(grid);
          const rect = grid.getBoundingClientRect();
          return {
            inner: {
              left: rect.left + Number.parseFloat(style.paddingLeft),
              right: rect.right - Number.parseFloat(style.paddingRight),
            },
            gap: Number.parseFloat(style.columnGap),
            page: { left: rect.left, right: rect.right },
            viewport: document.documentElement.clientWidth,
          };
        });
        const sidebar = await boxOf(page, '.op-page > .op-sidebar');
        const main = await boxOf(page, '.op-main');
        // The space beside the sidebar, past the grid's gap, to the page's edge: the content
        // takes it whole, so its middle is that space's middle.
        const space = { left: sidebar.right + layout.gap, right: layout.inner.right };
        expect(
          Math.abs((main.left + main.right) / 2 - (space.left + space.right) / 2),
        ).toBeLessThan(2);
        expect(main.right - main.left).toBeGreaterThan(space.right - space.left - 2);
        // The page itself is centred in the window.
        expect(Math.abs(layout.page.left - (layout.viewport - layout.page.right))).toBeLessThan(2);

        // Without the sidebar too (`tableOfContents` off, as Page.astro writes it): centred in
        // the window, no empty column on either side.
        await page.evaluate(() => {
          document.querySelector('.op-page > .op-sidebar')?.remove();
          document.querySelector('.op-page')?.classList.add('op-page--no-toc');
        });
        const alone = await boxOf(page, '.op-main');
        expect(Math.abs(alone.left - (layout.viewport - alone.right))).toBeLessThan(2);
        expect(alone.left).toBeCloseTo(layout.inner.left, 0);
      });
    }
  }
});

describe('a card grid', () => {
  const example = useExampleBrowser();

  /** The grid's cards made `count` (copies of its first) and the boxes of its first row. */
  async function cardRow(page: Page, count: number) {
    return page.locator('.op-content .op-cards').evaluate((grid, n) => {
      const first = grid.querySelector('.op-card') as Element;
      while (grid.children.length > n) grid.lastElementChild?.remove();
      while (grid.children.length < n) grid.append(first.cloneNode(true));
      const cards = [...grid.children].map((card) => card.getBoundingClientRect());
      const top = cards[0]?.top;
      const row = cards.filter((card) => Math.abs(card.top - (top ?? 0)) < 1);
      const box = grid.getBoundingClientRect();
      return {
        grid: { left: box.left, right: box.right },
        row: row.map(({ left, right }) => ({ left, right })),
      };
    }, count);
  }

  for (const width of [390, 1440, 1920]) {
    it(`fills its row with 1, 2, 3, 4 and more cards at ${width} px`, async () => {
      const page = await example.open(undefined, { colorScheme: 'light' });
      await page.setViewportSize({ width, height: 900 });
      await page.goto(example.at(WIDE));
      await shown(page.locator('.op-content .op-cards'));
      // The page's own grid: its three cards share one row (one each on a phone).
      await expect(page.locator('.op-content .op-card').count()).resolves.toBe(3);
      const own = await cardRow(page, 3);
      expect(own.row).toHaveLength(width === 390 ? 1 : 3);
      expect(own.row.at(-1)?.right).toBeCloseTo(own.grid.right, 0);
      // As many columns as the row has room for: what a long grid's first row holds.
      const columns = (await cardRow(page, 12)).row.length;
      expect(columns).toBe(width === 390 ? 1 : 4);
      for (const count of [1, 2, 3, 4, 5, 7]) {
        const { grid, row } = await cardRow(page, count);
        const label = `${count} cards at ${width} px`;
        expect(row.length, label).toBeGreaterThan(0);
        expect(row[0]?.left, label).toBeCloseTo(grid.left, 0);
        expect(row.at(-1)?.right, label).toBeCloseTo(grid.right, 0);
        const widths = row.map((card) => card.right - card.left);
        expect(Math.max(...widths) - Math.min(...widths), label).toBeLessThan(1);
        expect(row.length, label).toBe(Math.min(count, columns));
      }
    });
  }
});

/** How the reader's scheme is set: the system's alone, or a toggle choice against it. */
const MODES = [
  { name: 'light', system: 'light', chosen: undefined, shows: 'light' },
  { name: 'dark', system: 'dark', chosen: undefined, shows: 'dark' },
  { name: 'dark chosen on a light system', system: 'light', chosen: 'dark', shows: 'dark' },
  { name: 'light chosen on a dark system', system: 'dark', chosen: 'light', shows: 'light' },
] as const;

/** A fresh page in `mode` at `width`, recording its layout shift and the paths it requests. */
async function openIn(
  example: ReturnType<typeof useExampleBrowser>,
  mode: (typeof MODES)[number],
  width: number,
) {
  const page = await example.open(undefined, { colorScheme: mode.system });
  await recordLayoutShift(example.context);
  if (mode.chosen)
    await example.context.addInitScript(
      (theme) => localStorage.setItem('op-theme', theme),
      mode.chosen,
    );
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  return { page, requested };
}

/** The folder (`/docs/assets/<hash>/`) of each file an element's `src` names. */
function folderOf(url: string): string {
  const { pathname } = new URL(url);
  return pathname.slice(0, pathname.lastIndexOf('/') + 1);
}

describe('a cover above the fold (issue 58)', () => {
  const example = useExampleBrowser();
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));
  // The telemetry section is for the early-access program's visitors (adaptive content).
  const TELEMETRY = 'telemetry/?visitor.beta=true';

  for (const width of [390, 1440]) {
    for (const mode of MODES) {
      it(`is a variant sized to its box, fetched first and alone, at ${width} px, ${mode.name}`, async () => {
        const { page, requested } = await openIn(example, mode, width);
        await page.goto(example.at(TELEMETRY));
        await shownCover(page);
        const image = page.locator('.op-cover__image:visible');
        const folders = {
          light: folderOf(
            await page
              .locator('.op-scheme-only-light img')
              .evaluate((i) => (i as HTMLImageElement).src),
          ),
          dark: folderOf(
            await page
              .locator('.op-scheme-only-dark img')
              .evaluate((i) => (i as HTMLImageElement).src),
          ),
        };
        const shownUrl = await image.evaluate((img) => (img as HTMLImageElement).currentSrc);
        // The scheme's file, as a WebP variant narrower than the 3,200 px upload.
        expect(new URL(shownUrl).pathname.startsWith(folders[mode.shows])).toBe(true);
        expect(shownUrl).toMatch(/\/(\d+)w-q80\.webp$/);
        expect(Number(/\/(\d+)w-q80/.exec(shownUrl)?.[1])).toBeLessThanOrEqual(
          width < 500 ? 1472 : 2560,
        );
        // What the browser chooses from: a srcset and sizes fitted to the box.
        const sources = await image.evaluate((img) =>
          [...(img.parentElement?.querySelectorAll('source') ?? [])].map((s) => ({
            srcset: s.getAttribute('srcset') ?? '',
            sizes: s.getAttribute('sizes') ?? '',
          })),
        );
        expect(sources.length).toBeGreaterThan(0);
        for (const source of sources) {
          expect(source.srcset).toMatch(/ 480w, .* 1472w/);
          expect(source.sizes).toContain('max(');
        }
        if (!mode.chosen) {
          // The reader's scheme is the system's: the picture fetched at once, first.
          await expect(image.getAttribute('fetchpriority')).resolves.toBe('high');
          await expect(image.getAttribute('loading')).resolves.toBeNull();
        }
        // Only the shown scheme's file: no other variant, and no original.
        const other = mode.shows === 'light' ? folders.dark : folders.light;
        if (!mode.chosen) expect(requested.filter((url) => url.startsWith(other))).toEqual([]);
        expect(requested.filter((url) => /telemetry-cover.*\.png$/.test(url))).toEqual([]);
        expect(requested.filter((url) => url.startsWith(folders[mode.shows]))).toHaveLength(1);
        expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
        if (!mode.chosen)
          await page.screenshot({
            path: path.join(SCREENSHOTS, `cover-hero-${width}-${mode.name}.png`),
          });
      });
    }
  }

  it('shows the 1920 px screen a variant, not the upload', async () => {
    for (const colorScheme of SCHEMES) {
      const page = await example.open(undefined, { colorScheme });
      await page.setViewportSize({ width: 1920, height: 900 });
      await page.goto(example.at(TELEMETRY));
      const image = await shownCover(page);
      await expect(image.evaluate((img) => (img as HTMLImageElement).currentSrc)).resolves.toMatch(
        /w-q80\.webp$/,
      );
      await page.screenshot({
        path: path.join(SCREENSHOTS, `cover-hero-1920-${colorScheme}.png`),
      });
    }
  });
});

describe('an inline icon with a dark version (issue 58)', () => {
  const example = useExampleBrowser();
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));
  const PAGE = 'telemetry/troubleshooting/?visitor.beta=true';
  const FILES = { light: 'image-2.png', dark: 'image-3.png' } as const;

  for (const width of [390, 1440]) {
    for (const mode of MODES) {
      it(`stays in its sentence, still, fetched alone, at ${width} px, ${mode.name}`, async () => {
        const { page, requested } = await openIn(example, mode, width);
        // The icons held back until the page's first layout, fonts loaded, is read: what moves
        // when one arrives is the icon's doing (a phone's font swap moves the page on its own).
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(/\/image-[23]\.png$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(example.at(PAGE), { waitUntil: 'domcontentloaded' });
        await page.waitForFunction(() => document.fonts.status === 'loaded');
        const paragraph = page.locator('.op-content p', { hasText: 'Launch menu' });
        const boxOfText = () =>
          paragraph.evaluate((p) => {
            const next = p.nextElementSibling?.getBoundingClientRect();
            const { top, bottom } = p.getBoundingClientRect();
            return { top, bottom, next: next?.top };
          });
        await expect.poll(() => paragraph.count()).toBe(1);
        const before = await boxOfText();
        const shiftBefore = await layoutShift(page);
        release();
        const icon = page.locator(`.op-content p img[src$="${FILES[mode.shows]}"]`);
        await shown(icon);
        await page.waitForFunction(
          (name) =>
            [...document.images].some(
              (img) => img.src.endsWith(name) && img.complete && img.naturalWidth > 0,
            ),
          FILES[mode.shows],
        );
        const other = mode.shows === 'light' ? FILES.dark : FILES.light;
        await notShown(page.locator(`.op-content p img[src$="${other}"]`));
        // The words before and after it, and the icon: one line, in that order.
        const boxes = await icon.evaluate((img) => {
          const rectOf = (node: Node | null, last: boolean) => {
            const text = node?.textContent ?? '';
            const range = document.createRange();
            const trimmed = last ? text.trimEnd() : text.trimStart();
            const start = last ? trimmed.lastIndexOf(' ') + 1 : text.length - trimmed.length;
            const end = last ? trimmed.length : start + trimmed.indexOf(' ');
            range.setStart(node as Node, start);
            range.setEnd(node as Node, end);
            const { left, top, right, bottom } = range.getBoundingClientRect();
            return { left, top, right, bottom, word: text.slice(start, end) };
          };
          // The scheme pair: the text before the first of the two, after the second.
          const first = img.classList.contains('op-scheme-dark') ? img.previousSibling : img;
          const second = img.classList.contains('op-scheme-dark') ? img : img.nextSibling;
          const { left, top, right, bottom } = img.getBoundingClientRect();
          return {
            before: rectOf(first?.previousSibling ?? null, true),
            after: rectOf(second?.nextSibling ?? null, false),
            icon: { left, top, right, bottom },
          };
        });
        expect(boxes.before.word).toBe('menu');
        expect(boxes.after.word).toBe('and');
        const middle = (box: { top: number; bottom: number }) => (box.top + box.bottom) / 2;
        // In a line with the words beside it: a line may break at the space before or after
        // it (on a phone it does, after "menu"), never both, as a block would.
        const sameLine = [boxes.before, boxes.after].filter(
          (word) => Math.abs(middle(word) - middle(boxes.icon)) < 8,
        );
        expect(sameLine.map((word) => word.word)).not.toEqual([]);
        if (sameLine.includes(boxes.before))
          expect(boxes.icon.left).toBeGreaterThanOrEqual(boxes.before.right - 1);
        if (sameLine.includes(boxes.after))
          expect(boxes.icon.right).toBeLessThanOrEqual(boxes.after.left + 1);
        if (width >= 1440) expect(sameLine).toHaveLength(2);
        await expect(icon.evaluate((img) => getComputedStyle(img).display)).resolves.toBe('inline');
        expect(await boxOfText()).toEqual(before);
        expect((await layoutShift(page)) - shiftBefore).toBeLessThanOrEqual(0.001);
        // The shown file alone.
        expect(requested.filter((url) => url.endsWith(`/${FILES[mode.shows]}`))).toHaveLength(1);
        expect(requested.filter((url) => url.endsWith(`/${other}`))).toEqual([]);
        await icon.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: path.join(SCREENSHOTS, `inline-icon-${width}-${mode.name.replace(/ /g, '-')}.png`),
        });
      });
    }
  }

  it('follows the theme toggle: the dark icon, in its line, once the reader picks dark', async () => {
    const page = await example.open(PAGE, { colorScheme: 'light' });
    await shown(page.locator(`.op-content p img[src$="${FILES.light}"]`));
    const toggle = page.locator('.op-theme-toggle');
    while ((await toggle.getAttribute('data-state')) !== 'dark') await toggle.click();
    const dark = page.locator(`.op-content p img[src$="${FILES.dark}"]`);
    await shown(dark);
    await notShown(page.locator(`.op-content p img[src$="${FILES.light}"]`));
    await expect(dark.evaluate((img) => getComputedStyle(img).display)).resolves.toBe('inline');
  });
});
