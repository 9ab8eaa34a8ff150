/**
 * After sanitizing: the only inline styles the page gets are built here from validated numbers:
 * a column's width (`data-op-width="50"`) becomes `style="--op-column-width:50%"`, and an
 * image's percentage width (`<img width="50%">`) `style="width:50%"`.
 */
import type { Root } from 'hast';
import { hasClass, prop, walkElements } from '../hast.ts';

export function rehypeOpStyles() {
  return (tree: Root) => {
    walkElements(tree, (node) => {
      const width = prop(node, 'dataOpWidth');
      if (width === undefined) return undefined;
      delete node.properties.dataOpWidth;
      if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(width) || Number(width) > 100) return undefined;
      if (node.tagName === 'div' && hasClass(node, 'op-column')) {
        node.properties.style = `--op-column-width:${width}%`;
      } else if (node.tagName === 'img') {
        node.properties.style = `width:${width}%`;
      }
      return undefined;
    });
  };
}
