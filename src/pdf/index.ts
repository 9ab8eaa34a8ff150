import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { discoverLocalPages } from '../local-pages/index.ts';
import { loadSiteModel, type PageModel, type SiteModel } from '../site/index.ts';
import { pathInside } from '../site/paths.ts';
import { Snapshot } from '../snapshot/read.ts';
import { SnapshotStore } from '../snapshot/store.ts';
import { assemblePrintDocument, pageAnchor, type RenderedPage } from './assemble.ts';
import { findChromium, INSTALL_HINT } from './chromium.ts';
import type { CoverInfo } from './cover.ts';
import { type PdfDocumentPlan, planPdfDocuments } from './documents.ts';
import { mergeParts } from './merge.ts';
import { type DocumentPart, PART_PAGES, splitParts } from './parts.ts';
import { openPrinter, type PdfPrinter } from './print.ts';
import { PdfRecord } from './record.ts';

export { findChromium, INSTALL_HINT } from './chromium.ts';
export { pdfListing } from './listing.ts';

/**
 * `offprint pdf`: one PDF per section variant of a rendered site, under `<out>/pdf/`. Reads the
 * snapshot's site model for what goes where and the rendered pages for what they show; the
 * site's HTML is never changed. A section longer than `PART_PAGES` pages is printed in parts
 * and merged (src/pdf/parts.ts), so Chromium's memory stays bounded whatever its size.
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
  /** The site model the render used; loaded from the snapshot when absent. */
  model?: SiteModel;
  /** `--chromium PATH`; default the first Chromium on PATH. */
  chromium?: string;
  /** The date on the covers; default today (UTC). */
  date?: string;
  /** Site pages per print; longer documents are printed in parts and merged. */
  partPages?: number;
  /**
   * The PDFs of the output this one replaces: a PDF printed from the same pages by the same
   * Offprint is copied from there rather than printed again (`<cacheDir>/render/pdf.json`
   * remembers what each was printed from).
   */
  previousDir?: string;
  /** Told as each document starts, each part is printed and each PDF is written. */
  onProgress?: (event: PdfProgress) => void;
}

export type PdfProgress =
  | { kind: 'document'; file: string; pages: number; index: number; total: number }
  | { kind: 'part'; file: string; part: number; parts: number; index: number; total: number }
  | { kind: 'written'; done: PdfFile; index: number; total: number };

export interface PdfFile {
  /** Relative to the PDF directory. */
  file: string;
  pages: number;
  bytes: number;
  seconds: number;
  /** Printed in this many parts (1: in one go). */
  parts: number;
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
  const model = options.model ?? (await loadModel(options));
  const plan = planPdfDocuments(model);
  const outDir = path.resolve(options.outDir);
  const pdfDir = path.resolve(options.pdfDir ?? path.join(outDir, 'pdf'));
  await mkdir(pdfDir, { recursive: true });
  const date = options.date ?? new Date().toISOString().slice(0, 10);
  const record = new PdfRecord(path.join(options.cacheDir, 'render'));
  const previous = options.previousDir ? await record.read() : undefined;

  let printer: PdfPrinter | undefined;
  const files: PdfFile[] = [];
  const total = plan.documents.length;
  try {
    for (const [index, document] of plan.documents.entries()) {
      const begun = Date.now();
      const cover = coverOf(model, document, date);
      options.onProgress?.({
        kind: 'document',
        file: document.fileName,
        pages: document.pages.length,
        index,
        total,
      });
      const target = pathInside(pdfDir, document.fileName);
      if (!target) throw new Error(`PDF name escapes the output: ${document.fileName}`);
      const key = await documentKey(outDir, document, cover);
      const reused =
        options.previousDir !== undefined &&
        (await record.reuse(previous, document.fileName, key, options.previousDir, target));
      let parts = 0;
      if (!reused) {
        printer ??= await openPrinter({ chromium, outDir, base: model.base });
        parts = await printDocument(printer, document.pages, cover, {
          outDir,
          target,
          partPages: options.partPages ?? PART_PAGES,
          onPart: (part, count) =>
            options.onProgress?.({
              kind: 'part',
              file: document.fileName,
              part,
              parts: count,
              index,
              total,
            }),
        });
      }
      const { size } = await stat(target);
      await record.remember(document.fileName, key, target);
      const done: PdfFile = {
        file: document.fileName,
        pages: document.pages.length,
        bytes: size,
        seconds: (Date.now() - begun) / 1000,
        parts,
        reused,
      };
      files.push(done);
      options.onProgress?.({ kind: 'written', done, index, total });
    }
  } finally {
    await printer?.close();
  }
  if (options.previousDir) await record.write();
  return { pdfDir, files, notes: plan.skipped, seconds: (Date.now() - started) / 1000 };
}

async function loadModel(options: PdfOptions): Promise<SiteModel> {
  const snapshotDir = await new SnapshotStore(options.cacheDir).current();
  if (!snapshotDir)
    throw new Error(
      `no snapshot in ${options.cacheDir}: run offprint pull (or offprint build) first`,
    );
  const snapshot = await Snapshot.open(snapshotDir);
  const localPages = options.pagesDir ? await discoverLocalPages(options.pagesDir) : [];
  return loadSiteModel(snapshot, { base: options.base, localPages });
}

function coverOf(model: SiteModel, document: PdfDocumentPlan, date: string): CoverInfo {
  return {
    title: model.title,
    ...(document.sectionTitle ? { sectionTitle: document.sectionTitle } : {}),
    ...(document.hasVariants ? { variantTitle: document.variantTitle } : {}),
    date,
  };
}

/**
 * Prints one document into `target`: in one go when it is short, else part by part into a
 * scratch folder (outside the output), then merged. Returns the number of parts.
 */
export async function printDocument(
  printer: PdfPrinter,
  pages: readonly PageModel[],
  cover: CoverInfo,
  options: {
    outDir: string;
    target: string;
    partPages: number;
    onPart?: (part: number, parts: number) => void;
  },
): Promise<number> {
  const parts = splitParts(pages, options.partPages);
  if (parts.length <= 1) {
    options.onPart?.(1, 1);
    const html = assemblePrintDocument(await readPages(options.outDir, pages), cover);
    await writeFile(options.target, await printer.print(html));
    return 1;
  }
  const scratch = await mkdtemp(path.join(tmpdir(), 'offprint-pdf-parts-'));
  try {
    const files: string[] = [];
    let first = 0;
    for (const [k, part] of parts.entries()) {
      options.onPart?.(k + 1, parts.length);
      const html = assemblePrintDocument(
        await readPages(options.outDir, part),
        cover,
        partOf(pages, first, part.length, k === 0),
      );
      const file = path.join(scratch, `part-${k + 1}.pdf`);
      await writeFile(file, await printer.print(html));
      files.push(file);
      first += part.length;
    }
    await writeFile(options.target, await mergeParts(readEach(files)));
    return parts.length;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Where the pages outside `[first, first + length)` are: their anchors in the whole document. */
function partOf(
  pages: readonly PageModel[],
  first: number,
  length: number,
  cover: boolean,
): DocumentPart {
  const elsewhere = new Map<string, string>();
  pages.forEach((page, index) => {
    if (index >= first && index < first + length) return;
    for (const url of [page.url, ...page.aliases]) elsewhere.set(url, pageAnchor(index));
  });
  return { first, elsewhere, cover };
}

async function* readEach(files: readonly string[]): AsyncGenerator<Uint8Array> {
  for (const file of files) yield new Uint8Array(await readFile(file));
}

async function readPages(outDir: string, pages: readonly PageModel[]): Promise<RenderedPage[]> {
  const rendered: RenderedPage[] = [];
  for (const page of pages) {
    rendered.push({ url: page.url, aliases: page.aliases, html: await readPage(outDir, page) });
  }
  return rendered;
}

function readPage(outDir: string, page: PageModel): Promise<string> {
  const file = pathInside(outDir, page.outputFile);
  if (!file) throw new Error(`page file escapes the output: ${page.outputFile}`);
  return readFile(file, 'utf8');
}

/** What a PDF is printed from: its pages as rendered and its cover but the date. */
async function documentKey(
  outDir: string,
  document: PdfDocumentPlan,
  cover: CoverInfo,
): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ ...cover, date: undefined, file: document.fileName }));
  for (const page of document.pages) {
    hash.update(`\0${page.url}\0${page.aliases.join(' ')}\0`);
    hash.update(await readPage(outDir, page));
  }
  return hash.digest('hex');
}
