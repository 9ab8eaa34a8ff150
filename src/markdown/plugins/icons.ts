/**
 * After sanitizing: every `[data-op-icon]` slot gets the icon's inline SVG (from the npm icon
 * sets, see `icons.ts`). A name outside the free sets gets a free stand-in and one message per
 * name and page. A Pro or brand icon of the platform (one `icons.ts` has a close match for) is
 * nothing the team should change: the render says once, in a note, what it showed instead
 * (`iconStandIn`). Any other name is likely a typo and shows a plain dot: a warning, which the
 * build keeps once per name for the site.
 */
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { prop, walkElements } from '../hast.ts';
import { type IconStyle, iconOrSubstitute, NEUTRAL_ICON } from '../icons.ts';
import type { MarkdownOptions } from '../types.ts';

/** The message for an icon outside the free sets; the same text for every page that has it. */
export function iconWarning(name: string, substitute: string): string {
  if (substitute !== NEUTRAL_ICON)
    return `icon "${name}" is a platform icon outside the free icon sets; shown as "${substitute}"`;
  return `icon "${name}" is not in the free icon sets; shown as "${substitute}"`;
}

export function isIconWarning(message: string): boolean {
  return (
    message.startsWith('icon "') &&
    (message.includes('" is not in the free icon sets;') ||
      message.includes('" is a platform icon outside the free icon sets;'))
  );
}

const STAND_IN = /^icon "(.+)" is a platform icon outside the free icon sets; shown as "(.+)"$/;

/** The platform icon and its free stand-in that `message` names, if it is such a message. */
export function iconStandIn(message: string): { name: string; shownAs: string } | undefined {
  const match = STAND_IN.exec(message);
  return match ? { name: match[1] as string, shownAs: match[2] as string } : undefined;
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
