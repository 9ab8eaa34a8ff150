import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { pull } from '../../src/pull/index.ts';
import { type RenderResult, render } from '../../src/render/index.ts';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';
import { launchBrowser, requireChromium } from '../helpers/browser.ts';
import { snapshotBase } from '../helpers/built-site.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';
import { EXAMPLE_DIR, type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

/** The example rebuilt with `locale: ar` and `styling.search: subtle`: a right-to-left site. */
describe('a right-to-left site', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let platform: LocalPlatform | undefined;
  let outDir: string;
  let result: RenderResult;
  let pages: Map<string, string>;

  beforeAll(async () => {
    temp = await tempDir();
    const site = await copyFolder(EXAMPLE_DIR, path.join(temp.dir, 'site'));
    const file = path.join(site, 'sites', 'docs.yaml');
    const doc = parseDocument(await readFile(file, 'utf8'));
    doc.setIn(['customizations', 'internationalization', 'locale'], 'ar');
    doc.setIn(['customizations', 'styling', 'search'], 'subtle');
    // The example's duotone icons are drawn solid (a note); this site asks for a style that exists.
    doc.setIn(['customizations', 'styling', 'icons'], 'regular');
    await writeFile(file, doc.toString());

    platform = await startPlatform({ dir: site });
    const organizationId = platform.model.organizations()[0]?.id as string;
    const siteId = platform.model.sites().find((s) => s.visibility === 'public')?.id as string;
    const cacheDir = path.join(temp.dir, 'cache');
    outDir = path.join(temp.dir, 'dist');
    await pull({ apiUrl: platform.url, token: TOKEN, organizationId, siteId, cacheDir });
    result = await render({ cacheDir, outDir });

    pages = new Map();
    for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      pages.set(path.relative(outDir, absolute), await readFile(absolute, 'utf8'));
    }
  }, 180_000);
  afterAll(async () => {
    await platform?.close();
    await temp?.cleanup();
  });

  it('marks every page as Arabic, right to left', () => {
    expect(pages.size).toBeGreaterThan(10);
    for (const [file, html] of pages) expect(html, file).toMatch(/<html lang="ar" dir="rtl"/);
    expect(result.warnings.filter((w) => w.page === 'customizations')).toEqual([]);
  });

  it('shows the UI in Arabic', () => {
    const index = pages.get('index.html') ?? '';
    expect(index).toContain('الانتقال إلى المحتوى'); // skip link
    expect(index).not.toContain('Skip to content');
    const outlined = [...pages.values()].filter((html) => html.includes('في هذه الصفحة'));
    expect(outlined.length).toBeGreaterThan(0);
    expect([...pages.values()].some((html) => html.includes('On this page'))).toBe(false);
  });

  it('uses the subtle search control', () => {
    const index = pages.get('index.html') ?? '';
    expect(index).toContain('op-search-open--subtle');
    expect(index).not.toContain('op-search-open--prominent');
  });

  describe('in Chromium', () => {
    let browser: Browser | undefined;
    let server: StaticServer | undefined;

    beforeAll(async () => {
      requireChromium();
      const base = await snapshotBase(path.join(temp.dir, 'cache'));
      server = await serveStatic({ dir: outDir, base });
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('does not scroll sideways at 320 px', async () => {
      const page = await (browser as Browser).newPage({ viewport: { width: 320, height: 640 } });
      const base = (server as StaticServer).url;
      const outlined = [...pages].find(([, html]) => html.includes('في هذه الصفحة'))?.[0] ?? '';
      try {
        for (const url of [base, new URL(outlined.replace(/index\.html$/, ''), base).href]) {
          await page.goto(url);
          expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
          const sideways = await page.evaluate(() => {
            const root = document.documentElement;
            const moved: number[] = [];
            for (const x of [-10_000, 10_000]) {
              window.scrollTo(x, 0);
              moved.push(window.scrollX);
            }
            return { scroll: root.scrollWidth, client: root.clientWidth, moved };
          });
          expect(sideways.scroll, url).toBeLessThanOrEqual(sideways.client);
          expect(sideways.moved, url).toEqual([0, 0]);
        }
      } finally {
        await page.close();
      }
    });

    it('builds the search dialog and the theme toggle’s label in Arabic', async () => {
      // Their strings are not in the page: the scripts load the page language's chunk.
      const page = await (browser as Browser).newPage();
      try {
        await page.goto((server as StaticServer).url);
        await page.locator('[data-op-search-open]').click();
        await expect(page.locator('#op-search-input').getAttribute('placeholder')).resolves.toBe(
          'ابحث في الوثائق',
        );
        await page.keyboard.press('Escape');
        const toggle = page.locator('[data-op-theme-toggle]');
        const before = await toggle.getAttribute('aria-label');
        await toggle.click();
        await expect.poll(() => toggle.getAttribute('aria-label')).not.toBe(before);
        expect(await toggle.getAttribute('aria-label')).not.toMatch(/[A-Za-z]/);
      } finally {
        await page.close();
      }
    });

    it('lays out right to left in light and dark (screenshots), with the drawer at the start', async () => {
      const shots = path.resolve('test-results/screenshots');
      await mkdir(shots, { recursive: true });
      const url = new URL('getting-started/install/', (server as StaticServer).url).href;
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await (browser as Browser).newContext({ colorScheme });
        const page = await context.newPage();
        await page.goto(url);
        // The sidebar sits on the right, the outline on the left.
        const [sidebar, main] = await Promise.all(
          ['.op-page > .op-sidebar', '.op-main'].map((s) =>
            page.locator(s).evaluate((e) => e.getBoundingClientRect().left),
          ),
        );
        expect(sidebar).toBeGreaterThan(main as number);
        await page.screenshot({ path: path.join(shots, `rtl-ar-${colorScheme}.png`) });
        // At phone width the menu opens from the right-hand (start) edge.
        await page.setViewportSize({ width: 360, height: 700 });
        await page.getByRole('button', { name: 'القائمة', exact: true }).click();
        const drawer = await page.locator('dialog.op-drawer').boundingBox();
        expect(Math.round((drawer?.x ?? 0) + (drawer?.width ?? 0))).toBe(360);
        await context.close();
      }
    });
  });
});
