import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPageLeaf,
  PDFRef,
  PDFString,
} from 'pdf-lib';

/*
 * The structure tree (tags) of a chunk, made to fit in the merged PDF: Chromium numbers each
 * print's structure parents from 0 and names its structure elements after DOM nodes, so both
 * repeat across chunks.
 */

export function shiftStructParents(page: PDFPageLeaf, offset: number): void {
  const own = page.lookupMaybe(PDFName.of('StructParents'), PDFNumber);
  if (own) page.set(PDFName.of('StructParents'), PDFNumber.of(own.asNumber() + offset));
  const annots = page.lookupMaybe(PDFName.of('Annots'), PDFArray);
  for (let i = 0; i < (annots?.size() ?? 0); i++) {
    const annot = annots?.lookupMaybe(i, PDFDict);
    const key = annot?.lookupMaybe(PDFName.of('StructParent'), PDFNumber);
    if (annot && key) annot.set(PDFName.of('StructParent'), PDFNumber.of(key.asNumber() + offset));
  }
}

/** Structure element ids get the chunk's prefix, and so do the table header ids that name them. */
export function renameIds(root: PDFDict, prefix: string, context: PDFContext): void {
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

export function nextKey(structRoot: PDFDict): number {
  return structRoot.lookupMaybe(PDFName.of('ParentTreeNextKey'), PDFNumber)?.asNumber() ?? 0;
}

export function arrayOrOne(value: PDFObject | undefined): PDFObject[] {
  if (value === undefined) return [];
  return value instanceof PDFArray ? value.asArray() : [value];
}

/** The entries of a number tree (`Nums` leaves under `Kids`), in order. */
export function numberTree(node: PDFObject | undefined, doc: PDFDocument): [number, PDFObject][] {
  return treeEntries(node, doc, 'Nums').map(([key, value]) => [
    (key as PDFNumber).asNumber(),
    value,
  ]);
}

/** The entries of a name tree (`Names` leaves under `Kids`), in order. */
export function nameTree(node: PDFObject | undefined, doc: PDFDocument): [string, PDFObject][] {
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

/**
 * A number tree's leaf of these entries (keys ascending), written with its chunk: the merged
 * tree's root only lists the chunks' leaves.
 */
export function numberTreeLeaf(
  entries: readonly [number, PDFObject][],
  context: PDFContext,
): PDFRef | undefined {
  const [first, last] = [entries[0], entries.at(-1)];
  if (!first || !last) return undefined;
  return context.register(
    context.obj({
      Limits: [first[0], last[0]],
      Nums: entries.flatMap(([key, value]) => [PDFNumber.of(key), value]),
    }),
  );
}

/** A name tree's leaf of these entries, sorted, with its first key (the root orders leaves by it). */
export function nameTreeLeaf(
  entries: [string, PDFObject][],
  context: PDFContext,
): { first: string; ref: PDFRef } | undefined {
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const [first, last] = [entries[0], entries.at(-1)];
  if (!first || !last) return undefined;
  const ref = context.register(
    context.obj({
      Limits: [PDFString.of(first[0]), PDFString.of(last[0])],
      Names: entries.flatMap(([id, value]) => [PDFString.of(id), value]),
    }),
  );
  return { first: first[0], ref };
}
