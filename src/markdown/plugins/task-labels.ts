/**
 * After sanitizing: names each task-list checkbox (`li.task-list-item > input[type=checkbox]`)
 * after its item's own text, nested lists left out. A form control needs an accessible name
 * (WCAG 4.1.2), and GFM gives the disabled checkbox none.
 */
import type { Root } from 'hast';
import { hasClass, isElement, textContent, walkElements } from '../hast.ts';

const MAX_LABEL = 120;

export function rehypeOpTaskLabels() {
  return (tree: Root) => {
    walkElements(tree, (node) => {
      if (node.tagName !== 'li' || !hasClass(node, 'task-list-item')) return undefined;
      const box = node.children.find((c) => isElement(c, 'input'));
      if (!box || !isElement(box) || box.properties.type !== 'checkbox') return undefined;
      const own = node.children.filter((c) => !isElement(c, 'ul') && !isElement(c, 'ol'));
      const label = own
        .map((c) => textContent(c))
        .join('')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, MAX_LABEL);
      if (label) box.properties = { ...box.properties, ariaLabel: label };
      return undefined;
    });
  };
}
