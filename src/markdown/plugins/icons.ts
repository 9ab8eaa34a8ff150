/**
 * After sanitizing: every `[data-op-icon]` slot gets the icon's inline SVG (from the npm icon
 * sets, see `icons.ts`). A Font Awesome Pro name drawn as the nearest open glyph is nothing the
 * team should change: the plugin records it on the page (`file.data.iconStandIns`, the result's
 * `iconStandIns`), and the render says once, in a note, what it showed instead. A name no set
 * or table has is likely a typo and shows a plain dot: a warning, one per name and page, which
 * the build keeps once per name for the site.
 */
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { prop, walkElements } from '../hast.ts';
import { drawIcon, type IconStyle, NEUTRAL_ICON } from '../icons.ts';
import type { IconStandIn, MarkdownOptions } from '../types.ts';

/** The warning for a name no icon set has; the same text on every page that has it. */
export function unknownIconWarning(name: string): string {
  return `icon "${name}" is not in any icon set; shown as "${NEUTRAL_ICON}"`;
}

export function isIconWarning(message: string): boolean {
  return (
    message.startsWith('icon "') &&
    message.endsWith(`" is not in any icon set; shown as "${NEUTRAL_ICON}"`)
  );
}

export function rehypeOpIcons(options: Pick<MarkdownOptions, 'iconStyle'> = {}) {
  return (tree: Root, file: VFile) => {
    const said = new Set<string>();
    walkElements(tree, (node) => {
      const name = prop(node, 'dataOpIcon');
      if (name === undefined) return undefined;
      const style = prop(node, 'dataOpIconStyle') as IconStyle | undefined;
      delete node.properties.dataOpIcon;
      delete node.properties.dataOpIconStyle;
      const drawn = drawIcon(name, style, options.iconStyle ?? 'solid');
      if (!drawn) return 'skip';
      node.children = [drawn.svg];
      if (said.has(name) || (!drawn.unknown && drawn.standIn === undefined)) return 'skip';
      said.add(name);
      if (drawn.standIn !== undefined) standIns(file).push({ name, shownAs: drawn.standIn });
      else file.message(unknownIconWarning(name), node);
      return 'skip';
    });
  };
}

function standIns(file: VFile): IconStandIn[] {
  file.data.iconStandIns ??= [];
  return file.data.iconStandIns;
}
