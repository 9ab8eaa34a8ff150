import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_LINK } from '../../src/pdf/chunks.ts';
import { mergeChunks } from '../../src/pdf/merge.ts';
import { openPdf, pdfLinks } from './helpers.ts';

// Chunks made with pdf-lib, as Chromium would print them in their essentials: sheets, named
// destinations, a bookmark, a link to the next chunk's page. Each sheet holds an image of random bytes,
// which no compression shrinks, so the output's size shows which chunks were written.
const CHUNKS = 6;
const SHEETS = 3;
const IMAGE_BYTES = 64 * 1024;

async function chunk(k: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const { context } = doc;
  const dests = context.obj({});
  for (let s = 0; s < SHEETS; s++) {
    const page = doc.addPage([595, 842]);
    const image = context.register(
      context.stream(randomBytes(IMAGE_BYTES), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 256,
        Height: 256,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      }),
    );
    page.node.setXObject(PDFName.of('Im0'), image);
    if (s === 0) dests.set(PDFName.of(`p${k}`), context.obj([page.ref, 'Fit']));
  }
  const first = doc.getPage(0);
  if (k + 1 < CHUNKS) {
    // The next chunk has its page's anchor but not this heading: the link falls back to the page.
    const link = context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [50, 50, 150, 70],
      A: { S: 'URI', URI: PDFString.of(`${CHUNK_LINK}#p${k + 1}-missing-heading`) },
    });
    first.node.set(PDFName.of('Annots'), context.obj([context.register(link)]));
  }
  doc.catalog.set(PDFName.of('Dests'), context.register(dests));
  // One bookmark per chunk, on its first sheet: copied last, written last.
  const outlineRef = context.nextRef();
  const item = context.register(
    context.obj({
      Title: PDFString.of(`Chunk ${k}`),
      Parent: outlineRef,
      Dest: [first.ref, 'Fit'],
    }),
  );
  context.assign(outlineRef, context.obj({ Type: 'Outlines', First: item, Last: item, Count: 1 }));
  doc.catalog.set(PDFName.of('Outlines'), outlineRef);
  return doc.save();
}

let dir: string;
let chunks: Uint8Array[];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'offprint-merge-'));
  chunks = await Promise.all(Array.from({ length: CHUNKS }, (_, k) => chunk(k)));
});
afterAll(() => (process.env.KEEP ? undefined : rm(dir, { recursive: true, force: true })));

/** The file the merge is writing: next to its target, renamed onto it when complete. */
async function partial(): Promise<string | undefined> {
  const name = (await readdir(dir)).find((file) => file.endsWith('.tmp'));
  return name && path.join(dir, name);
}

describe('merging chunks into one PDF', () => {
  it('writes each chunk to the file before reading the next, so it never holds them all', async () => {
    const target = path.join(dir, 'streamed.pdf');
    const writtenBefore: number[] = [];
    async function* feed(): AsyncGenerator<Uint8Array> {
      for (const [k, bytes] of chunks.entries()) {
        const file = await partial();
        writtenBefore[k] = file ? (await stat(file)).size : 0;
        yield bytes;
      }
    }
    await mergeChunks(feed(), target);
    // Before chunk k is read, the file holds the k chunks before it, their images whole.
    for (let k = 1; k < CHUNKS; k++)
      expect(writtenBefore[k]).toBeGreaterThanOrEqual(k * SHEETS * IMAGE_BYTES);
    expect(await partial()).toBeUndefined();

    const pdf = await openPdf(target);
    expect(pdf.numPages).toBe(CHUNKS * SHEETS);
    const outline = (await pdf.getOutline()) ?? [];
    expect(outline.map(({ title }) => title)).toEqual(chunks.map((_, k) => `Chunk ${k}`));
    for (const [k, { dest }] of outline.entries())
      expect(await pdf.getPageIndex((dest as [{ num: number; gen: number }])[0])).toBe(k * SHEETS);
    // Each chunk's link jumps to the first sheet of the next chunk (its page's anchor).
    const { jumps, web, broken } = await pdfLinks(pdf);
    expect(broken).toEqual([]);
    expect(web).toEqual([]);
    expect(jumps.map(({ sheet, to }) => [sheet, to])).toEqual(
      Array.from({ length: CHUNKS - 1 }, (_, k) => [k * SHEETS + 1, (k + 1) * SHEETS + 1]),
    );
  });

  it('leaves the previous PDF as it was when a chunk cannot be read', async () => {
    const target = path.join(dir, 'kept.pdf');
    await writeFile(target, 'the PDF of the last build');
    const broken = [chunks[0] as Uint8Array, new TextEncoder().encode('not a PDF')];
    await expect(mergeChunks(broken, target)).rejects.toThrow();
    expect(await readFile(target, 'utf8')).toBe('the PDF of the last build');
    expect(await partial()).toBeUndefined();
  });
});
