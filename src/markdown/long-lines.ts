/**
 * Lines too long to parse (`preprocess.ts`, `LONG_LINE`): the line pass gives the parser a
 * placeholder `<!--NONCE:Li-->` for each; here each placeholder line becomes a paragraph of the
 * line's text, and a placeholder that landed in code or math (or in other text) gets its line
 * back. Lines of HTML around a placeholder stay HTML.
 */
import type { Nodes as HastNodes } from 'hast';
import type { Parent, RootContent } from 'mdast';
import type { Position } from 'unist';
import { isParent } from './mdast.ts';

export interface LongLineSource {
  nonce: string;
  longLines: string[];
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Puts back, in text of the line pass's output, the long lines its placeholders stand for (the
 * placeholders' nonce differs from one parse to the next; what they stand for does not).
 */
export function longLineRestorer(source: LongLineSource): (value: string) => string {
  if (source.longLines.length === 0) return (value) => value;
  const anywhere = new RegExp(`<!--${escapeRegExp(source.nonce)}L(\\d+)-->`, 'g');
  return (value) =>
    value.replace(anywhere, (whole, index: string) => source.longLines[Number(index)] ?? whole);
}

/** Puts back the lines in every text node of hast `nodes` (iteratively). */
function restoreText(nodes: readonly HastNodes[], restore: (value: string) => string): void {
  const stack = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop() as HastNodes;
    if (node.type === 'text') node.value = restore(node.value);
    else if ('children' in node) stack.push(...node.children);
  }
}

export function restoreLongLines(tree: Parent, source: LongLineSource): void {
  if (source.longLines.length === 0) return;
  const long = new RegExp(`^\\s*<!--${escapeRegExp(source.nonce)}L(\\d+)-->\\s*$`);
  const restore = longLineRestorer(source);

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
          if (!l) {
            if (buffer.length === 0) bufferStart = index;
            buffer.push(line);
            return;
          }
          flush();
          out.push({
            type: 'paragraph',
            children: [{ type: 'text', value: source.longLines[Number(l[1])] ?? '' }],
            ...positionOf(index, index),
          });
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

  const walk = (parent: Parent) => {
    const list = expand(parent.children as RootContent[]);
    for (const child of list) if (isParent(child)) walk(child);
    (parent as { children: RootContent[] }).children = list;
  };
  walk(tree);
}
