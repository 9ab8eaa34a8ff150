import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { discoverLocalPages } from '../local-pages/index.ts';
import { loadSiteModel } from '../site/index.ts';
import { pathInside } from '../site/paths.ts';
import { Snapshot } from '../snapshot/read.ts';
import { SnapshotStore } from '../snapshot/store.ts';
import { assemblePrintDocument } from './assemble.ts';
import { findChromium, INSTALL_HINT } from './chromium.ts';
import { type PdfScope, planPdfDocuments } from './documents.ts';
import { openPrinter } from './print.ts';
import { printDocumentFor } from './print-document.ts';

export { INSTALL_HINT } from './chromium.ts';

/**
 * `offprint pdf`: one PDF per section variant of a rendered site, under `<out>/pdf/`. Reads the
 * snapshot's site model for what goes where and the rendered pages for what they show; the
 * site's HTML is never changed.
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
  /** `--chromium PATH`; default the first Chromium on PATH. */
  chromium?: string;
  /** The date on the covers; default today (UTC). */
  date?: string;
  /** `section` (default): a PDF per section variant; `site`: one, `site.pdf`, of them all. */
  scope?: PdfScope;
  /** Called as each PDF is written. */
  onDocument?: (done: PdfFile, index: number, total: number) => void;
}

export interface PdfFile {
  /** Relative to the PDF directory. */
  file: string;
  pages: number;
  bytes: number;
  seconds: number;
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
  const snapshotDir = await new SnapshotStore(options.cacheDir).current();
  if (!snapshotDir)
    throw new Error(
      `no snapshot in ${options.cacheDir}: run offprint pull (or offprint build) first`,
    );
  const snapshot = await Snapshot.open(snapshotDir);
  const localPages = options.pagesDir ? await discoverLocalPages(options.pagesDir) : [];
  const model = await loadSiteModel(snapshot, { base: options.base, localPages });
  const revisions = new Map(snapshot.manifest.spaces.map((s) => [s.spaceId, s.revision]));
  const plan = planPdfDocuments(model, { scope: options.scope, revisions });
  const outDir = path.resolve(options.outDir);
  const pdfDir = path.resolve(options.pdfDir ?? path.join(outDir, 'pdf'));
  await mkdir(pdfDir, { recursive: true });
  const date = options.date ?? new Date().toISOString().slice(0, 10);

  const printer = await openPrinter({ chromium, outDir, base: model.base });
  const files: PdfFile[] = [];
  try {
    for (const [index, document] of plan.documents.entries()) {
      const begun = Date.now();
      const html = assemblePrintDocument(
        await printDocumentFor(document, { outDir, title: model.title, date }),
      );
      const target = pathInside(pdfDir, document.fileName);
      if (!target) throw new Error(`PDF name escapes the output: ${document.fileName}`);
      await writeFile(target, await printer.print(html));
      const done: PdfFile = {
        file: document.fileName,
        pages: document.pages.length,
        bytes: (await stat(target)).size,
        seconds: (Date.now() - begun) / 1000,
      };
      files.push(done);
      options.onDocument?.(done, index, plan.documents.length);
    }
  } finally {
    await printer.close();
  }
  return { pdfDir, files, notes: plan.skipped, seconds: (Date.now() - started) / 1000 };
}
