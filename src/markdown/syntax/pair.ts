/**
 * Pairing: the mdast transform that turns `opTag` siblings (`from-markdown.ts`) into `opBlock`
 * containers. Tags match among siblings only (one children list at a time), with a stack:
 *
 * - `{% endX %}` closes the nearest open `X`; tags opened after it that need their own end degrade
 *   to text with a warning (misordered), optional ones (`embed`, `file`…) become void blocks;
 * - an end tag with no open tag, or a container never closed, degrades to text with a warning;
 * - void and separator tags are blocks without content; optional tags never closed are too;
 * - past {@link MAX_TAG_DEPTH} open blocks, a tag degrades to text with a warning.
 *
 * A raw HTML block swallows the lines after its first up to a blank line, tag lines included
 * (`<div>`, `{% hint %}`…): those lines are read again as tag lines (`html-tags.ts`) first.
 * The walk is iterative (no recursion on a deep tree); every list is read once.
 */
import type { Paragraph, Parent, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { isParent, type OpBlock } from '../mdast.ts';
import type { TagToken } from '../tags.ts';
import type { OpTag } from './from-markdown.ts';
import { splitHtmlTagLines } from './html-tags.ts';
import { type TagKind, tagKindOf } from './tag-table.ts';

/** Deepest nesting of `{% %}` blocks; deeper tags degrade to text. */
export const MAX_TAG_DEPTH = 24;

export interface PairOptions {
  /** How a tag that is not a closing tag pairs (default: the table of `tag-table.ts`). */
  kindOf?: (name: string) => TagKind;
}

interface Open {
  node: OpTag;
  kind: TagKind;
  index: number;
}

/** The tag as the blocks read it (`OpBlock.tag`). */
export function tagToken(node: OpTag): TagToken {
  const line = node.position?.start.line;
  return {
    name: node.name,
    args: node.args,
    attrs: node.attributes,
    positional: node.positional,
    raw: node.raw,
    line: line ?? 0,
  };
}

function literal(node: OpTag): Paragraph {
  return {
    type: 'paragraph',
    children: [{ type: 'text', value: node.raw }],
    ...(node.position ? { position: node.position } : {}),
  };
}

interface Readers {
  kindOf: (name: string) => TagKind;
}

function block(open: OpTag, children: RootContent[], close?: OpTag): OpBlock {
  const start = open.position?.start;
  const end = (close ?? open).position?.end;
  return {
    type: 'opBlock',
    tag: tagToken(open),
    closed: close !== undefined,
    children,
    ...(start && end ? { position: { start, end } } : {}),
  };
}

/** Optional tags left open become void blocks. */
function finalize(list: RootContent[]): void {
  for (let i = 0; i < list.length; i++) {
    const node = list[i] as RootContent;
    if (node.type === 'opTag') list[i] = block(node, []);
  }
}

function pairList(list: RootContent[], file: VFile, readers: Readers) {
  const out: RootContent[] = [];
  const stack: Open[] = [];
  for (const node of list) {
    if (node.type !== 'opTag') {
      out.push(node);
      continue;
    }
    const name = node.name;
    if (name.startsWith('end') && name.length > 3) {
      const target = name.slice(3);
      let k = stack.length - 1;
      while (k >= 0 && (stack[k] as Open).node.name !== target) k--;
      if (k < 0) {
        file.message(`${node.raw} has no matching {% ${target} %}; shown as text`, node);
        out.push(literal(node));
        continue;
      }
      for (let j = stack.length - 1; j > k; j--) {
        const inner = stack[j] as Open;
        if (inner.kind === 'optional') continue;
        file.message(
          `${inner.node.raw} is not closed before ${node.raw}; shown as text`,
          inner.node,
        );
        out[inner.index] = literal(inner.node);
      }
      const entry = stack[k] as Open;
      stack.length = k;
      const children = out.splice(entry.index);
      children.shift();
      finalize(children);
      out.push(block(entry.node, children, node));
      continue;
    }
    const kind = readers.kindOf(name);
    if (kind === 'void' || kind === 'separator') {
      out.push(block(node, []));
      continue;
    }
    if (stack.length >= MAX_TAG_DEPTH) {
      file.message(
        `${node.raw} is nested more than ${MAX_TAG_DEPTH} blocks deep; shown as text`,
        node,
      );
      out.push(literal(node));
      continue;
    }
    stack.push({ node, kind, index: out.length });
    out.push(node);
  }
  for (let j = stack.length - 1; j >= 0; j--) {
    const open = stack[j] as Open;
    if (open.kind === 'optional') continue;
    file.message(`${open.node.raw} is never closed; shown as text`, open.node);
    out[open.index] = literal(open.node);
  }
  finalize(out);
  return out;
}

/** Matches the tags of every children list of `tree`, innermost lists first. */
export function pairTags(tree: Parent, file: VFile, options: PairOptions = {}): void {
  const readers: Readers = { kindOf: options.kindOf ?? tagKindOf };
  const parents: Parent[] = [];
  const pending: Parent[] = [tree];
  while (pending.length > 0) {
    const parent = pending.pop() as Parent;
    parents.push(parent);
    for (const child of parent.children) if (isParent(child)) pending.push(child);
  }
  for (let i = parents.length - 1; i >= 0; i--) {
    const parent = parents[i] as Parent & { type: 'root'; children: RootContent[] };
    const list = splitHtmlTagLines(parent);
    parent.children = list.some((node) => node.type === 'opTag')
      ? pairList(list, file, readers)
      : list;
  }
}
