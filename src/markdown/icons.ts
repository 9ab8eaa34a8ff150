/**
 * Font Awesome-style icon names → inline SVG, from the Font Awesome 6 Free sets in Iconify JSON
 * form (`@iconify-json/fa6-solid`, `fa6-regular`, `fa6-brands`). Each set is read from disk the
 * first time it is needed; no icon is ever fetched at run time.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';

export type IconStyle = 'solid' | 'regular' | 'brands';

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
}

interface IconifySet {
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

const PACKAGES: Record<IconStyle, string> = {
  solid: '@iconify-json/fa6-solid/icons.json',
  regular: '@iconify-json/fa6-regular/icons.json',
  brands: '@iconify-json/fa6-brands/icons.json',
};

/** Names of Font Awesome 5 (and the platform's older content) that Font Awesome 6 renamed. */
const RENAMED: Record<string, string> = {
  home: 'house',
  'info-circle': 'circle-info',
  'check-circle': 'circle-check',
  'exclamation-circle': 'circle-exclamation',
  'exclamation-triangle': 'triangle-exclamation',
  'question-circle': 'circle-question',
  times: 'xmark',
  close: 'xmark',
  cog: 'gear',
  cogs: 'gears',
  search: 'magnifying-glass',
  'external-link': 'arrow-up-right-from-square',
  'external-link-alt': 'up-right-from-square',
  'file-alt': 'file-lines',
  'sign-out': 'right-from-bracket',
  'sign-in': 'right-to-bracket',
  edit: 'pen-to-square',
  trash: 'trash-can',
  'arrow-right-long': 'arrow-right-long',
  sparkles: 'wand-magic-sparkles',
  'rocket-launch': 'rocket',
};

/**
 * Names outside the free sets (the platform also offers Font Awesome Pro and its own brand icons)
 * → the closest free icon. Any other unknown name gets `NEUTRAL_ICON`.
 */
const SUBSTITUTES: Record<string, string> = {
  sparkle: 'wand-magic-sparkles',
  'party-horn': 'champagne-glasses',
  'rectangle-terminal': 'terminal',
  'list-timeline': 'timeline',
  gitbook: 'book',
  claude: 'robot',
  openai: 'robot',
  anthropic: 'robot',
  chatgpt: 'robot',
  gemini: 'robot',
  copilot: 'robot',
  cursor: 'arrow-pointer',
  vscode: 'code',
  'visual-studio-code': 'code',
};

/** What an icon outside every set shows: a plain dot, which reads as a bullet, not an error. */
export const NEUTRAL_ICON = 'circle-dot';

const require = createRequire(import.meta.url);
const sets = new Map<IconStyle, IconifySet>();
const cache = new Map<string, Element | null>();

function load(style: IconStyle): IconifySet {
  let set = sets.get(style);
  if (!set) {
    set = JSON.parse(readFileSync(require.resolve(PACKAGES[style]), 'utf8')) as IconifySet;
    sets.set(style, set);
  }
  return set;
}

function find(set: IconifySet, name: string): IconifyIcon | undefined {
  let current = name;
  for (let hops = 0; hops < 5; hops++) {
    const icon = set.icons[current];
    if (icon) return icon;
    const alias = set.aliases?.[current];
    if (!alias) return undefined;
    current = alias.parent;
  }
  return undefined;
}

function order(style: IconStyle | undefined, fallback: 'solid' | 'regular'): IconStyle[] {
  if (style === 'brands') return ['brands', 'solid', 'regular'];
  if (style === 'regular') return ['regular', 'solid', 'brands'];
  if (style === 'solid') return ['solid', 'regular', 'brands'];
  return fallback === 'regular' ? ['regular', 'solid', 'brands'] : ['solid', 'regular', 'brands'];
}

/**
 * An `svg.op-icon` element for `name` (a copy: the caller may mutate it), or `undefined` when no
 * set has it.
 */
export function iconSvg(
  name: string,
  style?: IconStyle,
  fallback: 'solid' | 'regular' = 'solid',
): Element | undefined {
  const key = `${style ?? ''}/${fallback}/${name}`;
  let svg = cache.get(key);
  if (svg === undefined) {
    svg = null;
    const wanted = RENAMED[name] ?? name;
    for (const s of order(style, fallback)) {
      const set = load(s);
      const icon = find(set, wanted) ?? (wanted !== name ? find(set, name) : undefined);
      if (!icon) continue;
      const width = icon.width ?? set.width ?? 512;
      const height = icon.height ?? set.height ?? 512;
      const tree = fromHtml(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="1em" height="1em" aria-hidden="true" focusable="false" class="op-icon op-icon--${s}">${icon.body}</svg>`,
        { fragment: true },
      );
      const element = tree.children.find((c): c is Element => c.type === 'element');
      if (element) svg = element;
      break;
    }
    cache.set(key, svg);
  }
  return svg ? copyElement(svg) : undefined;
}

/** A copy of a cached icon (elements and text of plain values): cheaper than `structuredClone`. */
function copyElement(node: Element): Element {
  const properties: Element['properties'] = {};
  for (const key in node.properties) {
    const value = node.properties[key];
    properties[key] = Array.isArray(value) ? [...value] : value;
  }
  const children = node.children.map((child) =>
    child.type === 'element' ? copyElement(child) : { ...child },
  );
  return { type: 'element', tagName: node.tagName, properties, children };
}

/**
 * The icon for `name`, else a free stand-in (`substitute` names it): a close match for the
 * platform's Pro and brand names, else `NEUTRAL_ICON`.
 */
export function iconOrSubstitute(
  name: string,
  style?: IconStyle,
  fallback: 'solid' | 'regular' = 'solid',
): { svg: Element; substitute?: string } | undefined {
  const svg = iconSvg(name, style, fallback);
  if (svg) return { svg };
  const substitute = SUBSTITUTES[name] ?? NEUTRAL_ICON;
  const stand = iconSvg(substitute, style === 'brands' ? 'solid' : style, fallback);
  return stand ? { svg: stand, substitute } : undefined;
}
