import { toHtml } from 'hast-util-to-html';
import type { Root, RootContent } from 'mdast';
import { VFile } from 'vfile';
import { parseDocument } from '../markdown/parse.ts';
import { normalizeLang } from '../markdown/plugins/code.ts';
import { decodeDiagram } from './page-diagrams.ts';

/**
 * The mermaid diagrams a page's markdown holds, as the render will ask the cache for them, read
 * before there is any HTML (a pull draws them ahead of the render, src/pull/early): the page
 * parsed as the render parses it (`parse.ts`), each `mermaid` fence's text taken through the
 * HTML the render writes and reads back (`page-diagrams.ts`). Diagrams written as `<pre
 * class="mermaid">` or brought in by an include are left to the render: a source read here that
 * the render does not ask for only costs a drawing, never a wrong one (the cache is keyed by
 * the source itself).
 */
export function markdownDiagrams(markdown: string): string[] {
  // Cheap test first: most pages have no diagram.
  if (!/mermaid/i.test(markdown)) return [];
  let tree: Root;
  try {
    tree = parseDocument(markdown, new VFile()).tree;
  } catch {
    return [];
  }
  const sources = new Set<string>();
  const walk = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if (node.type === 'code' && normalizeLang(node.lang) === 'mermaid') {
        // As the HTML step of code blocks takes a `pre`'s text: its last newline dropped.
        const value = node.value.replace(/\n$/, '');
        sources.add(decodeDiagram(toHtml({ type: 'text', value })));
      } else if ('children' in node) {
        walk(node.children as RootContent[]);
      }
    }
  };
  walk(tree.children);
  return [...sources];
}
