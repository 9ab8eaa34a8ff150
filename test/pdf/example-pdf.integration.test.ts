import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Element } from 'hast';
import { selectAll } from 'hast-util-select';
import { toText } from 'hast-util-to-text';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { EXAMPLE_PAGES_DIR } from '../../src/cli/site-source.ts';
import { discoverLocalPages } from '../../src/local-pages/index.ts';
import type { PdfResult } from '../../src/pdf/index.ts';
import { loadSiteModel, type PageModel, type SiteModel } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { SnapshotStore } from '../../src/snapshot/store.ts';
import {
  bookmarks,
  expectedBookmarks,
  fillColours,
  imagePaints,
  openPdf as open,
  type Pdf,
  pdfLinks,
  renderedArticle,
  squash,
} from './helpers.ts';
import { PRINT_DATE, type PrintedExample, printedExample } from './printed-example.ts';

// The example the global setup built, printed by real Chromium (once per run: test/pdf/chunks
// reads the same PDFs) into a folder beside it (the shared output stays as the other suites
// read it).
const { outDir, cacheDir } = inject('exampleBuild');
let printed: PrintedExample;
let pdfDir: string;
let result: PdfResult;
let model: SiteModel;

const FILES = [
  ['index.pdf', 'guides-v2'],
  ['guides-v1.pdf', 'guides-v1'],
  ['guides-fr.pdf', 'guides-fr'],
  ['api.pdf', 'api-ref'],
] as const;

function openPdf(file: string): Promise<Pdf> {
  return open(path.join(pdfDir, file));
}

/** The rendered articles of the pages a PDF holds, as the PDF prints them. */
async function articlesOf(siteSpaceId: string): Promise<Element[]> {
  const pages = model.pages.filter((p) => p.siteSpaceId === siteSpaceId && !p.hidden);
  return Promise.all(pages.map((page) => renderedArticle(outDir, page)));
}

async function textOf(file: string): Promise<string> {
  const { text } = await extractText(await openPdf(file), { mergePages: true });
  return text;
}

beforeAll(async () => {
  printed = await printedExample();
  ({ pdfDir, result } = printed);
  const snapshot = await Snapshot.open((await new SnapshotStore(cacheDir).current()) as string);
  model = await loadSiteModel(snapshot, {
    localPages: await discoverLocalPages(EXAMPLE_PAGES_DIR),
  });
}, 300_000);

function shownTitles(siteSpaceId: string): string[] {
  return model.pages.filter((p) => p.siteSpaceId === siteSpaceId && !p.hidden).map((p) => p.title);
}

describe('offprint pdf on the example', () => {
  it('writes one PDF per section variant, none for the section behind a visitor condition', () => {
    expect(result.files.map((f) => f.file)).toEqual([
      'index.pdf',
      'guides-v1.pdf',
      'guides-fr.pdf',
      'api.pdf',
    ]);
    // The v2 guides: 18 pages since the mission lifecycle page (its diagrams) joined them, 20
    // since "Launch sites" and "Rideshare plans" did, 21 since "Countdown procedure" did.
    expect(result.files[0]).toMatchObject({ file: 'index.pdf', pages: 21 });
    expect(result.notes).toEqual([
      '/docs/telemetry/: shown only to some visitors (adaptive content), no PDF',
    ]);
  });

  it.each(FILES)(
    '%s: a cover, then each shown page on its own sheets in reading order',
    async (file, space) => {
      const pdf = await openPdf(file);
      const { text } = await extractText(pdf, { mergePages: false });
      expect(text[0]).toContain('Acme Rockets Docs');
      expect(text[0]).toContain(PRINT_DATE);
      // The titles are lines of the text, in reading order (a title may also recur in content);
      // a page's emoji comes before its title on the line.
      const lines = text.slice(1).flatMap((sheet) => sheet.split('\n').map((line) => line.trim()));
      let at = -1;
      for (const title of shownTitles(space)) {
        at = lines.findIndex((line, i) => i > at && (line === title || line.endsWith(` ${title}`)));
        expect(at, `"${title}" after the previous page's title`).toBeGreaterThanOrEqual(0);
      }
    },
  );

  it('leaves the hidden page out', async () => {
    const hidden = model.pages.filter((p) => p.siteSpaceId === 'guides-v2' && p.hidden);
    expect(hidden.map((p) => p.title)).toEqual(['Range safety runbook']);
    const text = await textOf('index.pdf');
    expect(text).not.toContain('Range safety runbook');
    // Its body too, not only its title.
    const body = toText(await renderedArticle(outDir, hidden[0] as PageModel));
    expect(body).toContain('Flight safety officer calls the hold');
    expect(squash(text)).not.toContain(squash('Flight safety officer calls the hold'));
  });

  it('prints each mermaid diagram as drawn, once: the light drawing, not the dark one or the search text', async () => {
    const text = squash(await textOf('index.pdf'));
    // Words only the sequence diagram's drawing holds (the page's text does not).
    const label = squash('Window LW-2291');
    expect(text.split(label)).toHaveLength(2);
    // And an edge label of the flowchart's.
    expect(text.split(squash('changes requested'))).toHaveLength(2);
  });

  it('leaves out the region shown only to visitors with a claim', async () => {
    const payloads = model.pages.find((p) => p.url === '/docs/concepts/payloads/') as PageModel;
    const html = await readFile(path.join(outDir, payloads.outputFile), 'utf8');
    expect(html).toContain('data-op-condition');
    expect(html).toContain('Enterprise contracts include one free mass-limit waiver');
    const text = await textOf('index.pdf');
    expect(text).toContain('Mass and volume limits');
    expect(text).not.toContain('Enterprise contracts');
  });

  it('is a tagged PDF', async () => {
    for (const [file] of FILES)
      expect((await (await openPdf(file)).getMarkInfo())?.Marked, file).toBe(true);
  });

  // Chromium once named page bookmarks "WelcomeWelcome": a heading at the top of a sheet was
  // drawn on the sheet before it too (assemble.ts keeps its glyphs in its box).
  it.each(FILES)(
    'names each page bookmark with the page title: %s has the sidebar of %s as bookmarks',
    async (file, space) => {
      const actual = await bookmarks(await openPdf(file));
      expect(actual).toEqual(await expectedBookmarks(model, space, outDir));
    },
  );

  it('bookmarks sidebar groups over their pages, nested pages under their parents', async () => {
    const outline = await bookmarks(await openPdf('index.pdf'));
    const operations = outline.find((b) => b.title === 'Operations');
    expect(operations?.items.map((b) => b.title)).toEqual([
      'Telemetry streaming',
      'Scrubs and holds',
      'Countdown procedure',
      'Ground station setup',
      'Migrating from v1',
      'Release notes',
    ]);
    const start = outline.find((b) => b.title === 'Getting started');
    const first = start?.items.find((b) => b.title === 'Your first launch');
    expect(first?.items.at(-1)?.title).toBe('Pre-flight checklist');
  });

  it('prints every image of its pages: raster images painted once each, SVG as drawing', async () => {
    for (const [file, space] of FILES) {
      const articles = await articlesOf(space);
      const images = articles.flatMap((a) => selectAll('img', a));
      // A cover's dark-mode image is not shown on paper (the PDF prints the light scheme), nor
      // are its copies for a reader whose theme choice differs from the system's.
      const copies = new Set(
        articles.flatMap((a) =>
          selectAll(':is(.op-scheme-only-light, .op-scheme-only-dark) img', a),
        ),
      );
      const printed = images.filter(
        (img) =>
          !copies.has(img) && !String(img.properties.className ?? '').includes('op-scheme-dark'),
      );
      const raster = printed.filter((img) => !String(img.properties.src).endsWith('.svg'));
      // The cover's logo, then each page's.
      expect(await imagePaints(await openPdf(file)), file).toBe(1 + raster.length);
    }
    // The example's one SVG image is a drawing in the PDF: its sky colour is painted.
    const pdf = await openPdf('index.pdf');
    const { text } = await extractText(pdf, { mergePages: false });
    const sheet = text.findIndex((t) => t.includes('Choosing a window')) + 1;
    expect(await fillColours(pdf, sheet)).toContain('#1b2a49');
  });

  it('prints every tab panel with its title', async () => {
    const text = squash(await textOf('index.pdf'));
    const panels = (await articlesOf('guides-v2')).flatMap((a) => selectAll('.op-tabs__panel', a));
    expect(panels.length).toBeGreaterThan(4);
    for (const panel of panels) {
      const [title] = selectAll('.op-tabs__title', panel);
      expect(title, 'a panel title').toBeDefined();
      expect(text).toContain(squash(toText(title as Element)));
      for (const block of selectAll('.op-tabs__panel > :not(.op-tabs__title)', panel))
        expect(text).toContain(squash(toText(block)));
    }
  });

  it('prints steppers and hints as text, and math', async () => {
    const text = await textOf('index.pdf');
    const articles = await articlesOf('guides-v2');
    // Each step's body (its number is a marker drawn apart), each hint's.
    const blocks = articles.flatMap((a) => selectAll('.op-step__body, .op-hint__body', a));
    expect(blocks.length).toBeGreaterThan(5);
    const printed = squash(withoutLinkTargets(text));
    for (const block of blocks) expect(printed).toContain(squash(toText(block)));
    // KaTeX lays a formula out in pieces: its symbols are there, not necessarily in one line.
    expect(text).toContain('Δv');
    expect(text).toContain('6903');
    expect(text).toMatch(/μ/);
  });

  it('wraps long code lines: all of a line is there, nothing runs off the sheet', async () => {
    const pdf = await openPdf('index.pdf');
    const { text } = await extractText(pdf, { mergePages: true });
    // A block's lines are its code's text between newlines (Shiki's `span.line` is written only
    // where lines are numbered).
    const lines = (await articlesOf('guides-v2'))
      .flatMap((a) => selectAll('pre code', a))
      .flatMap((code) => toText(code, { whitespace: 'pre' }).split('\n'));
    const longest = lines.reduce((a, b) => (b.length > a.length ? b : a));
    // Longer than a line of the sheet holds, so it had to wrap.
    expect(longest.length).toBeGreaterThan(95);
    expect(text.split('\n').some((line) => line.includes(longest.trim()))).toBe(false);
    for (const line of lines) expect(squash(text)).toContain(squash(line));
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const right = (page.view[2] as number) - 45; // A4 less the 16 mm margin
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item) || !item.str.trim()) continue;
        expect(item.transform[4] + item.width, `"${item.str}" on sheet ${n}`).toBeLessThan(
          right + 2,
        );
      }
    }
  });

  it('leaves the rendered site as it was', () => {
    expect(printed.changedSiteFiles).toEqual([]);
  });

  it('turns links between its pages into jumps inside the PDF; others stay web links', async () => {
    const pdf = await openPdf('guides-v1.pdf');
    const { jumps, web, broken } = await pdfLinks(pdf);
    expect(jumps.length).toBeGreaterThan(0);
    expect(broken).toEqual([]);
    expect(web).toContain('https://docs.acme-rockets.example/docs/operations/migrating-from-v1/');
    expect(web.every((url) => !url.includes('127.0.0.1'))).toBe(true);
  });
});

/** The print stylesheet spells out each web link's target after it: ` (https://…)`. */
function withoutLinkTargets(text: string): string {
  return text.replace(/\s\(https?:\/\/[^)]*\)/g, '');
}
