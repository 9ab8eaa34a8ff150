import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { serveStatic } from '../../src/serve/static.ts';
import { chromiumAvailable, launchBrowser } from '../../test/helpers/browser.ts';
import { buildExample } from './example-build.ts';
import type { Benchmark, Figure } from './types.ts';

/** Pages of the example measured: the home page and a page with tabs and code blocks. */
const PAGES = { home: '', 'install page': 'getting-started/install/' };

type Kind = 'css' | 'js' | 'font';

/**
 * What a reader's first view of the built example downloads, gzip-compressed as a static host
 * would serve it: the page's HTML, and the CSS, JavaScript (module scripts and their imports)
 * and font files Chromium actually fetched for it (a fresh profile; the search's own Pagefind
 * files come only when the dialog opens, so they are not counted).
 */
export const firstViewBenchmark: Benchmark = {
  name: 'first-view',
  description: 'bytes (gzip) a first page view of the example downloads',
  async run() {
    const work = await mkdtemp(path.join(os.tmpdir(), 'offprint-bench-view-'));
    try {
      const { outDir, base } = await buildExample(work);
      const figures: Figure[] = [];
      for (const [name, page] of Object.entries(PAGES)) {
        const html = await readFile(path.join(outDir, page, 'index.html'));
        figures.push({ name: `${name}: HTML`, value: gzipSync(html).byteLength, unit: 'bytes gz' });
      }
      if (!chromiumAvailable()) return figures;
      const server = await serveStatic({ dir: outDir, base });
      const browser = await launchBrowser();
      try {
        for (const [name, page] of Object.entries(PAGES)) {
          const context = await browser.newContext();
          const tab = await context.newPage();
          const fetched: Promise<[Kind, number] | undefined>[] = [];
          tab.on('response', (response) => {
            const kind = kindOf(response.request().resourceType());
            if (!kind) return;
            fetched.push(
              response.body().then(
                // Fonts are compressed already (woff2): hosts send them as they are.
                (body): [Kind, number] => [
                  kind,
                  kind === 'font' ? body.byteLength : gzipSync(body).byteLength,
                ],
                () => undefined,
              ),
            );
          });
          await tab.goto(new URL(`${base}${page}`, server.url).href);
          await tab.waitForLoadState('networkidle');
          const totals: Record<Kind, number> = { css: 0, js: 0, font: 0 };
          for (const entry of await Promise.all(fetched)) if (entry) totals[entry[0]] += entry[1];
          figures.push(
            { name: `${name}: CSS`, value: totals.css, unit: 'bytes gz' },
            { name: `${name}: JavaScript`, value: totals.js, unit: 'bytes gz' },
            { name: `${name}: fonts (woff2, as served)`, value: totals.font, unit: 'bytes' },
          );
          await context.close();
        }
      } finally {
        await browser.close();
        await server.close();
      }
      return figures;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
};

function kindOf(resourceType: string): Kind | undefined {
  if (resourceType === 'stylesheet') return 'css';
  if (resourceType === 'script') return 'js';
  if (resourceType === 'font') return 'font';
  return undefined;
}
