import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { REPORT_FILE } from '../hosting/index.ts';
import { PDF_DIR } from '../pdf/listing.ts';
import { PdfRecord } from '../pdf/record.ts';
import { stampsOf } from '../records/file-stamps.ts';
import { type BuildRecord, LastBuild } from '../records/last-build.ts';
import { LastLinks } from './last-links.ts';
import {
  keepOutput,
  knownLinks,
  type LastOutput,
  type PdfsOnDisk,
  pagesWithSameView,
  reusablePages,
} from './reuse-policy.ts';

/**
 * Where a render keeps what it remembers of the last one, and the reading of it as the plain
 * values reuse-policy.ts decides from: the records under `<cacheDir>/render/`, the link report,
 * and the stamps of the output's files they name. The decisions are the policy's; this module
 * only gathers what each of them needs, when the render reaches it.
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

export function renderRecords(cacheDir: string, outDir: string): RenderRecords {
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

/** The last build's record and whether the output it would describe is there. */
export async function lastOutput(records: RenderRecords, outDir: string): Promise<LastOutput> {
  const [record, exists] = await Promise.all([
    records.lastBuild.read(),
    stat(outDir).then(
      (stats) => stats.isDirectory(),
      () => false,
    ),
  ]);
  return { record, exists };
}

/** pdf.json, and the stamps of `files` (default: every PDF it records) in the last output. */
export async function pdfsOnDisk(
  records: RenderRecords,
  files?: readonly string[],
): Promise<PdfsOnDisk> {
  const record = await records.pdfRecord.read();
  const stamps = await stampsOf(records.previousPdfs, files ?? Object.keys(record ?? {}));
  return { record, stamps };
}

/** What the note on PDFs left out needs: pdf.json, and whether the last output has `pdf/`. */
export async function lastPdfs(records: RenderRecords) {
  return {
    pdfRecord: await records.pdfRecord.read(),
    pdfDirExists: existsSync(records.previousPdfs),
  };
}

/** Moment 2 (reuse-policy.ts): whether the output is already what this render would write. */
export async function outputUnchanged(
  records: RenderRecords,
  record: BuildRecord | undefined,
  today: { fingerprint: string; pdfs: readonly string[] },
): Promise<boolean> {
  const pdfs = today.pdfs.length > 0 ? await pdfsOnDisk(records, today.pdfs) : undefined;
  return keepOutput(record, today, pdfs);
}

/** Moment 3 (reuse-policy.ts): the pages copied from the last output, and their known links. */
export async function pagesToReuse(
  records: RenderRecords,
  record: BuildRecord | undefined,
  today: { outDir: string; shell: string; pageDigests: ReadonlyMap<string, string> },
) {
  const { outDir, shell, pageDigests } = today;
  const stamps = await stampsOf(outDir, pagesWithSameView(record, shell, pageDigests));
  const reused = reusablePages(record, shell, pageDigests, stamps);
  return { reused, known: knownLinks(record, await records.lastLinks.read(outDir), reused) };
}
