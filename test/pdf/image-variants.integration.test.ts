/**
 * PDFs print each image's print copy (a 1200 px JPEG, src/images) instead of its original: the
 * example rendered with `--pdf`, as a team does, against the same snapshot rendered with
 * `--no-image-variants` and printed the same way (the PDFs as Offprint printed them before).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_PAGES_DIR } from '../../src/cli/site-source.ts';
import { render } from '../../src/render/index.ts';
import { CHROMIUM } from '../helpers/browser.ts';
import { exampleCacheWithCustomizations } from '../helpers/built-site.ts';
import { tempDir } from '../helpers/fs.ts';
import { PRINT_DATE } from './printed-example.ts';

let withVariants: string;
let withOriginals: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  const renderWithPdfs = async (name: string, imageVariants: boolean) => {
    const cacheDir = await exampleCacheWithCustomizations(path.join(temp.dir, name), () => {});
    const outDir = path.join(temp.dir, name, 'dist');
    const pdf = { chromium: CHROMIUM, date: PRINT_DATE };
    await render({ cacheDir, outDir, pagesDir: EXAMPLE_PAGES_DIR, imageVariants, pdf });
    return path.join(outDir, 'pdf');
  };
  [withVariants, withOriginals] = await Promise.all([
    renderWithPdfs('variants', true),
    renderWithPdfs('originals', false),
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
    const before = (await stat(path.join(withOriginals, 'guides-v1.pdf'))).size;
    const after = (await stat(path.join(withVariants, 'guides-v1.pdf'))).size;
    expect(before).toBeGreaterThan(500_000);
    expect(after * 3).toBeLessThanOrEqual(before);
  });

  it('holds the print JPEGs, 1200 px wide at most, where it held the originals', async () => {
    const before = pdfImages(await readFile(path.join(withOriginals, 'guides-v1.pdf')));
    const after = pdfImages(await readFile(path.join(withVariants, 'guides-v1.pdf')));
    expect(before.map((image) => image.width)).toContain(2880);
    const large = after.filter((image) => image.bytes > 10_000);
    expect(large.length).toBeGreaterThanOrEqual(2);
    for (const image of large) {
      expect(image.filter).toBe('DCTDecode');
      expect(image.width).toBeLessThanOrEqual(1200);
    }
  });
});
