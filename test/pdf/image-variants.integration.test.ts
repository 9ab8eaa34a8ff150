/**
 * PDFs print each image's print copy (a 1200 px JPEG, src/images) instead of its original: the
 * example's v1 guides, with a retina screenshot and a photo, against the same snapshot rendered
 * with `--no-image-variants` and printed the same way (the PDFs as Offprint printed them before).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_PAGES_DIR } from '../../src/cli/site-source.ts';
import { writeSitePdfs } from '../../src/pdf/index.ts';
import { render } from '../../src/render/index.ts';
import { CHROMIUM } from '../helpers/browser.ts';
import { exampleCacheWithCustomizations } from '../helpers/built-site.ts';
import { tempDir } from '../helpers/fs.ts';
import { PRINT_DATE, type PrintedExample, printedExample } from './printed-example.ts';

let printed: PrintedExample;
let originalsDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  const cacheDir = await exampleCacheWithCustomizations(temp.dir, () => {});
  const outDir = path.join(temp.dir, 'originals');
  await render({ cacheDir, outDir, pagesDir: EXAMPLE_PAGES_DIR, imageVariants: false });
  originalsDir = path.join(temp.dir, 'pdf');
  [printed] = await Promise.all([
    printedExample(),
    writeSitePdfs({
      cacheDir,
      outDir,
      pdfDir: originalsDir,
      pagesDir: EXAMPLE_PAGES_DIR,
      chromium: CHROMIUM,
      date: PRINT_DATE,
    }),
  ]);
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
    const before = (await stat(path.join(originalsDir, 'guides-v1.pdf'))).size;
    const after = (await stat(path.join(printed.pdfDir, 'guides-v1.pdf'))).size;
    expect(before).toBeGreaterThan(500_000);
    expect(after * 3).toBeLessThanOrEqual(before);
  });

  it('holds the print JPEGs, 1200 px wide at most, where it held the originals', async () => {
    const before = pdfImages(await readFile(path.join(originalsDir, 'guides-v1.pdf')));
    const after = pdfImages(await readFile(path.join(printed.pdfDir, 'guides-v1.pdf')));
    expect(before.map((image) => image.width)).toContain(2880);
    const large = after.filter((image) => image.bytes > 10_000);
    expect(large.length).toBeGreaterThanOrEqual(2);
    for (const image of large) {
      expect(image.filter).toBe('DCTDecode');
      expect(image.width).toBeLessThanOrEqual(1200);
    }
  });
});
