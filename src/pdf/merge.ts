import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectCopier,
  PDFPage,
  PDFPageLeaf,
  PDFRef,
  PDFString,
} from 'pdf-lib';
import { CHUNK_LINK } from './chunks.ts';

/**
 * One PDF from the chunks of a long document that Chromium printed one after another
 * (src/pdf/chunks.ts), with what a single print would have: the chunks' pages in order, one
 * outline, the named destinations of every chunk (so a link jumps to any page of the document),
 * and one structure tree (the PDF stays tagged). pdf-lib copies the objects; it knows nothing
 * of outlines or tags, so those are joined here:
 *
 * - the outline is nested anew from each bookmark's heading level, as Chromium nests one print's
 *   (a chunk that starts inside a sidebar group has that group's pages at its top);
 * - a link to another chunk was printed as `CHUNK_LINK#name` and becomes a jump to `name`;
 * - structure parents are numbered per chunk, so each chunk's are shifted past the previous ones;
 * - structure element ids (`node00000274`, from Chromium's DOM) repeat across chunks, so each
 *   chunk's get a prefix, and the table headers that name them follow.
 */
export async function mergeChunks(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<Uint8Array> {
  const out = await PDFDocument.create({ updateMetadata: false });
  const { context } = out;
  const dests = context.obj({});
  const outline: Bookmark[] = [];
  const structRootRef = context.nextRef();
  const documentElement = context.obj({
    Type: 'StructElem',
    S: 'Document',
    P: structRootRef,
    K: [],
  });
  const documentRef = context.register(documentElement);
  const kids = documentElement.lookup(PDFName.of('K'), PDFArray);
  const parentNums: PDFObject[] = [];
  const ids: [string, PDFRef][] = [];
  let structOffset = 0;
  let index = 0;

  for await (const bytes of chunks) {
    const src = await PDFDocument.load(bytes, { updateMetadata: false });
    if (index === 0) copyDocumentInfo(src, out, documentElement);
    const copier = PDFObjectCopier.for(src.context, context);
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

    for (const page of src.getPages()) {
      const ref = copier.copy(page.ref) as PDFRef;
      const leaf = context.lookup(ref);
      if (!(leaf instanceof PDFPageLeaf)) throw new Error('a chunk of the PDF has a broken page');
      shiftStructParents(leaf, structOffset);
      out.addPage(PDFPage.of(leaf, ref, out));
    }
    const srcDests = srcCatalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
    for (const [name, value] of srcDests?.entries() ?? []) dests.set(name, copier.copy(value));

    if (srcDocument) {
      const prefix = `chunk${index + 1}-`;
      for (const child of arrayOrOne(srcDocument.get(PDFName.of('K')))) {
        const copied = copier.copy(child);
        const element = copied instanceof PDFRef ? context.lookupMaybe(copied, PDFDict) : undefined;
        element?.set(PDFName.of('P'), documentRef);
        if (element) renameIds(element, prefix, context);
        kids.push(copied);
      }
      // Its children's parent link brought the chunk's Document element along: not needed.
      if (srcDocumentRef instanceof PDFRef) context.delete(copier.copy(srcDocumentRef) as PDFRef);
      if (srcStructRoot) {
        for (const [key, value] of numberTree(srcStructRoot.lookup(PDFName.of('ParentTree')), src))
          parentNums.push(PDFNumber.of(key + structOffset), copier.copy(value));
        for (const [id, value] of nameTree(srcStructRoot.lookup(PDFName.of('IDTree')), src))
          ids.push([`${prefix}${id}`, copier.copy(value) as PDFRef]);
        structOffset += nextKey(srcStructRoot);
      }
    }

    const srcOutline = srcCatalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
    for (const { ref, level } of bookmarksOf(srcOutline, src))
      outline.push({ ref: copier.copy(ref) as PDFRef, level });
    // The chunk's outline root came along as the items' parent: the merged root replaces it.
    const srcOutlineRef = srcCatalog.get(PDFName.of('Outlines'));
    if (srcOutlineRef instanceof PDFRef) context.delete(copier.copy(srcOutlineRef) as PDFRef);
    index++;
  }

  linkParts(out, dests);
  const catalog = out.catalog;
  catalog.set(PDFName.of('Dests'), context.register(dests));
  catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  const structRoot = context.obj({
    Type: 'StructTreeRoot',
    K: documentRef,
    ParentTree: context.obj({ Nums: parentNums }),
    ParentTreeNextKey: structOffset,
  });
  if (ids.length > 0) {
    ids.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    structRoot.set(
      PDFName.of('IDTree'),
      context.obj({ Names: ids.flatMap(([id, ref]) => [PDFString.of(id), ref]) }),
    );
  }
  context.assign(structRootRef, structRoot);
  catalog.set(PDFName.of('StructTreeRoot'), structRootRef);
  if (outline.length > 0) catalog.set(PDFName.of('Outlines'), nestOutline(out, outline));
  return out.save({ useObjectStreams: true });
}

/** Title, language and the viewer's title bar as the first chunk had them. */
function copyDocumentInfo(src: PDFDocument, out: PDFDocument, documentElement: PDFDict): void {
  const title = src.getTitle();
  if (title) out.setTitle(title, { showInWindowTitleBar: true });
  out.setProducer(src.getProducer() ?? 'Chromium');
  out.setCreator(src.getCreator() ?? 'Offprint');
  const date = src.getCreationDate();
  if (date) {
    out.setCreationDate(date);
    out.setModificationDate(date);
  }
  const lang = src.catalog.get(PDFName.of('Lang'));
  if (lang instanceof PDFString || lang instanceof PDFHexString) {
    out.catalog.set(PDFName.of('Lang'), lang);
    documentElement.set(PDFName.of('Lang'), lang);
  }
}

function shiftStructParents(page: PDFPageLeaf, offset: number): void {
  const own = page.lookupMaybe(PDFName.of('StructParents'), PDFNumber);
  if (own) page.set(PDFName.of('StructParents'), PDFNumber.of(own.asNumber() + offset));
  const annots = page.lookupMaybe(PDFName.of('Annots'), PDFArray);
  for (let i = 0; i < (annots?.size() ?? 0); i++) {
    const annot = annots?.lookupMaybe(i, PDFDict);
    const key = annot?.lookupMaybe(PDFName.of('StructParent'), PDFNumber);
    if (annot && key) annot.set(PDFName.of('StructParent'), PDFNumber.of(key.asNumber() + offset));
  }
}

/**
 * A link printed as `CHUNK_LINK#name` (its target was in another chunk) jumps to `name`; the
 * page's own anchor (`p37` of `p37-install`) when that heading's destination is missing.
 */
function linkParts(out: PDFDocument, dests: PDFDict): void {
  for (const page of out.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    for (let i = 0; i < (annots?.size() ?? 0); i++) {
      const annot = annots?.lookupMaybe(i, PDFDict);
      const action = annot?.lookupMaybe(PDFName.of('A'), PDFDict);
      const uri = action?.lookupMaybe(PDFName.of('URI'), PDFString, PDFHexString)?.decodeText();
      if (!annot || !uri?.startsWith(`${CHUNK_LINK}#`)) continue;
      const name = decodeURIComponent(uri.slice(CHUNK_LINK.length + 1));
      const target = [name, name.split('-')[0] ?? name].find((n) => dests.has(PDFName.of(n)));
      if (!target) continue;
      annot.delete(PDFName.of('A'));
      annot.set(PDFName.of('Dest'), PDFName.of(target));
    }
  }
}

/** An outline item and the level of the heading it was made from (1 for `H1`). */
interface Bookmark {
  ref: PDFRef;
  level: number;
}

/**
 * A chunk's outline items in order (depth first), each with its heading's level: Chromium
 * points each item at the heading's structure element (`/SE`), whose tag is `H1`…`H6`. An
 * item without one keeps its depth in the chunk's outline.
 */
function bookmarksOf(root: PDFDict | undefined, src: PDFDocument): Bookmark[] {
  const out: Bookmark[] = [];
  const stack: { ref: PDFObject | undefined; depth: number }[] = [
    { ref: root?.get(PDFName.of('First')), depth: 1 },
  ];
  while (stack.length > 0) {
    const at = stack.pop() as { ref: PDFObject | undefined; depth: number };
    if (!(at.ref instanceof PDFRef)) continue;
    const item = src.context.lookup(at.ref, PDFDict);
    const tag = item.lookupMaybe(PDFName.of('SE'), PDFDict)?.lookupMaybe(PDFName.of('S'), PDFName);
    const heading = /^\/H([1-6])$/.exec(tag?.asString() ?? '');
    out.push({ ref: at.ref, level: heading ? Number(heading[1]) : at.depth });
    // Its next sibling after all its children.
    stack.push({ ref: item.get(PDFName.of('Next')), depth: at.depth });
    stack.push({ ref: item.get(PDFName.of('First')), depth: at.depth + 1 });
  }
  return out;
}

interface OutlineNode {
  ref: PDFRef;
  level: number;
  children: OutlineNode[];
}

/**
 * The merged outline, nested as Chromium nests one print's: each bookmark goes under the
 * nearest bookmark before it with a lower level. Every item is open, as Chromium writes them.
 */
function nestOutline(out: PDFDocument, bookmarks: readonly Bookmark[]): PDFRef {
  const { context } = out;
  const rootRef = context.nextRef();
  const root: OutlineNode = { ref: rootRef, level: 0, children: [] };
  const open: OutlineNode[] = [root];
  for (const { ref, level } of bookmarks) {
    while ((open.at(-1) as OutlineNode).level >= level) open.pop();
    const node = { ref, level, children: [] };
    (open.at(-1) as OutlineNode).children.push(node);
    open.push(node);
  }
  const counts = new Map<OutlineNode, number>();
  // Children before parents: a node's count is its descendants'.
  const order: OutlineNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as OutlineNode;
    order.push(node);
    stack.push(...node.children);
  }
  for (const node of order.reverse())
    counts.set(
      node,
      node.children.reduce((sum, child) => sum + 1 + (counts.get(child) ?? 0), 0),
    );
  for (const node of order) {
    const parent = node === root ? undefined : context.lookup(node.ref, PDFDict);
    node.children.forEach((child, i) => {
      const item = context.lookup(child.ref, PDFDict);
      item.set(PDFName.of('Parent'), node.ref);
      const prev = node.children[i - 1];
      const next = node.children[i + 1];
      if (prev) item.set(PDFName.of('Prev'), prev.ref);
      else item.delete(PDFName.of('Prev'));
      if (next) item.set(PDFName.of('Next'), next.ref);
      else item.delete(PDFName.of('Next'));
    });
    if (!parent) continue;
    const [first, last] = [node.children[0], node.children.at(-1)];
    for (const key of ['First', 'Last', 'Count']) parent.delete(PDFName.of(key));
    if (first && last) {
      parent.set(PDFName.of('First'), first.ref);
      parent.set(PDFName.of('Last'), last.ref);
      parent.set(PDFName.of('Count'), PDFNumber.of(counts.get(node) ?? 0));
    }
  }
  const [first, last] = [root.children[0] as OutlineNode, root.children.at(-1) as OutlineNode];
  context.assign(
    rootRef,
    context.obj({
      Type: 'Outlines',
      First: first.ref,
      Last: last.ref,
      Count: counts.get(root) ?? 0,
    }),
  );
  return rootRef;
}

/** Structure element ids get the chunk's prefix, and so do the table header ids that name them. */
function renameIds(root: PDFDict, prefix: string, context: PDFDocument['context']): void {
  const seen = new Set<PDFDict>();
  const stack = [root];
  while (stack.length > 0) {
    const element = stack.pop() as PDFDict;
    if (seen.has(element)) continue;
    seen.add(element);
    const id = element.lookupMaybe(PDFName.of('ID'), PDFString, PDFHexString);
    if (id) element.set(PDFName.of('ID'), PDFString.of(`${prefix}${id.decodeText()}`));
    for (const attributes of arrayOrOne(element.get(PDFName.of('A')))) {
      const dict =
        attributes instanceof PDFRef ? context.lookupMaybe(attributes, PDFDict) : attributes;
      if (!(dict instanceof PDFDict)) continue;
      const headers = dict.lookupMaybe(PDFName.of('Headers'), PDFArray);
      if (!headers) continue;
      dict.set(
        PDFName.of('Headers'),
        context.obj(
          headers
            .asArray()
            .map((h) => context.lookup(h))
            .filter((h) => h instanceof PDFString || h instanceof PDFHexString)
            .map((h) => PDFString.of(`${prefix}${h.decodeText()}`)),
        ),
      );
    }
    for (const child of arrayOrOne(element.get(PDFName.of('K')))) {
      const dict = child instanceof PDFRef ? context.lookupMaybe(child, PDFDict) : child;
      if (dict instanceof PDFDict && dict.has(PDFName.of('S'))) stack.push(dict);
    }
  }
}

function nextKey(structRoot: PDFDict): number {
  return structRoot.lookupMaybe(PDFName.of('ParentTreeNextKey'), PDFNumber)?.asNumber() ?? 0;
}

function arrayOrOne(value: PDFObject | undefined): PDFObject[] {
  if (value === undefined) return [];
  return value instanceof PDFArray ? value.asArray() : [value];
}

/** The entries of a number tree (`Nums` leaves under `Kids`), in order. */
function numberTree(node: PDFObject | undefined, doc: PDFDocument): [number, PDFObject][] {
  return treeEntries(node, doc, 'Nums').map(([key, value]) => [
    (key as PDFNumber).asNumber(),
    value,
  ]);
}

/** The entries of a name tree (`Names` leaves under `Kids`), in order. */
function nameTree(node: PDFObject | undefined, doc: PDFDocument): [string, PDFObject][] {
  return treeEntries(node, doc, 'Names').map(([key, value]) => [
    (key as PDFString | PDFHexString).decodeText(),
    value,
  ]);
}

function treeEntries(
  node: PDFObject | undefined,
  doc: PDFDocument,
  leafKey: 'Nums' | 'Names',
): [PDFObject, PDFObject][] {
  const dict = node instanceof PDFRef ? doc.context.lookupMaybe(node, PDFDict) : node;
  if (!(dict instanceof PDFDict)) return [];
  const entries: [PDFObject, PDFObject][] = [];
  const leaf = dict.lookupMaybe(PDFName.of(leafKey), PDFArray);
  for (let i = 0; i + 1 < (leaf?.size() ?? 0); i += 2) {
    entries.push([leaf?.lookup(i) as PDFObject, leaf?.get(i + 1) as PDFObject]);
  }
  for (const kid of dict.lookupMaybe(PDFName.of('Kids'), PDFArray)?.asArray() ?? [])
    entries.push(...treeEntries(kid, doc, leafKey));
  return entries;
}
