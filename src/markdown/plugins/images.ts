/**
 * Images and their frames: every `img` gets `decoding="async"`, and `loading="lazy"` but the
 * first of the page (likely in view when the page opens: loading it late would show it late);
 * `data-size="line"` → `op-image--inline`; `align` (left, center, right) → `op-align-…` on any
 * element; `data-with-frame="true"` → `op-frame`; `data-full-width="true"` → `op-full-width`;
 * `figure` → `op-figure`, `picture` → `op-picture`. Widths stay only as whole pixel numbers.
 */
import type { Root } from 'hast';
import { addClass, classes, flag, prop, walkElements } from '../hast.ts';
import { schemeClasses } from './scheme-images.ts';

const ALIGN = new Set(['left', 'center', 'right']);

export function rehypeOpImages() {
  return (tree: Root) => {
    let first = true;
    walkElements(tree, (node) => {
      const align = prop(node, 'align')?.toLowerCase();
      // Table cells keep their native `align` (GFM column alignment).
      if (align !== undefined && node.tagName !== 'td' && node.tagName !== 'th') {
        delete node.properties.align;
        if (ALIGN.has(align)) addClass(node, `op-align-${align}`);
      }
      if (flag(node, 'dataWithFrame')) addClass(node, 'op-frame');
      if (flag(node, 'dataFullWidth')) addClass(node, 'op-full-width');
      if (node.tagName === 'figure' && !classes(node).some((c) => c.startsWith('op-')))
        addClass(node, 'op-figure');
      if (node.tagName === 'picture') addClass(node, 'op-picture');
      if (node.tagName === 'img') {
        if (prop(node, 'dataSize') === 'line') addClass(node, 'op-image--inline');
        // One of a light/dark pair is hidden, and only a lazy image that is hidden is not fetched.
        const paired = schemeClasses(node).length > 0;
        if (first && !paired) delete node.properties.loading;
        else node.properties.loading = 'lazy';
        first = false;
        node.properties.decoding = 'async';
        const width = prop(node, 'width');
        const percent =
          width === undefined ? undefined : /^(\d{1,3}(?:\.\d{1,2})?)%$/.exec(width)?.[1];
        if (percent !== undefined && Number(percent) > 0 && Number(percent) <= 100) {
          node.properties.dataOpWidth = percent;
        }
        for (const key of ['width', 'height'] as const) {
          const value = prop(node, key);
          if (value !== undefined && !/^\d{1,5}$/.test(value)) delete node.properties[key];
        }
      }
      return undefined;
    });
  };
}
