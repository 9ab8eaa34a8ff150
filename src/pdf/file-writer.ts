import { randomBytes } from 'node:crypto';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import {
  type PDFContext,
  PDFCrossRefStream,
  PDFHeader,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectStream,
  PDFRef,
  PDFStream,
  PDFTrailer,
} from 'pdf-lib';

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
  /** By object number: the byte offset of an object written as is, or its object stream's number. */
  private readonly at: number[] = [];
  /** By object number: the index in its object stream, or -1 for an object written as is. */
  private readonly indexInStream: number[] = [];

  private constructor(
    private readonly handle: FileHandle,
    private readonly temporary: string,
    private readonly target: string,
  ) {}

  static async create(target: string): Promise<PdfFileWriter> {
    const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    const writer = new PdfFileWriter(await open(temporary, 'w'), temporary, target);
    const header = PDFHeader.forVersion(1, 7);
    const bytes = new Uint8Array(header.sizeInBytes() + 2);
    header.copyBytesInto(bytes, 0);
    bytes.set([0x0a, 0x0a], bytes.length - 2);
    await writer.append(bytes);
    return writer;
  }

  /**
   * Writes these objects of `context`; their object streams get numbers from `context`
   * (`nextRef`), after every object it holds.
   */
  async write(objects: readonly [PDFRef, PDFObject][], context: PDFContext): Promise<void> {
    const plain: [PDFRef, PDFObject][] = [];
    const packed: [PDFRef, PDFObject][] = [];
    for (const entry of objects) {
      const [ref, object] = entry;
      const asIs =
        object instanceof PDFStream || object instanceof PDFInvalidObject || ref.generationNumber;
      (asIs ? plain : packed).push(entry);
    }
    for (let i = 0; i < packed.length; i += OBJECTS_PER_STREAM) {
      const group = packed.slice(i, i + OBJECTS_PER_STREAM);
      const streamRef = context.nextRef();
      group.forEach(([ref], index) => {
        this.record(ref, streamRef.objectNumber, index);
      });
      plain.push([streamRef, PDFObjectStream.withContextAndObjects(context, group)]);
    }
    await this.writeAsIs(plain);
  }

  /** The cross-reference stream and trailer; then the file replaces the target. */
  async finish(trailer: { Root: PDFRef; Info: PDFRef }, context: PDFContext): Promise<void> {
    const xrefRef = context.nextRef();
    const xref = PDFCrossRefStream.create(context.obj({ ...trailer }));
    for (let n = 1; n < this.at.length; n++) {
      const where = this.at[n];
      if (where === undefined) continue;
      const index = this.indexInStream[n] as number;
      if (index < 0) xref.addUncompressedEntry(PDFRef.of(n), where);
      else xref.addCompressedEntry(PDFRef.of(n), PDFRef.of(where), index);
    }
    const xrefOffset = this.offset;
    xref.addUncompressedEntry(xrefRef, xrefOffset);
    xref.dict.set(PDFName.of('Size'), PDFNumber.of(xrefRef.objectNumber + 1));
    await this.writeAsIs([[xrefRef, xref]]);
    const end = PDFTrailer.forLastCrossRefSectionOffset(xrefOffset);
    const bytes = new Uint8Array(end.sizeInBytes());
    end.copyBytesInto(bytes, 0);
    await this.append(bytes);
    await this.handle.close();
    await rename(this.temporary, this.target);
  }

  /** Leaves the target as it was. */
  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await rm(this.temporary, { force: true });
  }

  private record(ref: PDFRef, at: number, index: number): void {
    this.at[ref.objectNumber] = at;
    this.indexInStream[ref.objectNumber] = index;
  }

  /** `n 0 obj … endobj` for each, in one write. */
  private async writeAsIs(objects: readonly [PDFRef, PDFObject][]): Promise<void> {
    const heads = objects.map(([ref]) =>
      Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`),
    );
    const tail = Buffer.from('\nendobj\n\n');
    let size = 0;
    objects.forEach(([, object], i) => {
      size += (heads[i] as Buffer).length + object.sizeInBytes() + tail.length;
    });
    const bytes = Buffer.allocUnsafe(size);
    let at = 0;
    objects.forEach(([ref, object], i) => {
      this.record(ref, this.offset + at, -1);
      at += (heads[i] as Buffer).copy(bytes, at);
      at += object.copyBytesInto(bytes, at);
      at += tail.copy(bytes, at);
    });
    await this.append(bytes);
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
