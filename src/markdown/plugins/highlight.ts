/**
 * After sanitizing: each code block (`figure.op-code`) gets Shiki colours (its code text is the
 * only input). Its copy button is the theme's script's to add (themes/default/scripts/copy.ts):
 * it works only with that script, so pages do not carry one per block.
 */
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { hasClass, isElement, prop, textContent, walkElements } from '../hast.ts';
import type { CodeHighlighter } from '../types.ts';

/**
 * Shiki's `span.line` around each line is there for the theme to number lines by
 * (`.op-code--line-numbers`); elsewhere a line is its tokens between the newlines, in the same
 * colours (a line's own text is in the block's colour either way), without one element a line.
 */
function unwrapLines(pre: Element): void {
  const code = pre.children.find((child) => isElement(child, 'code'));
  if (!code) return;
  const children: ElementContent[] = [];
  for (const child of code.children) {
    // Shiki writes the class as `class`, not hast's `className`.
    const line = isElement(child, 'span') && child.properties.class === 'line';
    for (const part of line ? child.children : [child]) {
      const last = children.at(-1);
      if (part.type === 'text' && last?.type === 'text') last.value += part.value;
      else children.push(part);
    }
  }
  code.children = children;
}

export function rehypeOpHighlight(highlighter: CodeHighlighter | false) {
  return async (tree: Root, file: VFile) => {
    const jobs: Promise<void>[] = [];
    walkElements(tree, (node) => {
      if (node.tagName !== 'figure' || !hasClass(node, 'op-code')) return undefined;
      delete node.properties.dataOpCode;
      const index = node.children.findIndex((c) => isElement(c, 'pre'));
      const pre = node.children[index] as Element | undefined;
      if (!pre) return 'skip';
      pre.properties.tabIndex = 0;
      pre.properties.className = ['op-code__pre'];
      const lang = prop(node, 'dataLang');
      if (!highlighter || !lang) return 'skip';
      const code = textContent(pre);
      jobs.push(
        highlighter.highlight(code, lang).then(
          (highlighted) => {
            if (!highlighted) return;
            // `shiki` is what the theme styles; Shiki's `shiki-themes` and theme names are
            // not, and were bytes on every block.
            delete highlighted.properties.class;
            highlighted.properties.className = ['shiki', 'op-code__pre'];
            if (!hasClass(node, 'op-code--line-numbers')) unwrapLines(highlighted);
            node.children[index] = highlighted;
          },
          (error: unknown) => {
            file.message(
              `code could not be highlighted: ${error instanceof Error ? error.message : String(error)}`,
              node,
            );
          },
        ),
      );
      return 'skip';
    });
    await Promise.all(jobs);
  };
}
