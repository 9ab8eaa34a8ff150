import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../../src/serve/static.ts';
import { addAxe, axeViolations } from '../helpers/axe.ts';
import { launchBrowser, requireChromium } from '../helpers/browser.ts';
import { serveExample } from '../helpers/built-site.ts';

/** Every page of the built example (redirect stubs aside), relative to the output directory. */
async function pagesOf(outDir: string): Promise<string[]> {
  const pages: string[] = [];
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.relative(outDir, path.join(entry.parentPath, entry.name));
    if (file.startsWith('_') || file.startsWith('pagefind')) continue;
    if ((await readFile(path.join(outDir, file), 'utf8')).includes('http-equiv="refresh"'))
      continue;
    pages.push(file.replace(/index\.html$/, ''));
  }
  return pages.sort();
}

/**
 * The page with all its content shown: every fold of the content open (an operation's schema
 * and responses, an expandable block: what is inside is checked as well as its summary) and
 * every image it shows arrived (a cover behind the title). Menus stay closed: an open one lies
 * over the page under it, and a reader opens one at a time (their own test below).
 */
async function everythingShown(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const details of document.querySelectorAll<HTMLDetailsElement>('main details'))
      details.open = true;
  });
  await page.waitForFunction(() =>
    [...document.images].every((img) => !img.checkVisibility() || img.complete),
  );
}

/** The viewport axe reads each page at (Playwright's default). */
const DESKTOP = { width: 1280, height: 720 };

/** What scrolls sideways once the page is narrowed to 390 and then 320 px. */
async function sidewaysAtPhoneWidths(page: Page): Promise<string[]> {
  const wide: string[] = [];
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 640 });
    const [scroll, client, inner] = await page.evaluate(async () => {
      // The resize's layout is done by the frame after next.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
        window.innerWidth,
      ];
    });
    expect(inner).toBe(width);
    if (scroll > client) wide.push(`scrolls sideways at ${width} px: ${scroll} > ${client}`);
  }
  return wide;
}

describe('every page of the built example: accessibility (axe-core, WCAG 2.2 AA) and phone widths', () => {
  let browser: Browser;
  let server: StaticServer;
  let pages: string[];

  beforeAll(async () => {
    requireChromium();
    const example = await serveExample();
    server = example.server;
    pages = await pagesOf(example.outDir);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('finds no violations in light or in dark, and nothing to scroll sideways at 390 or 320 px', async () => {
    expect(pages.length).toBeGreaterThan(30);
    const context = await browser.newContext({ viewport: DESKTOP });
    await addAxe(context);
    const found = { light: [] as string[], dark: [] as string[], sideways: [] as string[] };
    const queue = [...pages];
    /**
     * One tab working through the shared queue (two at once overlap a load with a check). Each
     * page is loaded once and checked in light, then in dark, as a reader's system switching
     * scheme repaints it (the theme follows `prefers-color-scheme` in CSS; the images and
     * drawings of the other scheme come in), then narrowed to phone widths: what scrolls sideways
     * does not depend on the scheme, and a resize lays the page out as a load at that width does.
     */
    const tab = async () => {
      const page = await context.newPage();
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        await page.setViewportSize(DESKTOP);
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(new URL(file, server.url).href);
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await page.waitForFunction(
            (scheme) => getComputedStyle(document.body).colorScheme === scheme,
            colorScheme,
          );
          await everythingShown(page);
          for (const violation of await axeViolations(page))
            found[colorScheme].push(`${file}: ${violation}`);
        }
        for (const wide of await sidewaysAtPhoneWidths(page))
          found.sideways.push(`${file}: ${wide}`);
      }
    };
    try {
      await Promise.all([tab(), tab()]);
    } finally {
      await context.close();
    }
    expect(queue).toEqual([]);
    expect.soft(found.light.sort(), 'light').toEqual([]);
    expect.soft(found.dark.sort(), 'dark').toEqual([]);
    expect.soft(found.sideways.sort(), 'phone widths').toEqual([]);
  }, 180_000);

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds no violations in ${colorScheme} in each menu, opened one at a time`, async () => {
      const context = await browser.newContext({ colorScheme });
      await addAxe(context);
      const page = await context.newPage();
      const found: string[] = [];
      try {
        // A page with every kind: the header's links group and tabs, the sidebar's variants and
        // its groups.
        await page.goto(new URL('guides/v1/', server.url).href);
        const menus = page.locator('details:not(main details)');
        const count = await menus.count();
        expect(count).toBeGreaterThanOrEqual(3);
        for (let i = 0; i < count; i++) {
          const menu = menus.nth(i);
          await menu.evaluate((details) => {
            (details as HTMLDetailsElement).open = true;
            details.setAttribute('data-axe-menu', '');
          });
          for (const violation of await axeViolations(page, '[data-axe-menu]'))
            found.push(`menu ${i}: ${violation}`);
          await menu.evaluate((details) => {
            (details as HTMLDetailsElement).open = false;
            details.removeAttribute('data-axe-menu');
          });
        }
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds no violations in ${colorScheme} with an API operation's "Test it" console open`, async () => {
      const context = await browser.newContext({ colorScheme });
      await addAxe(context);
      const page = await context.newPage();
      try {
        await page.goto(new URL('api/reference/missions/', server.url).href);
        await page.getByRole('button', { name: 'Test it' }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor({ state: 'visible' });
        await dialog.getByRole('button', { name: 'Send' }).click();
        // The answer (here: the example's host does not resolve) is part of what is checked.
        await dialog.getByRole('alert').waitFor({ state: 'visible', timeout: 15_000 });
        await expect(axeViolations(page)).resolves.toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
