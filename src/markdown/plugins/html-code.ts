/**
 * Code written as HTML: `<pre class="language-x" data-title="…" data-line-numbers
 * data-overflow="wrap" data-expandable><code>` becomes the same `figure.op-code` as a fence (its
 * text taken as text: markup inside is dropped, entities decoded); `<pre class="mermaid">` stays a
 * mermaid block. `<code class="expression">EXPR</code>` (a variable or expression of adaptive
 * content) becomes `code.op-expression[data-op-expr=EXPR]`, evaluated by a later stage.
 */
import type { Root } from 'hast';
import type { Node } from 'unist';
import type { VFile } from 'vfile';
import { useFeature } from '../features.ts';
import {
  classes,
  flag,
  h,
  hasClass,
  isElement,
  prop,
  t,
  textContent,
  walkElements,
} from '../hast.ts';
import { codeFigure, normalizeLang } from './code.ts';

function langOf(names: string[]): string | undefined {
  for (const name of names) {
    const m = /^(?:language|lang)-(.+)$/.exec(name);
    if (m) return normalizeLang(m[1]);
  }
  return undefined;
}

/** `lineOf`: a node's line in the page's markdown (a diagram's warnings name it). */
export function rehypeOpHtmlCode(options: { lineOf: (node: Node) => number | undefined }) {
  return (tree: Root, file: VFile) => {
    walkElements(tree, (node, parent, index, ancestors) => {
      if (node.tagName === 'code' && hasClass(node, 'expression')) {
        const expr = textContent(node).trim();
        node.properties = { className: ['op-expression'], dataOpExpr: expr };
        node.children = [t(expr)];
        return 'skip';
      }
      if (node.tagName !== 'pre') return undefined;
      if (ancestors.some((a) => a.tagName === 'figure' && hasClass(a, 'op-code'))) return 'skip';
      const code = node.children.find((c) => isElement(c, 'code'));
      const codeClasses = code && isElement(code) ? classes(code) : [];
      if (codeClasses.includes('language-math')) return 'skip';
      const lang = langOf(classes(node)) ?? langOf(codeClasses);
      const value = textContent(node).replace(/\n$/, '');
      if (hasClass(node, 'mermaid') || lang === 'mermaid') {
        useFeature(file, 'mermaid');
        // A fence's block already carries its line (code.ts); a `<pre>`'s diagram starts on the
        // `<pre>`'s line, so its lines count from the one before. (An author's own
        // `data-op-line` only moves the line their own warning names.)
        const given = Number(prop(node, 'dataOpLine'));
        const line = Number.isInteger(given) ? given + 1 : options.lineOf(node);
        const dataOpLine = line !== undefined ? { dataOpLine: line - 1 } : {};
        parent.children[index] = {
          ...h('pre', { className: ['mermaid'], ...dataOpLine }, [t(value)]),
          ...(node.position ? { position: node.position } : {}),
        };
        return 'skip';
      }
      const title = prop(node, 'dataTitle');
      const figure = codeFigure(value, lang, {
        ...(title ? { title } : {}),
        wrap: prop(node, 'dataOverflow') === 'wrap',
        lineNumbers: flag(node, 'dataLineNumbers'),
        expandable: flag(node, 'dataExpandable'),
      });
      if (node.position) figure.position = node.position;
      parent.children[index] = figure;
      return 'skip';
    });
  };
}
