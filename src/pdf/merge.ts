import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFObjectCopier,
  PDFPageLeaf,
  PDFRef,
  PDFString,
} from 'pdf-lib';
import { CHUNK_LINK } from './chunks.ts';
import { PdfFileWriter } from './file-writer.ts';
import { type Bookmark, bookmarksOf, nestOutline } from './merge-outline.ts';
import {
  arrayOrOne,
  nameTree,
  nameTreeLeaf,
  nextKey,
  numberTree,
  numberTreeLeaf,
  renameIds,
  shiftStructParents,
} from './merge-tags.ts';
import { renumberInPlace } from './object-bytes.ts';

/**
 * One PDF, written to `target`, from the chunks of a long document that Chromium printed one
 * after another (src/pdf/chunks.ts), with what a single print would have: the chunks' pages in
 * order, one outline, the named destinations of every chunk (so a link jumps to any page of the
 * document), and one structure tree (the PDF stays tagged). pdf-lib copies the objects; it
 * knows nothing of outlines or tags, so those are joined here:
 *
 * - the outline is nested anew from each bookmark's heading level, as Chromium nests one print's
 *   (a chunk that starts inside a sidebar group has that group's pages at its top);
 * - a link to another chunk was printed as `CHUNK_LINK#name` and becomes a jump to `name`;
 * - structure parents are numbered per chunk, so each chunk's are shifted past the previous ones;
 * - structure element ids (`node00000274`, from Chromium's DOM) repeat across chunks, so each
 *   chunk's get a prefix, and the table headers that name them follow.
 *
 * Memory is bounded by a chunk, not the document: each chunk's objects are copied, written to
 * the file (src/pdf/file-writer.ts) and dropped before the next chunk is read. What stays until
 * the end is small: the object numbers of pages, destinations and the structure tree's leaves,
 * each object's place in the file, and the outline items and cross-chunk links, which need the
 * whole document to be completed.
 */
export async function mergeChunks(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  target: string,
): Promise<void> {
  const merged = await MergedPdf.create();
  const writer = await PdfFileWriter.create(target, merged.reserved);
  try {
    for await (const bytes of chunks)
      await merged.add(await PDFDocument.load(bytes, { updateMetadata: false }), writer);
    await merged.finish(writer);
  } catch (error) {
    await writer.abandon();
    throw error;
  }
}

/** A link printed as `CHUNK_LINK#name`: it jumps to `name` once every chunk's names are known. */
interface ChunkLink {
  ref: PDFRef;
  annotation: PDFDict;
  name: string;
}

/**
 * The merged PDF while its chunks come in. Its own objects (catalog, page tree, Info, the
 * structure tree's root and Document element) are numbered before the chunks' and written last.
 */
class MergedPdf {
  private readonly pages: PDFRef[] = [];
  private readonly outline: Bookmark[] = [];
  private readonly chunkLinks: ChunkLink[] = [];
  /** A leaf of the structure tree's ParentTree and IDTree per chunk, written with it. */
  private readonly parentLeaves: PDFRef[] = [];
  private readonly idLeaves: { first: string; ref: PDFRef }[] = [];
  private readonly dests: PDFDict;
  private readonly structRootRef: PDFRef;
  private readonly documentRef: PDFRef;
  private readonly documentElement: PDFDict;
  private info?: DocumentInfo;
  private structOffset = 0;
  private chunks = 0;
  /** The merged PDF's own objects are numbered up to this; each chunk's from here in memory. */
  readonly reserved: number;

  private readonly out: PDFDocument;

  private constructor(out: PDFDocument) {
    this.out = out;
    const { context } = out;
    this.dests = context.obj({});
    this.structRootRef = context.nextRef();
    this.documentElement = context.obj({
      Type: 'StructElem',
      S: 'Document',
      P: this.structRootRef,
      K: [],
    });
    this.documentRef = context.register(this.documentElement);
    this.reserved = context.largestObjectNumber;
  }

  static async create(): Promise<MergedPdf> {
    return new MergedPdf(await PDFDocument.create({ updateMetadata: false }));
  }

  /**
   * Copies a chunk's objects and writes all but the few held. In memory they are numbered from
   * `reserved` on, as every chunk's are; in the file, past the chunk before.
   */
  async add(src: PDFDocument, writer: PdfFileWriter): Promise<void> {
    const staging = PDFContext.create();
    staging.largestObjectNumber = this.reserved;
    const shift = writer.lastNumber - this.reserved;
    const renumber = (n: number) => (n <= this.reserved ? n : n + shift);
    const merged = (ref: PDFRef) => PDFRef.of(renumber(ref.objectNumber));
    const copier = PDFObjectCopier.for(src.context, staging);
    // Objects copied with the chunk but written at the end (outline items, cross-chunk links).
    const held = new Set<PDFRef>();
    this.info ??= documentInfoOf(src);
    const srcCatalog = src.catalog;
    const srcStructRoot = srcCatalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
    // The chunk's Document element is replaced by the merged one: detach it from its root so
    // that copying its children does not copy the chunk's root (and its trees) along.
    const srcDocumentRef = srcStructRoot?.get(PDFName.of('K'));
    const srcDocument =
      srcDocumentRef instanceof PDFRef
        ? src.context.lookupMaybe(srcDocumentRef, PDFDict)
        : undefined;
    srcDocument?.delete(PDFName.of('P'));

    const pagesRef = this.out.catalog.get(PDFName.of('Pages')) as PDFRef;
    for (const page of src.getPages()) {
      const ref = copier.copy(page.ref) as PDFRef;
      const leaf = staging.lookup(ref);
      if (!(leaf instanceof PDFPageLeaf)) throw new Error('a chunk of the PDF has a broken page');
      leaf.set(PDFName.of('Parent'), pagesRef);
      shiftStructParents(leaf, this.structOffset);
      this.pages.push(merged(ref));
      for (const link of chunkLinksOf(leaf, staging)) {
        held.add(link.ref);
        renumberInPlace(link.annotation, renumber);
        this.chunkLinks.push({ ...link, ref: merged(link.ref) });
      }
    }
    const srcDests = srcCatalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
    for (const [name, value] of srcDests?.entries() ?? [])
      this.dests.set(name, merged(indirect(copier.copy(value), staging)));

    if (srcDocument) {
      const prefix = `chunk${this.chunks + 1}-`;
      const kids = this.documentElement.lookup(PDFName.of('K'), PDFArray);
      for (const child of arrayOrOne(srcDocument.get(PDFName.of('K')))) {
        const copied = copier.copy(child);
        const element = copied instanceof PDFRef ? staging.lookupMaybe(copied, PDFDict) : undefined;
        element?.set(PDFName.of('P'), this.documentRef);
        if (element) renameIds(element, prefix, staging);
        kids.push(renumberInPlace(copied, renumber));
      }
      // Its children's parent link brought the chunk's Document element along: not needed.
      if (srcDocumentRef instanceof PDFRef) staging.delete(copier.copy(srcDocumentRef) as PDFRef);
      if (srcStructRoot) {
        const parents = numberTree(srcStructRoot.lookup(PDFName.of('ParentTree')), src).map(
          ([key, value]): [number, PDFRef] => [
            key + this.structOffset,
            indirect(copier.copy(value), staging),
          ],
        );
        const leaf = numberTreeLeaf(parents, staging);
        if (leaf) this.parentLeaves.push(merged(leaf));
        const ids = nameTree(srcStructRoot.lookup(PDFName.of('IDTree')), src).map(
          ([id, value]): [string, PDFObject] => [`${prefix}${id}`, copier.copy(value)],
        );
        const idLeaf = nameTreeLeaf(ids, staging);
        if (idLeaf) this.idLeaves.push({ first: idLeaf.first, ref: merged(idLeaf.ref) });
        this.structOffset += nextKey(srcStructRoot);
      }
    }

    const srcOutline = srcCatalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
    for (const { ref, level } of bookmarksOf(srcOutline, src)) {
      const copied = copier.copy(ref) as PDFRef;
      const item = staging.lookup(copied, PDFDict);
      this.outline.push({
        ref: merged(copied),
        item: renumberInPlace(item, renumber) as PDFDict,
        level,
      });
      held.add(copied);
    }
    // The chunk's outline root came along as the items' parent: the merged root replaces it.
    const srcOutlineRef = srcCatalog.get(PDFName.of('Outlines'));
    if (srcOutlineRef instanceof PDFRef) staging.delete(copier.copy(srcOutlineRef) as PDFRef);

    const copied = staging.enumerateIndirectObjects();
    writer.reserve(renumber(staging.largestObjectNumber));
    await writer.write(
      copied.filter(([ref]) => !held.has(ref)),
      renumber,
    );
    // The held dictionaries keep a pointer to this context: it must not keep what was written.
    for (const [ref] of copied) staging.delete(ref);
    this.chunks++;
  }

  /** The links across chunks, the outline, the trees and the catalog; then the file is complete. */
  async finish(writer: PdfFileWriter): Promise<void> {
    const { context, catalog } = this.out;
    context.largestObjectNumber = writer.lastNumber;
    applyDocumentInfo(this.info ?? {}, this.out, this.documentElement);
    for (const link of this.chunkLinks) {
      linkChunk(link, this.dests);
      context.assign(link.ref, link.annotation);
    }
    catalog.set(PDFName.of('Dests'), context.register(this.dests));
    catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
    const structRoot = context.obj({
      Type: 'StructTreeRoot',
      K: this.documentRef,
      ParentTree: context.obj({ Kids: this.parentLeaves }),
      ParentTreeNextKey: this.structOffset,
    });
    // Each chunk's ids have a prefix of their own: the chunks' leaves do not overlap.
    this.idLeaves.sort(({ first: a }, { first: b }) => (a < b ? -1 : a > b ? 1 : 0));
    if (this.idLeaves.length > 0)
      structRoot.set(
        PDFName.of('IDTree'),
        context.obj({ Kids: this.idLeaves.map(({ ref }) => ref) }),
      );
    context.assign(this.structRootRef, structRoot);
    catalog.set(PDFName.of('StructTreeRoot'), this.structRootRef);
    if (this.outline.length > 0) {
      const rootRef = context.nextRef();
      context.assign(rootRef, nestOutline(context, rootRef, this.outline));
      for (const { ref, item } of this.outline) context.assign(ref, item);
      catalog.set(PDFName.of('Outlines'), rootRef);
    }
    const pagesRef = catalog.get(PDFName.of('Pages')) as PDFRef;
    context.assign(
      pagesRef,
      context.obj({ Type: 'Pages', Kids: this.pages, Count: this.pages.length }),
    );
    await writer.write(context.enumerateIndirectObjects());
    const { Root, Info } = context.trailerInfo;
    await writer.finish({ Root: Root as PDFRef, Info: Info as PDFRef });
  }
}

/** A copied value as an indirect object: what the merge keeps of it is then only its number. */
function indirect(value: PDFObject, context: PDFContext): PDFRef {
  return value instanceof PDFRef ? value : context.register(value);
}

/** The page's links printed as `CHUNK_LINK#name`, each made an indirect object if it was not. */
function chunkLinksOf(page: PDFPageLeaf, context: PDFContext): ChunkLink[] {
  const links: ChunkLink[] = [];
  const annots = page.lookupMaybe(PDFName.of('Annots'), PDFArray);
  for (let i = 0; i < (annots?.size() ?? 0); i++) {
    const annotation = annots?.lookupMaybe(i, PDFDict);
    const action = annotation?.lookupMaybe(PDFName.of('A'), PDFDict);
    const uri = action?.lookupMaybe(PDFName.of('URI'), PDFString, PDFHexString)?.decodeText();
    if (!annotation || !uri?.startsWith(`${CHUNK_LINK}#`)) continue;
    const value = annots?.get(i);
    const ref = value instanceof PDFRef ? value : context.register(annotation);
    annots?.set(i, ref);
    links.push({ ref, annotation, name: decodeURIComponent(uri.slice(CHUNK_LINK.length + 1)) });
  }
  return links;
}

/**
 * A link to another chunk jumps to its name; to the page's own anchor (`p37` of `p37-install`)
 * when that heading's destination is missing. A name no chunk has leaves the link as printed.
 */
function linkChunk({ annotation, name }: ChunkLink, dests: PDFDict): void {
  const target = [name, name.split('-')[0] ?? name].find((n) => dests.has(PDFName.of(n)));
  if (!target) return;
  annotation.delete(PDFName.of('A'));
  annotation.set(PDFName.of('Dest'), PDFName.of(target));
}

/** What the merged PDF takes from the first chunk: title, dates, language. */
interface DocumentInfo {
  title?: string;
  producer?: string;
  creator?: string;
  date?: Date;
  lang?: PDFString | PDFHexString;
}

function documentInfoOf(src: PDFDocument): DocumentInfo {
  const lang = src.catalog.get(PDFName.of('Lang'));
  return {
    title: src.getTitle(),
    producer: src.getProducer(),
    creator: src.getCreator(),
    date: src.getCreationDate(),
    lang: lang instanceof PDFString || lang instanceof PDFHexString ? lang : undefined,
  };
}

/**
 * Title, language and the viewer's title bar as the first chunk had them. Called once every
 * chunk is written: the Info dictionary and viewer preferences it registers take the next
 * object numbers.
 */
function applyDocumentInfo(info: DocumentInfo, out: PDFDocument, documentElement: PDFDict): void {
  if (info.title) out.setTitle(info.title, { showInWindowTitleBar: true });
  out.setProducer(info.producer ?? 'Chromium');
  out.setCreator(info.creator ?? 'Offprint');
  if (info.date) {
    out.setCreationDate(info.date);
    out.setModificationDate(info.date);
  }
  if (info.lang) {
    out.catalog.set(PDFName.of('Lang'), info.lang);
    documentElement.set(PDFName.of('Lang'), info.lang);
  }
}
