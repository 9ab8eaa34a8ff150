import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { type BrokenLinkReport, type LinkScan, REPORT_FILE, readReport } from '../hosting/index.ts';
import { PDF_DIR } from '../pdf/listing.ts';
import { PdfRecord } from '../pdf/record.ts';
import { stampsOf } from '../records/file-stamps.ts';
import { type BuildRecord, LastBuild, type RenderSummary } from '../records/last-build.ts';
import { LastLinks } from './last-links.ts';
import {
  keepOutput,
  knownLinks,
  lastViews,
  type PdfsOnDisk,
  pageChanged,
  pagesWithSameView,
  pdfsLeftOut,
  recordOf,
  reusablePages,
  skipEverything,
} from './reuse-policy.ts';

/**
 * What a render knows of the last render into the same output, and what it leaves for the next.
 * It reads the records under `<cacheDir>/render/`, the link report and the stamps of the
 * output's files they name when the render reaches each decision, and hands them as plain values
 * to reuse-policy.ts, which decides; then it records this render.
 */
export interface RenderRecords {
  /** `<cacheDir>/render`: the records, the markdown and Astro caches, the build data. */
  renderDir: string;
  /** The broken-link report (src/hosting/link-report.ts). */
  reportFile: string;
  lastBuild: LastBuild;
  lastLinks: LastLinks;
  pdfRecord: PdfRecord;
  /** The PDFs of the output the render replaces. */
  previousPdfs: string;
}

function renderRecords(cacheDir: string, outDir: string): RenderRecords {
  const renderDir = path.resolve(cacheDir, 'render');
  return {
    renderDir,
    reportFile: path.join(cacheDir, REPORT_FILE),
    lastBuild: new LastBuild(renderDir),
    lastLinks: new LastLinks(renderDir),
    pdfRecord: new PdfRecord(renderDir),
    previousPdfs: path.join(path.resolve(outDir), PDF_DIR),
  };
}

export class LastRender {
  /** The last build's record, when it is about this output and that output is there. */
  readonly #record: BuildRecord | undefined;
  /** Output file → its view's digest then, once the shell is known and was the same. */
  #views: ReadonlyMap<string, string> | undefined;
  #shell = '';

  readonly records: RenderRecords;
  private readonly outDir: string;
  /** The digest of what this render reads (src/render/inputs.ts). */
  private readonly inputs: string;
  private readonly last: { record: BuildRecord | undefined; exists: boolean };

  private constructor(
    records: RenderRecords,
    outDir: string,
    inputs: string,
    last: { record: BuildRecord | undefined; exists: boolean },
  ) {
    this.records = records;
    this.outDir = outDir;
    this.inputs = inputs;
    this.last = last;
    this.#record = recordOf(last, path.resolve(outDir));
  }

  /** The last render into `outDir`, as its records and the disk have it now. */
  static async open(
    where: { cacheDir: string; outDir: string },
    inputs: string,
  ): Promise<LastRender> {
    const records = renderRecords(where.cacheDir, where.outDir);
    const [record, exists] = await Promise.all([
      records.lastBuild.read(),
      stat(where.outDir).then(
        (stats) => stats.isDirectory(),
        () => false,
      ),
    ]);
    return new LastRender(records, where.outDir, inputs, { record, exists });
  }

  /** Moment 1: what the last render reported, when it read these very inputs. */
  async skipAll(
    pdf: boolean,
  ): Promise<{ summary: RenderSummary; links: BrokenLinkReport } | undefined> {
    const links = await readReport(this.records.reportFile);
    const summary = skipEverything(
      { ...this.last, report: links, ...(pdf ? { pdfs: await this.#pdfsOnDisk() } : {}) },
      { outDir: path.resolve(this.outDir), inputs: this.inputs, pdf },
    );
    return summary && links ? { summary, links } : undefined;
  }

  /** The shell every page shares (fingerprints.ts): views are compared under the same one. */
  withShell(shell: string): void {
    this.#shell = shell;
    this.#views = lastViews(this.#record, shell);
  }

  /** Whether a page written with `digest` differs from the last render's. */
  pageChanged(file: string, digest: string): boolean {
    return pageChanged(this.#views, file, digest);
  }

  /** Moment 2: whether the output is already what this render would write. */
  async keepOutput(today: { fingerprint: string; pdfs: readonly string[] }): Promise<boolean> {
    const pdfs = today.pdfs.length > 0 ? await this.#pdfsOnDisk(today.pdfs) : undefined;
    return keepOutput(this.#record, today, pdfs);
  }

  /** Moment 3: the pages copied from the last output, and their links as last scanned. */
  async reusablePages(pageDigests: ReadonlyMap<string, string>) {
    const record = this.#record;
    const sameView = pagesWithSameView(record, this.#shell, pageDigests);
    const stamps = await stampsOf(this.outDir, sameView);
    const reused = reusablePages(record, this.#shell, pageDigests, stamps);
    const links = await this.records.lastLinks.read(this.outDir);
    return { reused, known: knownLinks(record, links, reused) };
  }

  /** Whether the last output had PDFs that this render, without them, leaves out. */
  async pdfsLeftOut(): Promise<boolean> {
    return pdfsLeftOut(
      { pdf: false },
      {
        pdfRecord: await this.records.pdfRecord.read(),
        pdfDirExists: existsSync(this.records.previousPdfs),
      },
    );
  }

  /** The output kept as it was: the next render may skip everything while its inputs hold. */
  rememberInputs(summary: RenderSummary): Promise<void> {
    return this.records.lastBuild.rememberInputs(this.outDir, { inputs: this.inputs, summary });
  }

  /** A new output swapped in: what the next render compares against. */
  async record(today: {
    fingerprint: string;
    pageDigests: ReadonlyMap<string, string>;
    summary: RenderSummary;
    scan: LinkScan;
  }): Promise<void> {
    const { fingerprint, pageDigests, summary, scan } = today;
    await Promise.all([
      this.records.lastBuild.record(fingerprint, this.outDir, this.#shell, pageDigests, {
        inputs: this.inputs,
        summary,
      }),
      this.records.lastLinks.record(fingerprint, this.outDir, scan),
    ]);
  }

  /** pdf.json, and the stamps of `files` (default: every PDF it records) in the last output. */
  async #pdfsOnDisk(files?: readonly string[]): Promise<PdfsOnDisk> {
    const record = await this.records.pdfRecord.read();
    const stamps = await stampsOf(this.records.previousPdfs, files ?? Object.keys(record ?? {}));
    return { record, stamps };
  }
}
