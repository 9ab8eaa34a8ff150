import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PrintCopies } from '../../pdf/assemble.ts';
import type { PdfResult } from '../../pdf/index.ts';
import { PDF_DIR, type PdfListing, pdfListing, spaceRevisions } from '../../pdf/listing.ts';
import type { SiteModel } from '../../site/index.ts';
import type { Snapshot } from '../../snapshot/read.ts';
import { RenderError } from '../errors.ts';
import type { LastRender } from '../last-render.ts';
import type { RenderOptions, RenderPdfOptions } from '../options.ts';
import { pdfReusable } from '../reuse-policy.ts';

/**
 * The PDFs of a render (`pdf`): listed with the model (`planPdfs`), so that pages link them and
 * llms.txt and the sitemap list them before Chromium has printed one; printed from the staged
 * pages once they are final, before the link check (`PdfStage`); and the render fails, the
 * previous output staying, unless every listed PDF was written. src/pdf does the printing.
 */

export interface PdfPlan {
  /** The PDFs the output will hold (none without `pdf`). */
  listed: PdfListing[];
  /** The revision of each space's content: on the covers, so part of what the output is made of. */
  revisions: Map<string, string>;
}

export function planPdfs(options: RenderOptions, snapshot: Snapshot, model: SiteModel): PdfPlan {
  const listed = options.pdf ? pdfListing(model, options.pdf.scope) : [];
  const clash =
    listed.length > 0 && model.pages.find((p) => p.outputFile.startsWith(`${PDF_DIR}/`));
  if (clash)
    throw new RenderError(
      `page ${clash.url} is where the PDFs go (${model.base}${PDF_DIR}/): move the page or build without PDFs`,
    );
  return { listed, revisions: spaceRevisions(snapshot) };
}

/**
 * The PDFs across a render, as the diagram stage is: what the site view links, the part of the
 * output's fingerprint they make, the staged output's `pdf/`, and the PDF phase itself.
 */
export class PdfStage {
  private readonly options: RenderOptions;
  readonly plan: PdfPlan;
  private readonly last: LastRender;

  constructor(options: RenderOptions, plan: PdfPlan, last: LastRender) {
    this.options = options;
    this.plan = plan;
    this.last = last;
  }

  /** Each site space's "Download PDF" link, for the site view (nothing when there are none). */
  downloads(): { pdfDownloads?: Record<string, string> } {
    if (this.plan.listed.length === 0) return {};
    return {
      pdfDownloads: Object.fromEntries(
        this.plan.listed.flatMap((pdf) =>
          pdf.siteSpaceIds.map((siteSpaceId) => [siteSpaceId, pdf.url]),
        ),
      ),
    };
  }

  /**
   * The PDFs' part of the output's fingerprint: an output listing other PDFs is not this one;
   * nor is one whose PDFs name other revisions on their covers.
   */
  fingerprint(): string[] {
    const { listed, revisions } = this.plan;
    return [
      `pdf:${listed.map((pdf) => pdf.file).join(',')}`,
      ...(listed.length > 0 ? [`revisions:${JSON.stringify([...revisions])}`] : []),
    ];
  }

  /** The listed PDFs' file names under `pdf/` (as pdf.json records them). */
  fileNames(): string[] {
    return this.plan.listed.map((pdf) => path.posix.basename(pdf.file));
  }

  /** The staged output's `pdf/`, made with the assets so that _headers gives it its caching rule. */
  async makeDir(staged: string): Promise<void> {
    if (this.options.pdf) await mkdir(path.join(staged, PDF_DIR));
  }

  /**
   * The PDF phase: with `pdf`, the PDFs printed into the staged output; without, a note when
   * the last output had PDFs that this one leaves out.
   */
  async run(input: {
    model: SiteModel;
    staged: string;
    images: { printCopies: PrintCopies };
    notes: string[];
  }): Promise<PdfResult | undefined> {
    const { options } = this;
    if (options.pdf) return this.#print(options.pdf, input);
    if (await this.last.pdfsLeftOut())
      input.notes.push(
        `the PDFs of the last output (${PDF_DIR}/) are left out of this render: offprint pdf or build --pdf prints them`,
      );
    return undefined;
  }

  /**
   * The PDFs into the staged output, from its pages; one whose pages did not change is copied
   * from the output it replaces. The render fails, and the previous output stays, unless every
   * PDF the pages link and llms.txt lists was written.
   */
  async #print(
    pdf: RenderPdfOptions,
    input: { model: SiteModel; staged: string; images: { printCopies: PrintCopies } },
  ): Promise<PdfResult> {
    // Loaded only when printing: it brings the PDF merge and the Chromium driver.
    const { writeSitePdfs } = await import('../../pdf/index.ts');
    const result = await writeSitePdfs({
      cacheDir: this.options.cacheDir,
      outDir: input.staged,
      pdfDir: path.join(input.staged, PDF_DIR),
      site: { model: input.model, revisions: this.plan.revisions },
      chromium: pdf.chromium,
      ...(pdf.scope ? { scope: pdf.scope } : {}),
      ...(pdf.date ? { date: pdf.date } : {}),
      previous: { dir: this.last.records.previousPdfs, reusable: pdfReusable },
      printCopies: input.images.printCopies,
      ...(pdf.onProgress ? { onProgress: pdf.onProgress } : {}),
    });
    const written = new Set(result.files.map((file) => `${PDF_DIR}/${file.file}`));
    const missing = this.plan.listed.filter((listed) => !written.has(listed.file));
    if (missing.length > 0)
      throw new RenderError(`PDFs not written: ${missing.map((m) => m.file).join(', ')}`);
    return { ...result, pdfDir: path.join(path.resolve(this.options.outDir), PDF_DIR) };
  }
}
