/**
 * After sanitizing: each code block (`figure.op-code`) gets Shiki colours (its code text is the
 * only input). Its copy button is the theme's script's to add (themes/default/scripts/copy.ts):
 * it works only with that script, so pages do not carry one per block.
 */
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { hasClass, isElement, prop, textContent, walkElements } from '../hast.ts';
import type { CodeHighlighter } from '../types.ts';

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
            delete highlighted.properties.class;
            highlighted.properties.className = ['shiki', 'shiki-themes', 'op-code__pre'];
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
