/**
 * Font Awesome-style icons in HTML: `<i class="fa-house">` (also `fa-solid fa-house`,
 * `fa-regular …`, `fa-brands …`) → `span.op-icon-slot[data-op-icon=house][data-op-icon-style]`.
 * Its text (often `:house:`) stays as the fallback until the icons plugin puts the SVG in.
 */
import type { Root } from 'hast';
import { classes, walkElements } from '../hast.ts';

const STYLES: Record<string, string> = {
  'fa-solid': 'solid',
  'fa-regular': 'regular',
  'fa-brands': 'brands',
  'fa-light': 'regular',
  'fa-thin': 'regular',
  'fa-duotone': 'solid',
  'fa-sharp': 'solid',
};
const MODIFIERS =
  /^fa-(?:fw|xs|sm|lg|xl|2xs|2xl|\d+x|spin|pulse|beat|fade|bounce|flip|shake|border|inverse|pull-left|pull-right|rotate-\d+|flip-horizontal|flip-vertical|stack|stack-1x|stack-2x|li|ul)$/;

export function rehypeOpIconMarkup() {
  return (tree: Root) => {
    walkElements(tree, (node) => {
      if (node.tagName !== 'i') return undefined;
      const list = classes(node);
      let style: string | undefined;
      let name: string | undefined;
      for (const c of list) {
        if (Object.hasOwn(STYLES, c)) style = STYLES[c];
        else if (c.startsWith('fa-') && !MODIFIERS.test(c)) name ??= c.slice(3).toLowerCase();
      }
      if (!name || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(name)) return undefined;
      node.tagName = 'span';
      node.properties = {
        className: ['op-icon-slot'],
        dataOpIcon: name,
        ...(style ? { dataOpIconStyle: style } : {}),
        ariaHidden: 'true',
      };
      return 'skip';
    });
  };
}
