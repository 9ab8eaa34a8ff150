/**
 * What a page's markdown changed against the markdown it had before (`MarkdownOptions`'s
 * `previous`), at the level of top-level blocks, and the marks that show it in the page's HTML.
 *
 * - A block is a top-level node of a document's mdast as `parseDocument` leaves it (a paragraph,
 *   a heading, a list, a code block, a table, a `{% hint %}…{% endhint %}` block…); its identity
 *   is its text in the line pass's output, tags put back, whitespace runs collapsed. The page's
 *   leading `# Title` is no block of the body (plugins/title.ts takes it out of the HTML).
 * - The two documents' block lists are diffed with jsdiff's `diffArrays`: in each run of
 *   differences, as many removed and added blocks as pair up are changed, the rest added or
 *   removed.
 * - A top-level element of the HTML belongs to the blocks its `position` (which remark-rehype
 *   copies from mdast) overlaps; one without a position belongs to those of the element before it
 *   (the footnotes section, written after all blocks, to none). An element of an added or changed
 *   block gets `data-change="added"`; the previous document's elements of a removed or changed
 *   block are put, as its own render made them, where they were, in
 *   `div.op-change-removed[data-change=removed][data-pagefind-ignore=all]`, without ids.
 */

import { diffArrays } from 'diff';
import type { Element, RootContent as HastContent, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { VFile } from 'vfile';
import { h, t, walkElements } from './hast.ts';
import type { Preprocessed } from './preprocess.ts';
import type { BlockChanges } from './types.ts';

/** A top-level block of a document: where it is in the line pass's output, and what it is. */
export interface Block {
  start: number;
  end: number;
  /** Its identity: its text, tags put back, whitespace runs collapsed. */
  key: string;
}

/** A document rendered through the pipeline up to the stringifier, with its body's blocks. */
export interface RenderedDocument {
  tree: HastRoot;
  blocks: readonly Block[];
}

declare module 'vfile' {
  interface DataMap {
    /** The document's top-level blocks, recorded after parsing when changes are marked. */
    blocks: Block[];
    /** What the page changed against `MarkdownOptions.previous` (`MarkdownResult.changes`). */
    changes: BlockChanges;
  }
}

/**
 * Beyond this many blocks added and removed in one document, the diff stops looking for the
 * shortest edit and takes everything between the common start and end as changed: Myers' diff
 * costs the product of the lengths and the edits, and a page rewritten whole has nothing to align.
 */
export const MAX_BLOCK_EDITS = 1000;

/** The top-level blocks of a freshly parsed document (`parseDocument`'s tree and line pass). */
export function documentBlocks(tree: MdastRoot, pre: Preprocessed): Block[] {
  const blocks: Block[] = [];
  for (const node of tree.children) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    const key = pre.text.slice(start, end).replace(/\s+/g, ' ').trim();
    blocks.push({ start, end, key });
  }
  return blocks;
}

/** The document's blocks that are in its body: all but a leading `# Title` taken out of it. */
export function bodyBlocks(file: VFile): Block[] {
  const blocks = file.data.blocks ?? [];
  return file.data.title !== undefined ? blocks.slice(1) : blocks;
}

/** Each block's fate in a diff of two documents' blocks. */
export interface BlockDiff {
  /** For each block of the page: true when it was added or changed. */
  added: boolean[];
  /** For each block of the previous document: true when it was removed or changed. */
  removed: boolean[];
  /**
   * For each block of the previous document that was removed or changed: the index of the
   * page's block it comes after (-1: before the first); -1 for the others too.
   */
  after: number[];
  counts: BlockChanges;
}

/** Diffs two documents' block identities (`previous` → `page`). */
export function diffBlocks(previous: readonly string[], page: readonly string[]): BlockDiff {
  // Identities as numbers: the diff compares them with `===`, as often as its path needs.
  const ids = new Map<string, number>();
  const idOf = (key: string) => {
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    return id;
  };
  const before = previous.map(idOf);
  const after = page.map(idOf);
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  const oldMiddle = before.slice(head, before.length - tail);
  const newMiddle = after.slice(head, after.length - tail);
  const parts = diffArrays(oldMiddle, newMiddle, { maxEditLength: MAX_BLOCK_EDITS }) ?? [
    { count: oldMiddle.length, added: false, removed: true, value: oldMiddle },
    { count: newMiddle.length, added: true, removed: false, value: newMiddle },
  ];
  const result: BlockDiff = {
    added: page.map(() => false),
    removed: previous.map(() => false),
    after: previous.map(() => -1),
    counts: { added: 0, removed: 0, changed: 0 },
  };
  let i = head;
  let j = head;
  // One run of differences between two common stretches: its removed and added blocks pair up.
  let runRemoved = 0;
  let runAdded = 0;
  const endRun = () => {
    const changed = Math.min(runRemoved, runAdded);
    result.counts.changed += changed;
    result.counts.added += runAdded - changed;
    result.counts.removed += runRemoved - changed;
    runRemoved = 0;
    runAdded = 0;
  };
  for (const part of parts) {
    const count = part.count ?? part.value.length;
    if (part.removed) {
      for (let k = 0; k < count; k++) {
        result.removed[i + k] = true;
        result.after[i + k] = j - 1;
      }
      i += count;
      runRemoved += count;
    } else if (part.added) {
      for (let k = 0; k < count; k++) result.added[j + k] = true;
      j += count;
      runAdded += count;
    } else {
      endRun();
      i += count;
      j += count;
    }
  }
  endRun();
  return result;
}

/** Beyond any block: the footnotes section, which remark-rehype writes after all of them. */
const TRAILER = Number.POSITIVE_INFINITY;

/**
 * The blocks each top-level node of `tree` belongs to, as `[first, last]` indexes into `blocks`
 * (sorted by `start`, not overlapping): `first` is -1 for nodes before any block's element, and
 * {@link TRAILER} for the footnotes section.
 */
function blockRanges(tree: HastRoot, blocks: readonly Block[]): [number, number][] {
  const ranges: [number, number][] = [];
  let current: [number, number] = [-1, -2];
  for (const node of tree.children) {
    if (node.type === 'element') {
      const own = overlapped(node, blocks);
      if (own) current = own;
      else if (node.tagName === 'section' && node.properties.dataFootnotes !== undefined)
        current = [TRAILER, TRAILER];
    }
    ranges.push(current);
  }
  return ranges;
}

/** The blocks an element's position overlaps, if it has one and overlaps any. */
function overlapped(node: Element, blocks: readonly Block[]): [number, number] | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  // The first block that ends after the element starts.
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((blocks[middle] as Block).end > start) high = middle;
    else low = middle + 1;
  }
  const first = low;
  let last = first - 1;
  while (last + 1 < blocks.length && (blocks[last + 1] as Block).start < Math.max(end, start + 1))
    last++;
  return last >= first ? [first, last] : undefined;
}

/** Whether any of `flags[first..last]` is set. */
function anyIn(flags: readonly boolean[], [first, last]: [number, number]): boolean {
  for (let k = Math.max(first, 0); k <= last && k < flags.length; k++) if (flags[k]) return true;
  return false;
}

/** Attributes that point at an id: in removed content, they would point at the page's. */
const ID_REFERENCES = [
  'id',
  'name',
  'htmlFor',
  'headers',
  'ariaControls',
  'ariaLabelledBy',
  'ariaDescribedBy',
  'ariaDetails',
  'ariaOwns',
  'ariaActiveDescendant',
  'ariaErrorMessage',
  'ariaFlowTo',
] as const;

/**
 * Removed content shown beside the page's: no ids, and nothing that names one (the outline and
 * the anchors are the page's own); its tabs are left to show every panel (the tabs script would
 * work them through the page's ids), and its diagrams' lines are not the page's.
 */
function detach(node: Element): void {
  const strip = (element: Element) => {
    const properties = element.properties;
    for (const name of ID_REFERENCES) delete properties[name];
    delete properties.dataOpTabs;
    delete properties.dataOpLine;
  };
  strip(node);
  walkElements(node, (element) => {
    strip(element);
    return undefined;
  });
}

/**
 * Marks in `page.tree` what changed against `previous`: elements of added and changed blocks
 * get `data-change="added"`, and the previous document's elements of removed and changed blocks
 * are moved into it (out of `previous.tree`) at their place. Returns the counts of blocks.
 */
export function markChanges(page: RenderedDocument, previous: RenderedDocument): BlockChanges {
  const diff = diffBlocks(
    previous.blocks.map((block) => block.key),
    page.blocks.map((block) => block.key),
  );
  const { added, removed, after } = diff;
  if (!added.includes(true) && !removed.includes(true)) return diff.counts;

  const pageRanges = blockRanges(page.tree, page.blocks);
  for (const [index, node] of page.tree.children.entries()) {
    if (node.type === 'element' && anyIn(added, pageRanges[index] as [number, number]))
      node.properties.dataChange = 'added';
  }

  // The previous document's removed elements, in runs that go to one place of the page.
  interface Run {
    after: number;
    nodes: HastContent[];
  }
  const runs: Run[] = [];
  const previousRanges = blockRanges(previous.tree, previous.blocks);
  let run: Run | undefined;
  for (const [index, node] of previous.tree.children.entries()) {
    const range = previousRanges[index] as [number, number];
    if (!anyIn(removed, range)) {
      run = undefined;
    } else if (node.type !== 'element') {
      run?.nodes.push(node);
    } else {
      let first = Math.max(range[0], 0);
      while (!removed[first]) first++;
      const place = after[first] as number;
      if (run === undefined || run.after !== place) {
        run = { after: place, nodes: [] };
        runs.push(run);
      }
      detach(node);
      run.nodes.push(node);
    }
  }
  if (runs.length === 0) return diff.counts;

  // A run goes before the page's first node that reaches past the block it comes after (an
  // element that holds that block and later ones, such as a `<details>` around blocks, too).
  const out: HastContent[] = [];
  let next = 0;
  const place = (run: Run) => {
    const last = out[out.length - 1];
    if (last !== undefined && !(last.type === 'text' && last.value.trim() === ''))
      out.push(t('\n'));
    while (run.nodes.length > 0) {
      const end = run.nodes[run.nodes.length - 1] as HastContent;
      if (end.type !== 'text' || end.value.trim() !== '') break;
      run.nodes.pop();
    }
    out.push(
      h(
        'div',
        { className: ['op-change-removed'], dataChange: 'removed', dataPagefindIgnore: 'all' },
        run.nodes as Element['children'],
      ),
    );
    out.push(t('\n'));
  };
  // Runs in the order of their places (stable: the previous document's order at one place).
  const ordered = runs
    .map((value, order) => ({ value, order }))
    .sort((a, b) => a.value.after - b.value.after || a.order - b.order)
    .map(({ value }) => value);
  let reach = -1;
  for (const [index, node] of page.tree.children.entries()) {
    reach = Math.max(reach, (pageRanges[index] as [number, number])[1]);
    while (next < ordered.length && reach > (ordered[next] as Run).after)
      place(ordered[next++] as Run);
    out.push(node);
  }
  while (next < ordered.length) place(ordered[next++] as Run);
  if (out[out.length - 1]?.type === 'text' && page.tree.children.at(-1)?.type !== 'text') out.pop();
  page.tree.children = out;
  return diff.counts;
}
