/**
 * Custom heading anchors as the platform writes them: `## Title <a href="#my-anchor" id="my-anchor"></a>`.
 * The empty anchor element is removed and its id becomes the heading's id (set after sanitizing).
 */
import type { Root } from 'hast';
import { isElement, prop, textContent, walkElements } from '../hast.ts';

const HEADING = /^h[1-6]$/;
export const ANCHOR = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

export function rehypeOpHtmlAnchors() {
  return (tree: Root) => {
    walkElements(tree, (node) => {
      if (!HEADING.test(node.tagName)) return undefined;
      node.children = node.children.filter((child) => {
        if (!isElement(child, 'a')) return true;
        const id = prop(child, 'id') ?? prop(child, 'name');
        if (id === undefined || textContent(child).trim() !== '') return true;
        if (ANCHOR.test(id)) node.properties.dataOpAnchor = id;
        return false;
      });
      // Trailing space left before the removed anchor.
      const last = node.children[node.children.length - 1];
      if (last?.type === 'text') last.value = last.value.trimEnd();
      return 'skip';
    });
  };
}
