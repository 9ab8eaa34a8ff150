import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shown, useExampleBrowser } from '../helpers/browser.ts';

/**
 * Every page has one `<h1>`, and print shows no control (issue 58): the v1 guides' home page
 * hides its title (`layout.title.visible: false`), which stays in the page visually hidden, for
 * screen readers and search engines, and is printed; on paper no button, switch, menu or "Show
 * more" shows. Screenshots go to test-results/screenshots/.
 */

const HIDDEN_TITLE = 'guides/v1/';
const SCREENSHOTS = path.resolve('test-results/screenshots');
const SCHEMES = ['light', 'dark'] as const;

/** What a reader can operate: never on paper (a task list's disabled ticks are content). */
const CONTROLS = [
  'button',
  'select',
  'textarea',
  'input:not([type="checkbox"][disabled])',
  '[role="button"]',
  '[role="tab"]',
  '[role="switch"]',
  '[role="combobox"]',
  'a.op-action',
  '.op-prompt__open',
  '.op-prompt__more > summary',
  '.op-openapi__model > summary',
  '.op-openapi__children > summary',
].join(', ');

/** The controls of the page the reader could see, described for a failure message. */
function visibleControls(page: Page): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
    CONTROLS,
  );
}

describe('a page whose layout hides its title', () => {
  const example = useExampleBrowser();
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));

  for (const colorScheme of SCHEMES) {
    for (const width of [390, 1440, 1920]) {
      it(`keeps its one h1, visually hidden and in the accessibility tree, at ${width} px in ${colorScheme}`, async () => {
        const page = await example.open(undefined, { colorScheme });
        await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
        await page.goto(example.at(HIDDEN_TITLE));
        await shown(page.locator('.op-description'));
        const heading = page.getByRole('heading', { level: 1, name: 'Welcome' });
        await expect(heading.count()).resolves.toBe(1);
        await expect(page.locator('h1').count()).resolves.toBe(1);
        await expect(page.locator('main').ariaSnapshot()).resolves.toContain(
          'heading "Welcome" [level=1]',
        );
        // Hidden from sight, not from the page: a 1 px box, clipped, not `display: none`.
        const box = await heading.boundingBox();
        expect(box?.width).toBeLessThanOrEqual(1);
        expect(box?.height).toBeLessThanOrEqual(1);
        await expect(heading.evaluate((el) => getComputedStyle(el).clipPath)).resolves.not.toBe(
          'none',
        );
        // The description opens the page where the title would be: at the article's top, or
        // on a phone below the page actions' own row.
        const description = await page.locator('.op-description').boundingBox();
        const article = await page.locator('.op-article').boundingBox();
        const menu = await page.locator('.op-page-menu').boundingBox();
        const top = width < 480 ? (menu?.y ?? 0) + (menu?.height ?? 0) : (article?.y ?? 0);
        expect(description?.y).toBeLessThan(top + 40);
        if (width !== 1920 || colorScheme === 'light')
          await page.screenshot({
            path: path.join(SCREENSHOTS, `hidden-title-${width}-${colorScheme}.png`),
          });
      });
    }
  }

  it('prints its title, as the PDF does', async () => {
    const page = await example.open(HIDDEN_TITLE);
    await page.emulateMedia({ media: 'print' });
    const heading = page.getByRole('heading', { level: 1, name: 'Welcome' });
    await expect
      .poll(async () => (await heading.boundingBox())?.height ?? 0, { timeout: 5000 })
      .toBeGreaterThan(10);
  });

  it('leaves every page of the built example with exactly one h1', async () => {
    const counts: string[] = [];
    for (const entry of await readdir(example.outDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const html = await readFile(file, 'utf8');
      // A redirect stub is no page of its own.
      if (html.includes('http-equiv="refresh"')) continue;
      const h1 = html.match(/<h1[\s>]/g)?.length ?? 0;
      if (h1 !== 1) counts.push(`${path.relative(example.outDir, file)}: ${h1}`);
    }
    expect(counts).toEqual([]);
  });
});

describe('a title of one long word on a phone', () => {
  const example = useExampleBrowser();

  // The telemetry section shows to beta visitors only (adaptive content).
  const TROUBLESHOOTING = 'telemetry/troubleshooting/?visitor.beta=true';

  for (const colorScheme of SCHEMES) {
    it(`keeps "Troubleshooting" whole, the page actions on a row of their own, at 390 px in ${colorScheme}`, async () => {
      const page = await example.open(undefined, { colorScheme });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(example.at(TROUBLESHOOTING));
      const heading = page.getByRole('heading', { level: 1, name: 'Troubleshooting' });
      await shown(heading);
      const menu = page.getByRole('button', { name: 'Page actions' });
      await shown(menu);
      // One line: a title beside the button broke inside its one word ("Troubleshootin" / "g").
      const lines = await heading.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
      const [title, button] = await Promise.all([heading.boundingBox(), menu.boundingBox()]);
      expect(button?.y ?? 0).toBeLessThan(title?.y ?? 0);
      expect((button?.y ?? 0) + (button?.height ?? 0)).toBeLessThanOrEqual(title?.y ?? 0);
    });
  }
});

describe('a printed page', () => {
  const example = useExampleBrowser();

  // Code blocks with copy buttons and tabs; API operations with "Test it", tabs and folded
  // schemas; a home page with cards; prompts with "Show more"; the hidden title's page.
  const PAGES = [
    'getting-started/install/',
    'api/reference/missions/',
    'api/reference/schemas/',
    'api/endpoints/launch-windows/',
    'api/sdks/',
    '',
    HIDDEN_TITLE,
  ];

  for (const colorScheme of SCHEMES) {
    for (const width of [390, 1440]) {
      it(`shows no control at ${width} px in ${colorScheme}`, async () => {
        const page = await example.open(undefined, { colorScheme });
        await page.setViewportSize({ width, height: 900 });
        for (const url of PAGES) {
          await page.goto(example.at(url));
          // Once the scripts have added their controls (copy buttons) and shown theirs.
          await page.waitForLoadState('load');
          if ((await page.locator('figure.op-code').count()) > 0)
            await page.waitForFunction(() =>
              document.documentElement.classList.contains('op-copy-ready'),
            );
          await expect(visibleControls(page), `${url} on screen`).resolves.not.toEqual([]);
          await page.emulateMedia({ media: 'print' });
          await expect
            .poll(() => visibleControls(page), { timeout: 5000, message: `${url} in print` })
            .toEqual([]);
          // The content is still there: the first heading of the article.
          await shown(page.locator('.op-article h1'));
          await page.emulateMedia({ media: 'screen' });
        }
      });
    }
  }
});
