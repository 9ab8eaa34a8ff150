import { randomBytes } from 'node:crypto';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { PDFInvalidObject, type PDFObject, type PDFRef, PDFStream } from 'pdf-lib';
import { objectBytes, type Renumber, sameNumbers } from './object-bytes.ts';

/** Objects per object stream, as pdf-lib's `save({ useObjectStreams: true })` packs them. */
const OBJECTS_PER_STREAM = 50;

/**
 * A PDF written to its file batch by batch, so that what was written can be dropped: each batch
 * of indirect objects goes to the file at once (dictionaries and arrays packed into object
 * streams, as pdf-lib's own `save` does), and only where each object landed stays in memory for
 * the cross-reference stream that ends the file. The file is written next to its target and
 * renamed onto it when complete, so a failure leaves whatever was there before.
 */
export class PdfFileWriter {
  private offset = 0;
  /**
   * By object number: the byte offset of an object written as is, or its object stream's
   * number; 0 for a number not written (no object starts at the header). Typed arrays: a few
   * bytes an object, the only thing kept of every object until the end.
   */
  private at = new Uint32Array(1024);
  /** By object number: its index in its object stream, or `AS_IS`. */
  private indexInStream = new Uint8Array(1024);

  private readonly handle: FileHandle;
  private readonly temporary: string;
  private readonly target: string;
  /** The largest object number given: the caller's up to `reserved`, then what was written. */
  private last: number;

  private constructor(handle: FileHandle, temporary: string, target: string, last: number) {
    this.handle = handle;
    this.temporary = temporary;
    this.target = target;
    this.last = last;
  }

  /** Object numbers up to `reserved` are the caller's, for the objects it writes last. */
  static async create(target: string, reserved: number): Promise<PdfFileWriter> {
    const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    const writer = new PdfFileWriter(await open(temporary, 'w'), temporary, target, reserved);
    // A comment of high bytes after the version marks the file as binary, as pdf-lib's does.
    await writer.append(Buffer.from('%PDF-1.7\n%\x81\x81\x81\x81\n\n', 'latin1'));
    return writer;
  }

  /** The largest object number in the file so far: the next batch is numbered past it. */
  get lastNumber(): number {
    return this.last;
  }

  /** Numbers up to this one are taken: objects held back to be written later have them. */
  reserve(through: number): void {
    this.last = Math.max(this.last, through);
  }

  /**
   * Writes these objects, each under `renumber(its number)`; their object streams are numbered
   * past them.
   */
  async write(
    objects: readonly [PDFRef, PDFObject][],
    renumber: Renumber = sameNumbers,
  ): Promise<void> {
    const asIs: [number, Buffer][] = [];
    const packed: [number, Buffer][] = [];
    for (const [ref, object] of objects) {
      const number = renumber(ref.objectNumber);
      this.last = Math.max(this.last, number);
      const plain =
        object instanceof PDFStream || object instanceof PDFInvalidObject || ref.generationNumber;
      (plain ? asIs : packed).push([number, objectBytes(object, renumber)]);
    }
    for (let i = 0; i < packed.length; i += OBJECTS_PER_STREAM) {
      const stream = ++this.last;
      const group = packed.slice(i, i + OBJECTS_PER_STREAM);
      group.forEach(([number], index) => {
        this.place(number, stream, index);
      });
      asIs.push([stream, objectStream(group)]);
    }
    const parts: Buffer[] = [];
    let offset = this.offset;
    for (const [number, bytes] of asIs) {
      const head = Buffer.from(`${number} 0 obj\n`, 'latin1');
      this.place(number, offset, AS_IS);
      parts.push(head, bytes, ENDOBJ);
      offset += head.length + bytes.length + ENDOBJ.length;
    }
    await this.append(Buffer.concat(parts));
  }

  /** The cross-reference stream and trailer; then the file replaces the target. */
  async finish(trailer: { Root: PDFRef; Info: PDFRef }): Promise<void> {
    const xrefNumber = ++this.last;
    const xrefOffset = this.offset;
    this.place(xrefNumber, xrefOffset, AS_IS);
    const size = xrefNumber + 1;
    // Each row: type (0 free, 1 at an offset, 2 in an object stream), offset or stream, index.
    const width = Math.max(1, Math.ceil(Math.log2(Math.max(xrefOffset, size) + 1) / 8));
    const rows = Buffer.alloc(size * (1 + width + 2));
    for (let n = 0; n < size; n++) {
      const row = n * (1 + width + 2);
      const at = this.at[n] as number;
      const index = this.indexInStream[n] as number;
      if (at === 0) {
        // Object 0 heads the free list with the largest generation; unused numbers are free.
        if (n === 0) rows.writeUInt16BE(65535, row + 1 + width);
        continue;
      }
      rows[row] = index === AS_IS ? 1 : 2;
      rows.writeUIntBE(at, row + 1, width);
      rows.writeUInt16BE(index === AS_IS ? 0 : index, row + 1 + width);
    }
    const data = deflateSync(rows);
    const dict =
      `<<\n/Type /XRef\n/Size ${size}\n/W [ 1 ${width} 2 ]\n/Root ${trailer.Root}\n` +
      `/Info ${trailer.Info}\n/Filter /FlateDecode\n/Length ${data.length}\n>>\nstream\n`;
    await this.append(
      Buffer.concat([
        Buffer.from(`${xrefNumber} 0 obj\n${dict}`, 'latin1'),
        data,
        Buffer.from(`\nendstream${ENDOBJ.toString('latin1')}startxref\n${xrefOffset}\n%%EOF`),
      ]),
    );
    await this.handle.close();
    await rename(this.temporary, this.target);
  }

  /** Leaves the target as it was. */
  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await rm(this.temporary, { force: true });
  }

  private place(number: number, at: number, index: number): void {
    if (at > 0xffffffff) throw new Error('a merged PDF of more than 4 GiB is not supported');
    if (number >= this.at.length) {
      const size = Math.max(number + 1, this.at.length * 2);
      const grown = { at: new Uint32Array(size), index: new Uint8Array(size) };
      grown.at.set(this.at);
      grown.index.set(this.indexInStream);
      [this.at, this.indexInStream] = [grown.at, grown.index];
    }
    this.at[number] = at;
    this.indexInStream[number] = index;
  }

  private async append(bytes: Uint8Array): Promise<void> {
    let written = 0;
    while (written < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, written, bytes.length - written);
      written += bytesWritten;
    }
    this.offset += bytes.length;
  }
}

/** The index of an object written as is, not in an object stream (which holds fewer). */
const AS_IS = 255;

const ENDOBJ = Buffer.from('\nendobj\n\n', 'latin1');

/** An object stream (PDF 1.5) of these objects: their numbers and offsets, then each in turn. */
function objectStream(objects: readonly [number, Buffer][]): Buffer {
  let header = '';
  let offset = 0;
  for (const [number, bytes] of objects) {
    header += `${number} ${offset} `;
    offset += bytes.length + 1;
  }
  const newline = Buffer.from('\n');
  const data = deflateSync(
    Buffer.concat([Buffer.from(header, 'latin1'), ...objects.flatMap(([, b]) => [b, newline])]),
  );
  const dict =
    `<<\n/Type /ObjStm\n/N ${objects.length}\n/First ${header.length}\n` +
    `/Filter /FlateDecode\n/Length ${data.length}\n>>\nstream\n`;
  return Buffer.concat([Buffer.from(dict, 'latin1'), data, Buffer.from('\nendstream')]);
}
