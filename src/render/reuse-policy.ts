import type { BrokenLinkReport, LinkScan } from '../hosting/index.ts';
import type { SpecMaking } from '../openapi/library.ts';
import type { PdfEntries } from '../pdf/record.ts';
import { type FileStamp, sameStamp } from '../records/file-stamps.ts';
import type { BuildRecord, RenderSummary } from '../records/last-build.ts';

/**
 * What a render may skip or reuse of the last render into the same output, decided from plain
 * values: the records that render left (last-build.json, last-links.json, pdf.json, the link
 * report), the stamps of the files they name, and what this render has found so far. The
 * caller reads those (last-render.ts); nothing here touches the disk. Three moments, cheapest
 * first:
 *
 *  1. before reading the snapshot (`skipEverything`): the digest of the inputs is the last
 *     render's, its output and link report are still there, and (with PDFs) its PDFs are as
 *     printed: the render does nothing and reports what that render reported;
 *  2. once every page's view is written (`keepOutput`): the output's fingerprint is the last
 *     render's and the PDFs it lists are as printed: the output is left as it is;
 *  3. else, page by page (`reusablePages`, `knownLinks`): with the same shell, a page whose view
 *     has the digest it had, and whose file is as written, is copied from the last output
 *     rather than laid out again, and its links are as the last check scanned them.
 *
 * Beside them, what the stages reuse of the render caches (`<cacheDir>/render/`), decided as
 * they reach it: whether a page's cached HTML still holds (`cachedRenderHolds`) and whether the
 * specs count in its key (`specsInKey`), whether a loaded OpenAPI spec may be used again
 * (`specReusable`), whether a PDF is copied rather than printed (`pdfReusable`), and which files
 * of the last output come with its reused pages (`carriedOver`). The diagram and image caches
 * decide nothing: a drawing or a variant is found under a name made of all it is made from
 * (src/diagrams/cache.ts, src/images), so an entry that is there is the one wanted.
 */

/** The last output as its records and the disk have it. */
export interface LastOutput {
  /** last-build.json as read, whichever output it is about. */
  record: BuildRecord | undefined;
  /** Whether the output directory is there now. */
  exists: boolean;
}

/** The last output's PDFs as pdf.json and the disk have them. */
export interface PdfsOnDisk {
  /** pdf.json: what each PDF was printed from and how it was written. */
  record: PdfEntries | undefined;
  /** The stamps of the PDF files in the output's `pdf/` now, by file name. */
  stamps: ReadonlyMap<string, FileStamp>;
}

/** The last build's record, when it is about `outDir` (resolved) and that output is there. */
export function recordOf(last: LastOutput, outDir: string): BuildRecord | undefined {
  return last.exists && last.record?.outDir === outDir ? last.record : undefined;
}

/** Whether the output holds every one of `files` as the last print wrote it. */
export function pdfsIntact(pdfs: PdfsOnDisk | undefined, files: readonly string[]): boolean {
  const record = pdfs?.record;
  if (!record) return false;
  return files.every((file) =>
    sameStamp(Object.hasOwn(record, file) ? record[file] : undefined, pdfs.stamps.get(file)),
  );
}

/**
 * Moment 1: what the last render reported, when this one has nothing to do. With PDFs, the
 * output is unchanged only while every PDF the last print recorded is as it wrote it.
 */
export function skipEverything(
  last: LastOutput & {
    /** The link report on disk: it must be that render's. */
    report: Pick<BrokenLinkReport, 'fingerprint'> | undefined;
    /** Gathered for every PDF pdf.json records (only needed with PDFs). */
    pdfs?: PdfsOnDisk;
  },
  today: { outDir: string; inputs: string; pdf: boolean },
): RenderSummary | undefined {
  if (today.pdf && !pdfsIntact(last.pdfs, Object.keys(last.pdfs?.record ?? {}))) return undefined;
  const record = recordOf(last, today.outDir);
  if (record?.inputs !== today.inputs || !record.summary) return undefined;
  if (last.report?.fingerprint !== record.fingerprint) return undefined;
  return record.summary;
}

/**
 * Moment 2: whether the output is already what this render would write: the same fingerprint,
 * and each PDF it lists (file names under `pdf/`) still as printed.
 */
export function keepOutput(
  record: BuildRecord | undefined,
  today: { fingerprint: string; pdfs: readonly string[] },
  pdfs: PdfsOnDisk | undefined,
): boolean {
  return (
    record?.fingerprint === today.fingerprint &&
    (today.pdfs.length === 0 || pdfsIntact(pdfs, today.pdfs))
  );
}

/** Whether the link report on disk is that of the output with this fingerprint. */
export function reportStillHolds(
  report: Pick<BrokenLinkReport, 'fingerprint'> | undefined,
  fingerprint: string,
): boolean {
  return report?.fingerprint === fingerprint;
}

/**
 * Output file → digest of its page view, as the last render recorded them, when it had this
 * shell: a page whose view now has another digest (or none) changed.
 */
export function lastViews(
  record: BuildRecord | undefined,
  shell: string,
): ReadonlyMap<string, string> | undefined {
  if (record?.shell !== shell || !record.pages) return undefined;
  return new Map(Object.entries(record.pages).map(([file, { view }]) => [file, view]));
}

/** Whether a page written with `digest` differs from the last render's (which had views). */
export function pageChanged(
  views: ReadonlyMap<string, string> | undefined,
  file: string,
  digest: string,
): boolean {
  return views !== undefined && views.get(file) !== digest;
}

/** The pages whose view is as the last render (with this shell) recorded it: their files are
 * worth stamping to learn whether they are still as written. */
export function pagesWithSameView(
  record: BuildRecord | undefined,
  shell: string,
  pageDigests: ReadonlyMap<string, string>,
): string[] {
  const pages = record?.shell === shell ? record.pages : undefined;
  if (!pages) return [];
  return [...pageDigests]
    .filter(
      ([file, digest]) => (Object.hasOwn(pages, file) ? pages[file] : undefined)?.view === digest,
    )
    .map(([file]) => file);
}

/**
 * Moment 3: the output files of the last output that this render would write again byte for
 * byte: the page's view has the digest it had, with the same shell, and the file (`stamps`,
 * taken now) is as that render wrote it.
 */
export function reusablePages(
  record: BuildRecord | undefined,
  shell: string,
  pageDigests: ReadonlyMap<string, string>,
  stamps: ReadonlyMap<string, FileStamp>,
): Set<string> {
  const pages = record?.pages ?? {};
  return new Set(
    pagesWithSameView(record, shell, pageDigests).filter((file) =>
      sameStamp(pages[file], stamps.get(file)),
    ),
  );
}

/**
 * The links of the reused pages, as the last check scanned them: the scan kept is of the output
 * the build record describes, so the reused pages are byte for byte what was scanned.
 */
export function knownLinks(
  record: BuildRecord | undefined,
  lastLinks: { fingerprint: string; scan: LinkScan } | undefined,
  reused: ReadonlySet<string>,
): { scan: LinkScan; files: ReadonlySet<string> } | undefined {
  if (!lastLinks || record?.fingerprint !== lastLinks.fingerprint) return undefined;
  return { scan: lastLinks.scan, files: reused };
}

/** Whether the last output had PDFs that a render without them leaves out (worth a note). */
export function pdfsLeftOut(
  today: { pdf: boolean },
  last: { pdfRecord: PdfEntries | undefined; pdfDirExists: boolean },
): boolean {
  return !today.pdf && last.pdfRecord !== undefined && last.pdfDirExists;
}

/**
 * The markdown cache's key part for the specs: their digest for a page whose markdown (or the
 * previous markdown it is marked against) may hold an OpenAPI block, nothing for another, so a
 * changed spec renders again only the pages that may show it.
 */
export function specsInKey(
  specsDigest: string,
  mayHoldOpenapi: { markdown: boolean; previous: boolean },
): string {
  return mayHoldOpenapi.markdown || mayHoldOpenapi.previous ? specsDigest : '';
}

/**
 * Whether a cached render serves the page: each reference it made resolves now (`now`, in the
 * same order) as it did when it was rendered (`then`). A page whose text is unchanged is still
 * rendered again when a page it links to moved.
 */
export function cachedRenderHolds(then: readonly string[], now: readonly string[]): boolean {
  return then.every((resolution, i) => resolution === now[i]);
}

/**
 * Whether a spec an earlier render loaded is used again rather than loaded anew: the same loader
 * loaded it (another made other files), and every document it was made of is as it was then.
 * `now` has the documents of `then` as the snapshot holds them now.
 */
export function specReusable(then: SpecMaking | undefined, now: SpecMaking): boolean {
  if (!then || then.version !== now.version) return false;
  return Object.entries(then.documents).every(
    ([url, sha]) => (Object.hasOwn(now.documents, url) ? now.documents[url] : null) === sha,
  );
}

/**
 * Whether a PDF of the last output is copied rather than printed again: pdf.json has it printed
 * from the same key (`key`, as pdf.json writes keys), and its file (`now`) is as written then.
 */
export function pdfReusable(
  then: (FileStamp & { key: string }) | undefined,
  key: string,
  now: FileStamp | undefined,
): boolean {
  return then?.key === key && sameStamp(then, now);
}

/**
 * The files of the last output that come into the new one beside Astro's pages: the reused
 * pages, and with any of them every file of the last build's `_astro` folder (`lastAssets`;
 * hashed names, and a reused page may use a script no rebuilt page needed). With no page reused,
 * none of those is used any more: an output does not keep the stylesheets of every theme it had.
 */
export function carriedOver(reused: ReadonlySet<string>, lastAssets: readonly string[]): string[] {
  return reused.size === 0 ? [] : [...reused, ...lastAssets];
}
