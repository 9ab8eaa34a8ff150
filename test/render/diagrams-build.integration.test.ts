import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toHtml } from 'hast-util-to-html';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MERMAID_JS } from '../../src/diagrams/index.ts';
import { serveStatic } from '../../src/serve/static.ts';
import { launchBrowser, requireChromium } from '../helpers/browser.ts';
import { snapshotBase } from '../helpers/built-site.ts';
import { runCli } from '../helpers/cli.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';

/**
 * Mermaid diagrams in the built example (docs/diagrams.md): drawn at build time into inline SVG
 * in both schemes, and, rendered again with no Chromium, left to the reader's browser.
 */

const LIFECYCLE = 'concepts/mission-lifecycle/index.html';
/** The example's drawn diagrams: seven on the lifecycle page, one each on three others. */
const DRAWN_ON: Record<string, number> = {
  [LIFECYCLE]: 7,
  'concepts/index.html': 1,
  'concepts/missions/index.html': 1,
  'telemetry/data-formats/index.html': 1,
};

async function htmlPages(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)));
}

describe('mermaid diagrams drawn at build time (the built example)', () => {
  const read = (file: string) => readFile(path.join(inject('exampleBuild').outDir, file), 'utf8');

  it('draws each diagram as two inline SVGs, light and dark, each an image with a readable label', async () => {
    for (const [file, count] of Object.entries(DRAWN_ON)) {
      const tree = fromHtml(await read(file));
      const figures = selectAll('figure.op-diagram', tree);
      expect(figures, file).toHaveLength(count);
      for (const figure of figures) {
        const svgs = selectAll(':scope > svg', figure);
        expect(svgs.map((svg) => (svg.properties.className as string[]).slice(-2))).toEqual([
          ['op-diagram__svg--light', 'op-scheme-light'],
          ['op-diagram__svg--dark', 'op-scheme-dark'],
        ]);
        for (const svg of svgs) {
          expect(svg.properties.role).toBe('img');
          // A title or a summary: a kind and some words, never an id or an empty string.
          expect(String(svg.properties.ariaLabel)).toMatch(/^[A-Z][\w ]+\b.{3,}/);
        }
      }
      // Nothing is left for a script to draw: the page loads none.
      expect(select('pre.mermaid', tree), file).toBeUndefined();
      expect(toHtml(tree)).not.toContain(MERMAID_JS);
    }
    const lifecycle = fromHtml(await read(LIFECYCLE));
    const labels = selectAll('figure.op-diagram > svg.op-diagram__svg--light', lifecycle).map(
      (svg) => svg.properties.ariaLabel,
    );
    expect(labels).toEqual([
      'Booking a mission, from the first call to the launch window',
      expect.stringMatching(/^Entity relationship diagram: books, carries, .*and \d+ more$/),
      expect.stringMatching(/^Class diagram: carries, assigned to, Mission, /),
      'Gantt chart: Kestrel-4 launch campaign',
      'Pie chart: Kestrel-4 mass at lift-off',
      'Timeline: Acme Rockets milestones',
      'The mission board, from draft to flown',
    ]);
  });

  it('keeps no script, handler or external reference in any SVG of any page', async () => {
    const { outDir } = inject('exampleBuild');
    let svgs = 0;
    for (const file of await htmlPages(outDir)) {
      const html = await read(file);
      for (const match of html.matchAll(/<svg[\s>][\s\S]*?<\/svg>/g)) {
        svgs++;
        const svg = match[0];
        expect(svg, file).not.toMatch(/<script|<foreignObject|\son[a-z]+=|javascript:/i);
        expect(svg, file).not.toMatch(/url\(\s*['"]?(?!#)|href="(?!#|https:)/i);
      }
    }
    expect(svgs).toBeGreaterThan(16);
  });

  it('says once how it drew them, and warns of nothing', async () => {
    const { stdout, stderr } = inject('exampleBuild');
    expect(stderr).not.toContain('mermaid');
    expect(stdout.split('\n').filter((line) => line.startsWith('note: mermaid'))).toEqual([
      expect.stringMatching(
        /^note: mermaid diagrams: 10 drawn at build time \(\d+ from the cache\)$/,
      ),
    ]);
    expect(select('pre.op-diagram-error', fromHtml(await read(LIFECYCLE)))).toBeUndefined();
  });

  it('indexes the diagrams’ text labels for search, and keeps the fences in the .md copy', async () => {
    const { outDir } = inject('exampleBuild');
    const dir = path.join(outDir, 'pagefind', 'fragment');
    const contents: string[] = [];
    for (const name of await readdir(dir)) {
      const raw = gunzipSync(await readFile(path.join(dir, name))).toString('utf8');
      const fragment = JSON.parse(raw.slice('pagefind_dcd'.length)) as {
        url: string;
        content: string;
      };
      if (fragment.url.endsWith('/concepts/mission-lifecycle/')) contents.push(fragment.content);
    }
    expect(contents).toHaveLength(1);
    // A sequence message, an ER entity, a pie slice: words only the drawings hold.
    for (const label of ['Window LW-2291', 'DEPLOYER', 'Vehicle structure'])
      expect(contents[0]).toContain(label);
    const copy = await readFile(path.join(outDir, 'concepts/mission-lifecycle.md'), 'utf8');
    expect(copy.match(/^```mermaid$/gm)).toHaveLength(7);
  });
});

describe('mermaid diagrams without a Chromium (the page draws them)', () => {
  let work: { dir: string; cleanup: () => Promise<void> };
  let outDir: string;
  let stdout: string;
  let base: string;
  const missing = '/nonexistent/chromium';

  beforeAll(async () => {
    requireChromium();
    work = await tempDir('offprint-diagrams-');
    // The example's snapshot, without the drawings its render cached (its markdown, image
    // variants and specs kept: what the diagrams stage does is what is tested, not a cold render).
    const cacheDir = await copyFolder(
      inject('exampleBuild').cacheDir,
      path.join(work.dir, 'cache'),
    );
    await rm(path.join(cacheDir, 'render', 'diagrams'), { recursive: true, force: true });
    outDir = path.join(work.dir, 'dist');
    const result = await runCli(['render', '--cache', cacheDir, '--out', outDir], {
      env: { OFFPRINT_CHROMIUM: missing },
    }).done;
    if (result.code !== 0) throw new Error(`offprint render failed:\n${result.stderr}`);
    stdout = result.stdout;
    base = await snapshotBase(cacheDir);
  }, 240_000);
  afterAll(() => work?.cleanup());

  it('says so once, and gives the pages with diagrams the site’s own mermaid, the others nothing', async () => {
    expect(stdout.split('\n').filter((line) => line.startsWith('note: mermaid'))).toEqual([
      `note: mermaid diagrams: 10 left to the reader's browser on 4 page(s), which load mermaid (no Chromium at ${missing})`,
    ]);
    expect(existsSync(path.join(outDir, MERMAID_JS))).toBe(true);
    for (const file of await htmlPages(outDir)) {
      const html = await readFile(path.join(outDir, file), 'utf8');
      const drawsHere = file in DRAWN_ON;
      expect(html.includes(`src="${base}${MERMAID_JS}"`), file).toBe(drawsHere);
      expect(html.includes('<pre class="mermaid"'), file).toBe(drawsHere);
      expect(html, file).not.toMatch(/cdn|jsdelivr|unpkg/i);
    }
  });

  it('draws them in the reader’s browser from that copy', async () => {
    const server = await serveStatic({ dir: outDir, base });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(new URL(`${base}concepts/mission-lifecycle/`, server.url).href);
      // Mermaid marks each block it drew: all seven.
      await page.waitForFunction(
        () => document.querySelectorAll('pre.mermaid[data-processed] svg').length === 7,
        undefined,
        { timeout: 30_000 },
      );
      expect(requests.every((url) => url.startsWith(server.url))).toBe(true);
      // The reader switches to dark: each diagram is drawn again, in mermaid's dark theme.
      const firstId = () => page.evaluate(() => document.querySelector('pre.mermaid svg')?.id);
      const before = await firstId();
      const toggle = page.locator('.op-theme-toggle');
      while ((await toggle.getAttribute('data-state')) !== 'dark') await toggle.click();
      await page.waitForFunction(
        (id) => {
          const drawn = document.querySelectorAll('pre.mermaid[data-processed] svg');
          return drawn.length === 7 && drawn[0]?.id !== id;
        },
        before,
        { timeout: 30_000 },
      );
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
