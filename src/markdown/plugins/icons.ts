/**
 * After sanitizing: every `[data-op-icon]` slot gets the icon's inline SVG (from the npm icon
 * sets, see `icons.ts`). A name outside the free sets (a Pro or brand icon of the platform) gets a
 * free stand-in and one warning per name and page; the build keeps one per name for the site.
 */
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { prop, walkElements } from '../hast.ts';
import { type IconStyle, iconOrSubstitute } from '../icons.ts';
import type { MarkdownOptions } from '../types.ts';

/** The warning for an icon outside the free sets; the same text for every page that has it. */
export function iconWarning(name: string, substitute: string): string {
  return `icon "${name}" is not in the free icon sets; shown as "${substitute}"`;
}

export function isIconWarning(message: string): boolean {
  return message.startsWith('icon "') && message.includes('" is not in the free icon sets;');
}

export function rehypeOpIcons(options: Pick<MarkdownOptions, 'iconStyle'> = {}) {
  return (tree: Root, file: VFile) => {
    const warned = new Set<string>();
    walkElements(tree, (node) => {
      const name = prop(node, 'dataOpIcon');
      if (name === undefined) return undefined;
      const style = prop(node, 'dataOpIconStyle') as IconStyle | undefined;
      delete node.properties.dataOpIcon;
      delete node.properties.dataOpIconStyle;
      const found = iconOrSubstitute(name, style, options.iconStyle ?? 'solid');
      if (found) node.children = [found.svg];
      if (found?.substitute && !warned.has(name)) {
        warned.add(name);
        file.message(iconWarning(name, found.substitute), node);
      }
      return 'skip';
    });
  };
}
