import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { EXAMPLE_PAGES_DIR } from '../../src/cli/site-source.ts';
import { discoverLocalPages } from '../../src/local-pages/index.ts';
import { splitChunks } from '../../src/pdf/chunks.ts';
import { planPdfDocuments } from '../../src/pdf/documents.ts';
import type { PdfResult } from '../../src/pdf/index.ts';
import { printPlanFor } from '../../src/pdf/print-document.ts';
import { placeSheets } from '../../src/pdf/sheets.ts';
import { loadSiteModel, type SiteModel } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { SnapshotStore } from '../../src/snapshot/store.ts';
import { expectedBookmarks, type Jump, openPdf, type Pdf, pdfLinks } from './helpers.ts';
import { PRINT_DATE, printedExample } from './printed-example.ts';

// The example's whole-site PDF printed by real Chromium in one print (shared with
// test/pdf/site-pdf) and in chunks of 4 pages merged (what a document longer than CHUNK_PAGES
// gets). The merged PDF must hold what the single print holds: sheets, bookmarks, jumps between
// its pages, tags.
const CHUNK = 4;
const { outDir, cacheDir } = inject('exampleBuild');
let whole: PdfResult;
let chunked: PdfResult;
let model: SiteModel;

beforeAll(async () => {
  [{ result: whole }, { result: chunked }] = await Promise.all([
    printedExample({ scope: 'site' }),
    printedExample({ scope: 'site', chunkPages: CHUNK }),
  ]);
  const snapshot = await Snapshot.open((await new SnapshotStore(cacheDir).current()) as string);
  model = await loadSiteModel(snapshot, {
    localPages: await discoverLocalPages(EXAMPLE_PAGES_DIR),
  });
}, 300_000);

function open(printed: PdfResult): Promise<Pdf> {
  return openPdf(path.join(printed.pdfDir, 'site.pdf'));
}

interface PlacedBookmark {
  title: string;
  /** The sheet it lands on. */
  sheet: number;
  items: PlacedBookmark[];
}

/** The whole outline: titles as Chromium wrote them, nesting, and where each lands. */
async function outline(pdf: Pdf): Promise<PlacedBookmark[]> {
  const place = async (
    items: readonly { title: string; dest: unknown; items: unknown[] }[],
  ): Promise<PlacedBookmark[]> =>
    Promise.all(
      items.map(async (item) => {
        const dest =
          typeof item.dest === 'string' ? await pdf.getDestination(item.dest) : item.dest;
        return {
          title: item.title,
          sheet: Array.isArray(dest) ? (await pdf.getPageIndex(dest[0])) + 1 : -1,
          items: await place(item.items as { title: string; dest: unknown; items: unknown[] }[]),
        };
      }),
    );
  return place((await pdf.getOutline()) ?? []);
}

function titles(marks: readonly PlacedBookmark[]): { title: string; items: unknown[] }[] {
  return marks.map((mark) => ({ title: mark.title, items: titles(mark.items) }));
}

describe('a long document printed in chunks and merged', () => {
  it(`was printed in chunks of ${CHUNK} pages, some starting inside a sidebar group`, () => {
    const [document] = planPdfDocuments(model, { scope: 'site' }).documents;
    const pages = document?.pages.length ?? 0;
    expect(pages).toBeGreaterThan(30);
    expect(chunked.files).toMatchObject([
      { file: 'site.pdf', pages, chunks: Math.ceil(pages / CHUNK), reused: false },
    ]);
    expect(whole.files).toMatchObject([{ file: 'site.pdf', pages, chunks: 1 }]);
    // What makes joining the outline hard: a chunk whose first page sits below a bookmark
    // printed in the chunk before (a part's sheet, a sidebar group, a parent page).
    const { parts } = printPlanFor(document as never, { title: model.title, date: PRINT_DATE });
    const starts = splitChunks(placeSheets(parts), CHUNK).map((chunk) =>
      chunk.sheets.find((sheet) => sheet.kind === 'page'),
    );
    expect(starts.filter((sheet) => sheet && sheet.level >= 3).length).toBeGreaterThan(0);
  });

  it("has the sheets, the last sheet's text and the whole outline of the single print", async () => {
    const [one, merged] = [await open(whole), await open(chunked)];
    expect(merged.numPages).toBe(one.numPages);
    const bookmarks = await outline(merged);
    expect(bookmarks).toEqual(await outline(one));
    // Real titles (no page named twice), nested as the sidebar: each variant over its pages.
    const variants = [
      ['Guides — v2', 'guides-v2'],
      ['Guides — v1 (legacy)', 'guides-v1'],
      ['Guides — Français', 'guides-fr'],
      ['API reference', 'api-ref'],
    ] as const;
    expect(titles(bookmarks)).toEqual(
      await Promise.all(
        variants.map(async ([title, space]) => ({
          title,
          items: await expectedBookmarks(model, space, outDir),
        })),
      ),
    );
    const text = async (pdf: Pdf, n: number) =>
      (await (await pdf.getPage(n)).getTextContent()).items
        .map((i) => ('str' in i ? i.str : ''))
        .join('');
    expect(await text(merged, merged.numPages)).toBe(await text(one, one.numPages));
  });

  it('links between pages of different chunks jump inside the PDF, to the same sheets', async () => {
    const [one, merged] = [await open(whole), await open(chunked)];
    const [a, b] = [await pdfLinks(one), await pdfLinks(merged)];
    expect(b.broken).toEqual([]);
    expect(b.web.filter((url) => url.includes('offprint-chunk'))).toEqual([]);
    expect(b.web).toEqual(a.web);
    // A web link that wraps is one annotation per line, a jump one for all its lines: the
    // cross-chunk links were printed as web links, so they are compared as distinct jumps.
    const distinct = (jumps: Jump[]) => [
      ...new Set(jumps.map((j) => `${j.sheet}→${j.to} ${j.dest}`)),
    ];
    expect(distinct(b.jumps)).toEqual(distinct(a.jumps));
    // Some of them cross chunks: 4 pages a chunk, so a jump of many sheets leaves its chunk.
    expect(b.jumps.some((jump) => Math.abs(jump.to - jump.sheet) > 8)).toBe(true);
  });

  it('stays tagged: the last sheet has its structure', async () => {
    const merged = await open(chunked);
    expect((await merged.getMarkInfo())?.Marked).toBe(true);
    const last = await merged.getPage(merged.numPages);
    const tree = JSON.stringify(await last.getStructTree());
    const marked = (await last.getTextContent({ includeMarkedContent: true })).items
      .filter((item) => 'type' in item && item.type === 'beginMarkedContentProps')
      .map((item) => ('id' in item ? item.id : undefined));
    // Every marked run of the sheet's content is in the structure tree.
    expect(marked.length).toBeGreaterThan(0);
    for (const id of marked) expect(tree).toContain(`"id":"${id}"`);
  });
});
