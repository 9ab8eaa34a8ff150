/**
 * After sanitizing: every `[data-op-icon]` slot gets the icon's inline SVG (from the npm icon
 * sets, see `icons.ts`). An unknown name raises a warning and keeps the slot's fallback content,
 * except the platform's `:icon-name:` placeholder text, which would only look broken.
 */
import type { Root } from 'hast';
import type { RenderContext } from '../context.ts';
import { prop, textContent, walkElements } from '../hast.ts';
import { type IconStyle, iconSvg } from '../icons.ts';

export function rehypeOpIcons(ctx: RenderContext) {
  return (tree: Root) => {
    walkElements(tree, (node) => {
      const name = prop(node, 'dataOpIcon');
      if (name === undefined) return undefined;
      const style = prop(node, 'dataOpIconStyle') as IconStyle | undefined;
      delete node.properties.dataOpIcon;
      delete node.properties.dataOpIconStyle;
      const svg = iconSvg(name, style, ctx.options.iconStyle ?? 'solid');
      if (svg) {
        node.children = [svg];
      } else {
        ctx.warn(`unknown icon "${name}"`, node);
        if (/^\s*:[a-z0-9_+-]+:\s*$/.test(textContent(node))) node.children = [];
      }
      return 'skip';
    });
  };
}
