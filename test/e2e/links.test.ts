import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { shown, useExampleBrowser } from '../helpers/browser.ts';
import { snapshotBase } from '../helpers/built-site.ts';

/** Every HTML file of the built example. */
async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The file a static host serves for an absolute URL path under `base`, or undefined. */
async function servedFile(
  outDir: string,
  base: string,
  urlPath: string,
): Promise<string | undefined> {
  if (!urlPath.startsWith(base)) return undefined;
  const relative = decodeURIComponent(urlPath.slice(base.length));
  const candidate = path.join(outDir, relative);
  for (const file of [candidate, path.join(candidate, 'index.html')]) {
    try {
      if ((await stat(file)).isFile()) return file;
    } catch {}
  }
  return undefined;
}

describe('the built example', () => {
  it('has every internal link, image and stylesheet resolving, and every anchor existing', async () => {
    const { outDir, cacheDir } = inject('exampleBuild');
    const base = await snapshotBase(cacheDir);
    const files = await htmlFiles(outDir);
    expect(files.length).toBeGreaterThan(30);
    const ids = new Map<string, Set<string>>();
    const links: { from: string; url: URL }[] = [];
    for (const file of files) {
      const tree = fromHtml(await readFile(file, 'utf8'));
      const pageIds = new Set<string>();
      const pageUrl = new URL(
        `http://site${base}${path.relative(outDir, file).replace(/index\.html$/, '')}`,
      );
      visit(tree, 'element', (node) => {
        const props = node.properties ?? {};
        if (typeof props.id === 'string') pageIds.add(props.id);
        for (const attr of ['href', 'src']) {
          const value = props[attr];
          if (typeof value !== 'string' || value === '') continue;
          const url = new URL(value, pageUrl);
          if (url.host === 'site') links.push({ from: path.relative(outDir, file), url });
        }
      });
      ids.set(pageUrl.pathname, pageIds);
    }
    const broken: string[] = [];
    for (const { from, url } of links) {
      const target = await servedFile(outDir, base, url.pathname);
      if (!target) {
        broken.push(`${from} → ${url.pathname}`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor && target.endsWith('.html') && !ids.get(url.pathname)?.has(anchor)) {
        broken.push(`${from} → ${url.pathname}#${anchor} (no such anchor)`);
      }
    }
    expect(links.length).toBeGreaterThan(500);
    expect(broken).toEqual([]);
  });
});

/**
 * Issue #58: a link to a group of the site (guides-v2's "Operations", from "Countdown
 * procedure") is live, as on the platform, and opens the group's first page. Screenshots go to
 * test-results/screenshots/.
 */
describe('a link to a group, in the browser', () => {
  const example = useExampleBrowser();
  const SCREENSHOTS = path.resolve('test-results/screenshots');
  beforeAll(() => mkdir(SCREENSHOTS, { recursive: true }));

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1440]) {
      it(`is live and leads to the group's first page at ${width} px in ${colorScheme}`, async () => {
        const page = await example.open(undefined, { colorScheme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(example.at('operations/countdown-procedure/'));
        const link = page.locator('.op-content a', { hasText: 'operations guides' });
        await shown(link);
        await link.scrollIntoViewIfNeeded();
        // Not struck through: a link, not the broken-link span, drawn without a line through it.
        expect(await page.locator('.op-content .op-broken-link').count()).toBe(0);
        const decoration = await link.evaluate((el) => getComputedStyle(el).textDecorationLine);
        expect(decoration).not.toContain('line-through');
        await page.screenshot({
          path: path.join(SCREENSHOTS, `group-link-${width}-${colorScheme}.png`),
        });
        await link.click();
        await page.waitForURL((url) => url.pathname.endsWith('/operations/telemetry/'), {
          timeout: 20_000,
        });
        await shown(page.locator('h1', { hasText: 'Telemetry streaming' }));
      });
    }
  }
});
