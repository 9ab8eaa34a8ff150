import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { discoverLocalPages } from '../local-pages/index.ts';
import { loadSiteModel, type PageModel, type SiteModel } from '../site/index.ts';
import { pathInside } from '../site/paths.ts';
import { Snapshot } from '../snapshot/read.ts';
import { SnapshotStore } from '../snapshot/store.ts';
import { assembleSheets, type PrintCopies } from './assemble.ts';
import { findChromium, INSTALL_HINT } from './chromium.ts';
import { CHUNK_PAGES, splitChunks } from './chunks.ts';
import type { CoverInfo } from './cover.ts';
import { type PdfScope, planPdfDocuments } from './documents.ts';
import { spaceRevisions } from './listing.ts';
import { mergeChunks } from './merge.ts';
import { openPrinter, type PdfPrinter } from './print.ts';
import { printPlanFor, readRenderedPage } from './print-document.ts';
import { PdfRecord, type PdfReusable } from './record.ts';
import { mapSheets, placeSheets, type Sheet } from './sheets.ts';

export { findChromium, INSTALL_HINT } from './chromium.ts';
export { PDF_SCOPES, type PdfScope } from './documents.ts';
export { pdfListing, spaceRevisions } from './listing.ts';

/**
 * `offprint pdf`: the PDFs of a rendered site under `<out>/pdf/`, one per site space or
 * (scope `site`) one of them all. Reads the site model for what goes where and the rendered
 * pages for what they show; the site's HTML is never changed. A document longer than
 * `CHUNK_PAGES` pages is printed in chunks and merged (src/pdf/chunks.ts), so Chromium's memory,
 * and the merge's, stays bounded whatever its size.
 */
export interface PdfOptions {
  cacheDir: string;
  /** The rendered site. */
  outDir: string;
  /** Where the PDFs go; default `<outDir>/pdf`. */
  pdfDir?: string;
  /** As the render was given them, so that the model matches the rendered site. */
  base?: string;
  pagesDir?: string;
  /**
   * The site model the render used and the revision of each space's content (the snapshot
   * manifest's, by space id); loaded from the snapshot when absent.
   */
  site?: { model: SiteModel; revisions: ReadonlyMap<string, string> };
  /** `--chromium PATH`; default the first Chromium on PATH. */
  chromium?: string;
  /** The date on the covers; default today (UTC). */
  date?: string;
  /** `section` (default): a PDF per site space; `site`: one, `site.pdf`, of them all. */
  scope?: PdfScope;
  /** Site pages per print; longer documents are printed in chunks and merged. */
  chunkPages?: number;
  /** The render's print copies of its images, printed in their place (src/pdf/assemble.ts). */
  printCopies?: PrintCopies;
  /**
   * The PDFs of the output this one replaces (`dir`): a PDF printed from the same pages by the
   * same Offprint is copied from there rather than printed again (`<cacheDir>/render/pdf.json`
   * remembers what each was printed from; `reusable`, the render's reuse policy, decides).
   */
  previous?: { dir: string; reusable: PdfReusable };
  /** Told as each document starts, each chunk is printed and each PDF is written. */
  onProgress?: (event: PdfProgress) => void;
}

export type PdfProgress =
  | { kind: 'document'; file: string; pages: number; index: number; total: number }
  | { kind: 'chunk'; file: string; chunk: number; chunks: number; index: number; total: number }
  | { kind: 'written'; done: PdfFile; index: number; total: number };

export interface PdfFile {
  /** Relative to the PDF directory. */
  file: string;
  pages: number;
  bytes: number;
  seconds: number;
  /** Printed in this many chunks (1: in one go; 0: copied). */
  chunks: number;
  /** Copied from the previous output: its pages had not changed. */
  reused: boolean;
}

export interface PdfResult {
  pdfDir: string;
  files: PdfFile[];
  /** What was left out and why, one line each. */
  notes: string[];
  seconds: number;
}

/** No Chromium to print with: the message is the one line to show. */
export class PdfUnavailableError extends Error {}

export async function writeSitePdfs(options: PdfOptions): Promise<PdfResult> {
  const started = Date.now();
  const chromium = findChromium(options.chromium);
  if (!chromium) throw new PdfUnavailableError(INSTALL_HINT);
  const { model, revisions } = options.site ?? (await loadSite(options));
  const plan = planPdfDocuments(model, { scope: options.scope, revisions });
  const outDir = path.resolve(options.outDir);
  const pdfDir = path.resolve(options.pdfDir ?? path.join(outDir, 'pdf'));
  await mkdir(pdfDir, { recursive: true });
  const date = options.date ?? new Date().toISOString().slice(0, 10);
  const record = new PdfRecord(path.join(options.cacheDir, 'render'));
  const entries = options.previous ? await record.read() : undefined;

  let printer: PdfPrinter | undefined;
  const files: PdfFile[] = [];
  const total = plan.documents.length;
  try {
    for (const [index, document] of plan.documents.entries()) {
      const begun = Date.now();
      const file = document.fileName;
      const { cover, parts } = printPlanFor(document, { title: model.title, date });
      const sheets = placeSheets(parts);
      const pages = document.pages.length;
      options.onProgress?.({ kind: 'document', file, pages, index, total });
      const target = pathInside(pdfDir, file);
      if (!target) throw new Error(`PDF name escapes the output: ${file}`);
      const key = await documentKey(outDir, file, cover, sheets);
      const reused =
        options.previous !== undefined &&
        (await record.reuse(entries, file, key, options.previous, target));
      let chunks = 0;
      if (!reused) {
        printer ??= await openPrinter({ chromium, outDir, base: model.base });
        chunks = await printDocument(printer, cover, sheets, {
          outDir,
          target,
          chunkPages: options.chunkPages ?? CHUNK_PAGES,
          ...(options.printCopies ? { printCopies: options.printCopies } : {}),
          onChunk: (chunk, count) =>
            options.onProgress?.({ kind: 'chunk', file, chunk, chunks: count, index, total }),
        });
      }
      await record.remember(file, key, target);
      const done: PdfFile = {
        file,
        pages,
        bytes: (await stat(target)).size,
        seconds: (Date.now() - begun) / 1000,
        chunks,
        reused,
      };
      files.push(done);
      options.onProgress?.({ kind: 'written', done, index, total });
    }
  } finally {
    await printer?.close();
  }
  if (options.previous) await record.write();
  return { pdfDir, files, notes: plan.skipped, seconds: (Date.now() - started) / 1000 };
}

async function loadSite(options: PdfOptions): Promise<NonNullable<PdfOptions['site']>> {
  const snapshotDir = await new SnapshotStore(options.cacheDir).current();
  if (!snapshotDir)
    throw new Error(
      `no snapshot in ${options.cacheDir}: run offprint pull (or offprint build) first`,
    );
  const snapshot = await Snapshot.open(snapshotDir);
  const localPages = options.pagesDir ? await discoverLocalPages(options.pagesDir) : [];
  const model = await loadSiteModel(snapshot, { base: options.base, localPages });
  return { model, revisions: spaceRevisions(snapshot) };
}

/**
 * Prints one document into `target`: in one go when it is short, else chunk by chunk into a
 * scratch folder (outside the output), then merged into `target` as each is read. Only one
 * chunk's pages are held at a time.
 * Returns the number of chunks.
 */
export async function printDocument(
  printer: PdfPrinter,
  cover: CoverInfo,
  sheets: readonly Sheet<PageModel>[],
  options: {
    outDir: string;
    target: string;
    chunkPages: number;
    printCopies?: PrintCopies;
    onChunk?: (chunk: number, chunks: number) => void;
  },
): Promise<number> {
  const read = (page: PageModel) => readRenderedPage(options.outDir, page);
  const { printCopies } = options;
  const chunks = splitChunks(sheets, options.chunkPages);
  if (chunks.length <= 1) {
    options.onChunk?.(1, 1);
    const html = assembleSheets(cover, await mapSheets(sheets, read), undefined, printCopies);
    await writeFile(options.target, await printer.print(html));
    return 1;
  }
  const scratch = await mkdtemp(path.join(tmpdir(), 'offprint-pdf-chunks-'));
  try {
    const files: string[] = [];
    for (const [k, chunk] of chunks.entries()) {
      options.onChunk?.(k + 1, chunks.length);
      const html = assembleSheets(
        cover,
        await mapSheets(chunk.sheets, read),
        chunk.place,
        printCopies,
      );
      const file = path.join(scratch, `chunk-${k + 1}.pdf`);
      await writeFile(file, await printer.print(html));
      files.push(file);
    }
    await mergeChunks(readEach(files), options.target);
    return chunks.length;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function* readEach(files: readonly string[]): AsyncGenerator<Uint8Array> {
  for (const file of files) yield new Uint8Array(await readFile(file));
}

/**
 * What a PDF is printed from: its name, its cover but the date, its sheets (parts, groups,
 * levels) and each page as rendered.
 */
async function documentKey(
  outDir: string,
  file: string,
  cover: CoverInfo,
  sheets: readonly Sheet<PageModel>[],
): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ ...cover, date: undefined, file }));
  for (const sheet of sheets) {
    if (sheet.kind === 'part') {
      hash.update(`\0part\0${JSON.stringify(sheet.opening)}`);
      continue;
    }
    const { page, level, groups } = sheet;
    hash.update(`\0${page.url}\0${page.aliases.join(' ')}\0${page.title}\0${level}\0`);
    hash.update(JSON.stringify(groups));
    hash.update((await readRenderedPage(outDir, page)).html);
  }
  return hash.digest('hex');
}
