import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../../src/serve/static.ts';
import { launchBrowser, requireChromium } from '../helpers/browser.ts';
import { serveExample } from '../helpers/built-site.ts';

/**
 * The example's customization (examples/site/sites/docs.yaml: bold, primary #E4572E/#FF7A50,
 * filled sidebar with pills, system default theme) as a reader's browser applies it.
 */
describe('the theme of the built example', () => {
  let browser: Browser;
  let server: StaticServer;
  let outDir: string;

  beforeAll(async () => {
    requireChromium();
    ({ server, outDir } = await serveExample());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('links a content-hashed theme stylesheet and sets the classes on <html>', async () => {
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toMatch(/^\/docs\/_offprint\/theme-[0-9a-f]{12}\.css$/);
    const css = await readFile(path.join(outDir, (href as string).slice('/docs/'.length)), 'utf8');
    expect(css).toContain('--op-primary: #e4572e;');
    expect(css).toContain('prefers-color-scheme: dark');
    expect(html).toMatch(
      /<html[^>]* class="op-theme--bold [^"]*op-sidebar--filled op-sidebar-list--pill"/,
    );
    // `system`: no data-theme, the OS preference decides.
    expect(html).not.toMatch(/<html[^>]* data-theme=/);
  });

  it('paints the header in the primary color, light and dark', async () => {
    for (const [colorScheme, primary] of [
      ['light', 'rgb(228, 87, 46)'],
      ['dark', 'rgb(255, 122, 80)'],
    ] as const) {
      const page = await browser.newPage({ colorScheme });
      try {
        await page.goto(new URL('getting-started/install/', server.url).href);
        const header = await page
          .locator('.op-header')
          .evaluate((element) => getComputedStyle(element).backgroundImage);
        expect(header).toContain(primary);
        const current = await page
          .locator('.op-sidebar .op-nav a[aria-current="page"]')
          .first()
          .evaluate((element) => getComputedStyle(element).backgroundColor);
        expect(current).toBe(primary);
      } finally {
        await page.close();
      }
    }
  });
});
