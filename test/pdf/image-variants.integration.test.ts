/**
 * PDFs print each image's print copy (a 1200 px JPEG, src/images) instead of its original: the
 * example rendered with `--pdf`, as a team does, against the same snapshot rendered with
 * `--no-image-variants` and its section printed the same way (the PDF as Offprint printed it
 * before). Only that section is printed there: what it is compared with is its PDF.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_PAGES_DIR } from '../../src/cli/site-source.ts';
import { discoverLocalPages } from '../../src/local-pages/index.ts';
import { CHUNK_PAGES } from '../../src/pdf/chunks.ts';
import { planPdfDocuments } from '../../src/pdf/documents.ts';
import { printDocument } from '../../src/pdf/index.ts';
import { spaceRevisions } from '../../src/pdf/listing.ts';
import { openPrinter } from '../../src/pdf/print.ts';
import { printPlanFor } from '../../src/pdf/print-document.ts';
import { placeSheets } from '../../src/pdf/sheets.ts';
import { render } from '../../src/render/index.ts';
import { loadSiteModel } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { SnapshotStore } from '../../src/snapshot/store.ts';
import { CHROMIUM } from '../helpers/browser.ts';
import { exampleCacheWithCustomizations } from '../helpers/built-site.ts';
import { tempDir } from '../helpers/fs.ts';
import { PRINT_DATE } from './printed-example.ts';

/** The section the tests compare: its pages show the example's screenshots. */
const SECTION_PDF = 'guides-v1.pdf';

let withVariants: string;
let withOriginals: string;
let cleanup: () => Promise<void>;

/**
 * `file` of the site rendered in `outDir` from `cacheDir`, printed into `pdfDir` as the render's
 * PDF stage prints it without print copies (`--no-image-variants` makes none): the same plan,
 * cover, sheets and printer, for that one document.
 */
async function printOne(cacheDir: string, outDir: string, pdfDir: string, file: string) {
  const snapshot = await Snapshot.open((await new SnapshotStore(cacheDir).current()) as string);
  const localPages = await discoverLocalPages(EXAMPLE_PAGES_DIR);
  const model = await loadSiteModel(snapshot, { localPages });
  const plan = planPdfDocuments(model, { revisions: spaceRevisions(snapshot) });
  const document = plan.documents.find((d) => d.fileName === file);
  if (!document) throw new Error(`no ${file} in ${plan.documents.map((d) => d.fileName)}`);
  const { cover, parts } = printPlanFor(document, { title: model.title, date: PRINT_DATE });
  await mkdir(pdfDir, { recursive: true });
  const printer = await openPrinter({ chromium: CHROMIUM, outDir, base: model.base });
  try {
    const target = path.join(pdfDir, file);
    await printDocument(printer, cover, placeSheets(parts), {
      outDir,
      target,
      chunkPages: CHUNK_PAGES,
    });
  } finally {
    await printer.close();
  }
}

beforeAll(async () => {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  const copy = (name: string) =>
    exampleCacheWithCustomizations(path.join(temp.dir, name), () => {});
  const renderWithPdfs = async () => {
    const cacheDir = await copy('variants');
    const outDir = path.join(temp.dir, 'variants', 'dist');
    const pdf = { chromium: CHROMIUM, date: PRINT_DATE };
    await render({ cacheDir, outDir, pagesDir: EXAMPLE_PAGES_DIR, pdf });
    return path.join(outDir, 'pdf');
  };
  const renderOriginals = async () => {
    const cacheDir = await copy('originals');
    const outDir = path.join(temp.dir, 'originals', 'dist');
    await render({ cacheDir, outDir, pagesDir: EXAMPLE_PAGES_DIR, imageVariants: false });
    const pdfDir = path.join(temp.dir, 'originals', 'pdf');
    await printOne(cacheDir, outDir, pdfDir, SECTION_PDF);
    return pdfDir;
  };
  [withVariants, withOriginals] = await Promise.all([renderWithPdfs(), renderOriginals()]);
}, 300_000);

afterAll(async () => {
  await cleanup?.();
});

/** The images a PDF holds: each image XObject's width, filter and stream length. */
function pdfImages(pdf: Buffer): { width: number; filter: string; bytes: number }[] {
  const text = pdf.toString('latin1');
  const found: { width: number; filter: string; bytes: number }[] = [];
  for (const match of text.matchAll(/<<([^>]*?\/Subtype\s*\/Image[^>]*?)>>\s*stream/g)) {
    const dictionary = match[1] ?? '';
    found.push({
      width: Number(/\/Width\s+(\d+)/.exec(dictionary)?.[1]),
      filter: /\/Filter\s*\/(\w+)/.exec(dictionary)?.[1] ?? '',
      bytes: Number(/\/Length\s+(\d+)/.exec(dictionary)?.[1]),
    });
  }
  return found;
}

describe('a PDF of a section with screenshots', () => {
  it('is at least 3 times smaller than with the originals', async () => {
    const before = (await stat(path.join(withOriginals, SECTION_PDF))).size;
    const after = (await stat(path.join(withVariants, SECTION_PDF))).size;
    expect(before).toBeGreaterThan(500_000);
    expect(after * 3).toBeLessThanOrEqual(before);
  });

  it('holds the print JPEGs, 1200 px wide at most, where it held the originals', async () => {
    const before = pdfImages(await readFile(path.join(withOriginals, SECTION_PDF)));
    const after = pdfImages(await readFile(path.join(withVariants, SECTION_PDF)));
    expect(before.map((image) => image.width)).toContain(2880);
    const large = after.filter((image) => image.bytes > 10_000);
    expect(large.length).toBeGreaterThanOrEqual(2);
    for (const image of large) {
      expect(image.filter).toBe('DCTDecode');
      expect(image.width).toBeLessThanOrEqual(1200);
    }
  });
});
