/**
 * Buttons: `<a class="button primary|secondary" data-icon="rocket">Label</a>` →
 * `a.op-button.op-button--primary > span.op-button__icon[data-op-icon] + Label`.
 */
import type { Root } from 'hast';
import { classes, h, prop, walkElements } from '../hast.ts';
import { iconName } from '../mdast.ts';

export function rehypeOpButtons() {
  return (tree: Root) => {
    walkElements(tree, (node) => {
      if (node.tagName !== 'a') return undefined;
      const list = classes(node);
      if (!list.includes('button')) return undefined;
      const variant = list.includes('secondary') ? 'secondary' : 'primary';
      node.properties.className = ['op-button', `op-button--${variant}`];
      const icon = iconName(prop(node, 'dataIcon'));
      delete node.properties.dataIcon;
      if (icon) {
        node.children.unshift(
          h('span', { className: ['op-button__icon'], dataOpIcon: icon, ariaHidden: 'true' }),
        );
      }
      return undefined;
    });
  };
}
