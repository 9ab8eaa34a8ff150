/**
 * After sanitizing: math (`$$…$$` inline, `$$` blocks) typeset with KaTeX at build time. The TeX
 * comes from the text of `code.language-math` only; KaTeX runs with `trust: false` (no `\href`
 * to scripts, no raw HTML), a bounded macro expansion, and errors rendered in place. Sets
 * `features.math` (the page needs the KaTeX stylesheet).
 */
import type { Element, ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import katex from 'katex';
import type { VFile } from 'vfile';
import { useFeature } from '../features.ts';
import { h, hasClass, isElement, t, textContent, walkElements } from '../hast.ts';

export const MAX_TEX_LENGTH = 10_000;
const cache = new Map<string, { nodes: ElementContent[]; error?: string }>();
const CACHE_LIMIT = 2000;

function typeset(
  tex: string,
  display: boolean,
): { nodes: ElementContent[]; error?: string } | Error {
  const key = `${display ? 'D' : 'I'}${tex}`;
  const cached = cache.get(key);
  if (cached) return structuredClone(cached);
  let html: string;
  try {
    html = katex.renderToString(tex, {
      displayMode: display,
      throwOnError: false,
      trust: false,
      strict: 'ignore',
      output: 'htmlAndMathml',
      maxExpand: 1000,
      maxSize: 50,
    });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
  const nodes = fromHtml(html, { fragment: true }).children as ElementContent[];
  // KaTeX renders a parse error in place (red source, message in `title`).
  const error = /class="katex-error" title="([^"]*)"/.exec(html)?.[1]?.replace(/&#x27;/g, "'");
  const result = error === undefined ? { nodes } : { nodes, error };
  cache.set(key, structuredClone(result));
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return result;
}

export function rehypeOpMath() {
  return (tree: Root, file: VFile) => {
    walkElements(tree, (node, parent, index) => {
      let code: Element | undefined;
      let display = false;
      if (node.tagName === 'pre') {
        const first = node.children.find((c): c is Element => isElement(c, 'code'));
        if (first && hasClass(first, 'language-math')) {
          code = first;
          display = true;
        }
      } else if (node.tagName === 'code' && hasClass(node, 'language-math')) {
        code = node;
        display = hasClass(node, 'math-display');
      }
      if (!code) return undefined;
      useFeature(file, 'math');
      const tex = textContent(code).trim();
      const tag = display ? 'div' : 'span';
      const className = ['op-math', display ? 'op-math--display' : 'op-math--inline'];
      const result =
        tex.length > MAX_TEX_LENGTH ? new Error('formula too long') : typeset(tex, display);
      let math: Element;
      if (result instanceof Error) {
        file.message(`math could not be typeset: ${result.message.slice(0, 120)}`, node);
        math = h(tag, { className: [...className, 'op-math--error'] }, [h('code', {}, [t(tex)])]);
      } else {
        if (result.error)
          file.message(`math could not be typeset: ${result.error.slice(0, 160)}`, node);
        math = h(tag, { className }, result.nodes);
      }
      // The block's place in the markdown, which the change marks map elements by (changes.ts).
      if (node.position) math.position = node.position;
      parent.children[index] = math;
      return 'skip';
    });
  };
}
