/**
 * Structure: turns the `<!--NONCE:i-->` placeholders left by the line pass into `opBlock`
 * containers, and its `<!--NONCE:Li-->` ones into paragraphs of the long lines they stand for.
 * The render's parse has no tag placeholders (its parser reads the tags, `syntax/`): only the
 * line pass's default mode makes them. Tags match among siblings only (one children list at a time), with a stack:
 *
 * - `{% endX %}` closes the nearest open `X`; tags opened after it that need their own end degrade
 *   to text with a warning (misordered), optional ones (`embed`, `file`…) become void blocks.
 * - an end tag with no open tag, or a container never closed, degrades to text with a warning.
 * - placeholders that landed in code, inline code or math (or in text) get their tag back.
 */
import type { Nodes as HastNodes } from 'hast';
import type { Paragraph, Parent, RootContent } from 'mdast';
import type { Position } from 'unist';
import type { VFile } from 'vfile';
import { tagKind } from '../known-tags.ts';
import { isParent, type OpBlock } from '../mdast.ts';
import type { TagKind, TagToken } from '../tags.ts';

/** Deepest nesting of `{% %}` blocks; deeper tags degrade to text. */
export const MAX_TAG_DEPTH = 24;

export interface TagSource {
  nonce: string;
  tags: TagToken[];
  longLines: string[];
}

interface Open {
  tag: TagToken;
  kind: TagKind;
  index: number;
  node: RootContent;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Puts back, in text of the line pass's output, the tags and long lines its placeholders stand
 * for (the placeholders' nonce differs from one parse to the next; what they stand for does not).
 */
export function tagRestorer(source: TagSource): (value: string) => string {
  if (source.tags.length === 0 && source.longLines.length === 0) return (value) => value;
  const anywhere = new RegExp(`<!--${escapeRegExp(source.nonce)}(L?\\d+)-->`, 'g');
  return (value) =>
    value.replace(anywhere, (whole, index: string) =>
      index.startsWith('L')
        ? (source.longLines[Number(index.slice(1))] ?? whole)
        : (source.tags[Number(index)]?.raw ?? whole),
    );
}

/** Puts back the tags in every text node of hast `nodes` (iteratively). */
function restoreText(nodes: readonly HastNodes[], restore: (value: string) => string): void {
  const stack = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop() as HastNodes;
    if (node.type === 'text') node.value = restore(node.value);
    else if ('children' in node) stack.push(...node.children);
  }
}

export function structure(tree: Parent, source: TagSource, file: VFile): void {
  if (source.tags.length === 0 && source.longLines.length === 0) return;
  const nonce = escapeRegExp(source.nonce);
  const exact = new RegExp(`^\\s*<!--${nonce}(\\d+)-->\\s*$`);
  const long = new RegExp(`^\\s*<!--${nonce}L(\\d+)-->\\s*$`);
  const markers = new Map<RootContent, TagToken>();

  const tagAt = (index: string): TagToken | undefined => source.tags[Number(index)];
  const restore = tagRestorer(source);

  const expand = (children: RootContent[]): RootContent[] => {
    const out: RootContent[] = [];
    for (const node of children) {
      if (node.type === 'html' && node.value.includes(source.nonce)) {
        const lines = node.value.split('\n');
        const origin = node.position?.start;
        // Offsets are approximate (container prefixes are not in `value`); lines are exact.
        const offsets: number[] = [];
        let running = origin?.offset ?? 0;
        for (const line of lines) {
          offsets.push(running);
          running += line.length + 1;
        }
        const positionOf = (first: number, last: number): { position?: Position } => {
          if (!origin) return {};
          const lastLine = lines[last] as string;
          return {
            position: {
              start: { line: origin.line + first, column: 1, offset: offsets[first] as number },
              end: {
                line: origin.line + last,
                column: lastLine.length + 1,
                offset: (offsets[last] as number) + lastLine.length,
              },
            },
          };
        };
        let buffer: string[] = [];
        let bufferStart = 0;
        const flush = () => {
          if (buffer.length === 0) return;
          out.push({
            type: 'html',
            value: restore(buffer.join('\n')),
            ...positionOf(bufferStart, bufferStart + buffer.length - 1),
          });
          buffer = [];
        };
        lines.forEach((line, index) => {
          const l = long.exec(line);
          if (l) {
            flush();
            out.push({
              type: 'paragraph',
              children: [{ type: 'text', value: source.longLines[Number(l[1])] ?? '' }],
              ...positionOf(index, index),
            });
            return;
          }
          const m = exact.exec(line);
          const tag = m ? tagAt(m[1] as string) : undefined;
          if (!tag) {
            if (buffer.length === 0) bufferStart = index;
            buffer.push(line);
            return;
          }
          flush();
          const marker: RootContent = { type: 'html', value: tag.raw, ...positionOf(index, index) };
          markers.set(marker, tag);
          out.push(marker);
        });
        flush();
      } else {
        if (
          'value' in node &&
          typeof node.value === 'string' &&
          node.value.includes(source.nonce)
        ) {
          node.value = restore(node.value);
          // remark-math wrote the value into the node's hast children too, when it parsed it.
          const hChildren = (node.data as { hChildren?: HastNodes[] } | undefined)?.hChildren;
          if (hChildren) restoreText(hChildren, restore);
        }
        out.push(node);
      }
    }
    return out;
  };

  const literal = (tag: TagToken, node: RootContent): Paragraph => ({
    type: 'paragraph',
    children: [{ type: 'text', value: tag.raw }],
    ...(node.position ? { position: node.position } : {}),
  });

  const block = (
    tag: TagToken,
    children: RootContent[],
    open: RootContent,
    close?: RootContent,
  ): OpBlock => {
    const start = open.position?.start;
    const end = (close ?? open).position?.end;
    return {
      type: 'opBlock',
      tag,
      closed: close !== undefined,
      children,
      ...(start && end ? { position: { start, end } } : {}),
    };
  };

  /** Open markers of optional tags that never met their end become void blocks. */
  const finalize = (list: RootContent[]) => {
    for (let i = 0; i < list.length; i++) {
      const node = list[i] as RootContent;
      const tag = markers.get(node);
      if (tag) list[i] = block(tag, [], node);
    }
  };

  const match = (list: RootContent[]): RootContent[] => {
    const out: RootContent[] = [];
    const stack: Open[] = [];
    for (const node of list) {
      const tag = markers.get(node);
      if (!tag) {
        out.push(node);
        continue;
      }
      const name = tag.name;
      if (name.startsWith('end') && name.length > 3) {
        const target = name.slice(3);
        let k = stack.length - 1;
        while (k >= 0 && (stack[k] as Open).tag.name !== target) k--;
        if (k >= 0) {
          for (let j = stack.length - 1; j > k; j--) {
            const inner = stack[j] as Open;
            if (inner.kind !== 'optional') {
              file.message(
                `${inner.tag.raw} is not closed before ${tag.raw}; shown as text`,
                inner.node,
              );
              out[inner.index] = literal(inner.tag, inner.node);
              markers.delete(inner.node);
            }
          }
          const entry = stack[k] as Open;
          stack.length = k;
          const children = out.splice(entry.index);
          children.shift();
          finalize(children);
          markers.delete(entry.node);
          out.push(block(entry.tag, children, entry.node, node));
          continue;
        }
        file.message(`${tag.raw} has no matching {% ${target} %}; shown as text`, node);
        out.push(literal(tag, node));
        continue;
      }
      const kind = tagKind(name);
      if (kind === 'void' || kind === 'separator') {
        out.push(block(tag, [], node));
        continue;
      }
      if (stack.length >= MAX_TAG_DEPTH) {
        file.message(
          `${tag.raw} is nested more than ${MAX_TAG_DEPTH} blocks deep; shown as text`,
          node,
        );
        out.push(literal(tag, node));
        continue;
      }
      stack.push({ tag, kind, index: out.length, node });
      out.push(node);
    }
    for (let j = stack.length - 1; j >= 0; j--) {
      const open = stack[j] as Open;
      if (open.kind !== 'optional') {
        file.message(`${open.tag.raw} is never closed; shown as text`, open.node);
        out[open.index] = literal(open.tag, open.node);
        markers.delete(open.node);
      }
    }
    finalize(out);
    return out;
  };

  const walk = (parent: Parent) => {
    const list = expand(parent.children as RootContent[]);
    for (const child of list) if (isParent(child)) walk(child);
    (parent as { children: RootContent[] }).children = match(list);
  };
  walk(tree);
}
