/**
 * After sanitizing, before the trusted plugins add SVG and MathML: the page's plain text (for
 * search and descriptions) and its excerpt (the first paragraph, cut near 200 characters).
 * Block elements separate words; icon fallbacks are left out.
 */
import type { Element, Root, RootContent } from 'hast';
import type { VFile } from 'vfile';

export const EXCERPT_LENGTH = 200;

export interface TextOutput {
  text: string;
  excerpt: string;
}

declare module 'vfile' {
  interface DataMap {
    /** The page's plain text and first paragraph's (`MarkdownResult.text`, `excerpt`). */
    text: TextOutput;
  }
}

const INLINE = new Set(
  'a abbr b bdi bdo cite code data del dfn em i img ins kbd mark q s samp small span strong sub sup time u var wbr'.split(
    ' ',
  ),
);

/** Plain text with blocks separated by spaces and whitespace collapsed (iterative). */
export function plainTextOf(node: Root | Element): string {
  const parts: string[] = [];
  const stack: (RootContent | ' ')[] = [...node.children].reverse();
  while (stack.length > 0) {
    const current = stack.pop() as RootContent | ' ';
    if (current === ' ') parts.push(' ');
    else if (current.type === 'text') parts.push(current.value);
    else if (current.type === 'element') {
      if (current.properties.dataOpIcon !== undefined) continue;
      const block = !INLINE.has(current.tagName);
      if (block) stack.push(' ');
      for (let i = current.children.length - 1; i >= 0; i--)
        stack.push(current.children[i] as RootContent);
      if (block) parts.push(' ');
    }
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

export function cut(value: string, length = EXCERPT_LENGTH): string {
  if (value.length <= length) return value;
  const slice = value.slice(0, length + 1);
  const space = slice.lastIndexOf(' ');
  return `${(space > length / 2 ? slice.slice(0, space) : slice.slice(0, length)).replace(/[\s,;:.]+$/, '')}…`;
}

export function rehypeOpText() {
  return (tree: Root, file: VFile) => {
    const first = tree.children.find(
      (c): c is Element => c.type === 'element' && c.tagName === 'p',
    );
    file.data.text = { text: plainTextOf(tree), excerpt: first ? cut(plainTextOf(first)) : '' };
  };
}
