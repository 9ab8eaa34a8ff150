import {
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRef,
} from 'pdf-lib';

/**
 * An outline item of a chunk, copied into the merged PDF (its number is the merged one) but not
 * yet written: its siblings and parent may be in chunks still to come.
 */
export interface Bookmark {
  ref: PDFRef;
  item: PDFDict;
  /** The level of the heading it was made from (1 for `H1`). */
  level: number;
}

/**
 * A chunk's outline items in order (depth first), each with its heading's level: Chromium
 * points each item at the heading's structure element (`/SE`), whose tag is `H1`…`H6`. An
 * item without one keeps its depth in the chunk's outline.
 */
export function bookmarksOf(
  root: PDFDict | undefined,
  src: PDFDocument,
): { ref: PDFRef; level: number }[] {
  const out: { ref: PDFRef; level: number }[] = [];
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
  item?: PDFDict;
  level: number;
  children: OutlineNode[];
}

/**
 * The merged outline, nested as Chromium nests one print's: each bookmark goes under the
 * nearest bookmark before it with a lower level. Every item is open, as Chromium writes them.
 * Sets each item's links (Parent, Prev, Next, First, Last, Count) and returns the root, whose
 * number is `rootRef`.
 */
export function nestOutline(
  context: PDFContext,
  rootRef: PDFRef,
  bookmarks: readonly Bookmark[],
): PDFDict {
  const root: OutlineNode = { ref: rootRef, level: 0, children: [] };
  const open: OutlineNode[] = [root];
  for (const { ref, item, level } of bookmarks) {
    while ((open.at(-1) as OutlineNode).level >= level) open.pop();
    const node = { ref, item, level, children: [] };
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
    node.children.forEach((child, i) => {
      const item = child.item as PDFDict;
      item.set(PDFName.of('Parent'), node.ref);
      const prev = node.children[i - 1];
      const next = node.children[i + 1];
      if (prev) item.set(PDFName.of('Prev'), prev.ref);
      else item.delete(PDFName.of('Prev'));
      if (next) item.set(PDFName.of('Next'), next.ref);
      else item.delete(PDFName.of('Next'));
    });
    if (!node.item) continue;
    const [first, last] = [node.children[0], node.children.at(-1)];
    for (const key of ['First', 'Last', 'Count']) node.item.delete(PDFName.of(key));
    if (first && last) {
      node.item.set(PDFName.of('First'), first.ref);
      node.item.set(PDFName.of('Last'), last.ref);
      node.item.set(PDFName.of('Count'), PDFNumber.of(counts.get(node) ?? 0));
    }
  }
  const [first, last] = [root.children[0], root.children.at(-1)];
  return context.obj({
    Type: 'Outlines',
    ...(first && last ? { First: first.ref, Last: last.ref } : {}),
    Count: counts.get(root) ?? 0,
  });
}
