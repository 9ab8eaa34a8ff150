/**
 * Font Awesome-style icon names → inline SVG, from Iconify JSON sets on disk: the Font Awesome 6
 * Free sets (`@iconify-json/fa6-solid`, `fa6-regular`, `fa6-brands`) first, then, for the
 * platform's names outside them, the glyph `icon-table.ts` gives (Simple Icons' brand logos,
 * Material Design Icons). Each set is read the first time it is needed; no icon is ever fetched
 * at run time.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { ALIASES, BRAND_LOGOS, PRO_STAND_INS } from './icon-table.ts';

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

type SetName = 'fa6-solid' | 'fa6-regular' | 'fa6-brands' | 'mdi' | 'simple-icons';

const PACKAGES: Record<SetName, string> = {
  'fa6-solid': '@iconify-json/fa6-solid/icons.json',
  'fa6-regular': '@iconify-json/fa6-regular/icons.json',
  'fa6-brands': '@iconify-json/fa6-brands/icons.json',
  mdi: '@iconify-json/mdi/icons.json',
  'simple-icons': '@iconify-json/simple-icons/icons.json',
};

/** The class an icon's SVG carries for its set: Font Awesome's style, else the set's name. */
const CLASS: Record<SetName, string> = {
  'fa6-solid': 'solid',
  'fa6-regular': 'regular',
  'fa6-brands': 'brands',
  mdi: 'mdi',
  'simple-icons': 'simple-icons',
};

/** What an icon outside every set shows: a plain dot, which reads as a bullet, not an error. */
export const NEUTRAL_ICON = 'circle-dot';

/** An icon as drawn: its SVG, and how it came to be that one. */
export interface DrawnIcon {
  svg: Element;
  /** A Pro icon drawn as the nearest open glyph (`icon-table.ts`): the table's value. */
  standIn?: string;
  /** No set has the name (likely a typo): drawn as `NEUTRAL_ICON`. */
  unknown?: true;
}

const require = createRequire(import.meta.url);
const sets = new Map<SetName, IconifySet>();
const cache = new Map<string, Element | null>();

function load(set: SetName): IconifySet {
  let loaded = sets.get(set);
  if (!loaded) {
    loaded = JSON.parse(readFileSync(require.resolve(PACKAGES[set]), 'utf8')) as IconifySet;
    sets.set(set, loaded);
  }
  return loaded;
}

function find(set: IconifySet, name: string): IconifyIcon | undefined {
  let current = name;
  for (let hops = 0; hops < 5; hops++) {
    // Own keys only: a name such as `constructor` is no icon.
    if (Object.hasOwn(set.icons, current)) return set.icons[current];
    const alias =
      set.aliases && Object.hasOwn(set.aliases, current) ? set.aliases[current] : undefined;
    if (!alias) return undefined;
    current = alias.parent;
  }
  return undefined;
}

function order(style: IconStyle | undefined, fallback: 'solid' | 'regular'): SetName[] {
  if (style === 'brands') return ['fa6-brands', 'fa6-solid', 'fa6-regular'];
  if (style === 'regular' || (style === undefined && fallback === 'regular'))
    return ['fa6-regular', 'fa6-solid', 'fa6-brands'];
  return ['fa6-solid', 'fa6-regular', 'fa6-brands'];
}

/** The cached SVG of `name` in `set`, or `null` when the set has no such icon. */
function glyph(set: SetName, name: string): Element | null {
  const key = `${set}:${name}`;
  let svg = cache.get(key);
  if (svg !== undefined) return svg;
  svg = null;
  const loaded = load(set);
  const icon = find(loaded, name);
  if (icon) {
    const width = icon.width ?? loaded.width ?? 512;
    const height = icon.height ?? loaded.height ?? 512;
    const tree = fromHtml(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="1em" height="1em" aria-hidden="true" focusable="false" class="op-icon op-icon--${CLASS[set]}">${icon.body}</svg>`,
      { fragment: true },
    );
    svg = tree.children.find((c): c is Element => c.type === 'element') ?? null;
  }
  cache.set(key, svg);
  return svg;
}

/** A Font Awesome name in the free sets, in the page's style order, else `null`. */
function freeGlyph(name: string, style: IconStyle | undefined, fallback: 'solid' | 'regular') {
  for (const set of order(style, fallback)) {
    const svg = glyph(set, name);
    if (svg) return svg;
  }
  return null;
}

/** A table's row for `name` (never a property every object has, such as `constructor`). */
function row(table: Readonly<Record<string, string>>, name: string): string | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** A table value (`name` of the free sets, or `set:name`) as its SVG. */
function tableGlyph(value: string, style: IconStyle | undefined, fallback: 'solid' | 'regular') {
  const colon = value.indexOf(':');
  if (colon < 0) return freeGlyph(value, style === 'brands' ? undefined : style, fallback);
  return glyph(value.slice(0, colon) as SetName, value.slice(colon + 1));
}

/**
 * How `name` is drawn: its icon in the free sets (under its own name or the one it is an alias
 * of), else its brand logo, else its Pro stand-in (`standIn` names it), else `NEUTRAL_ICON`
 * (`unknown`). `undefined` only if the sets themselves lack the neutral icon.
 */
export function drawIcon(
  name: string,
  style?: IconStyle,
  fallback: 'solid' | 'regular' = 'solid',
): DrawnIcon | undefined {
  const wanted = row(ALIASES, name) ?? name;
  const free = freeGlyph(wanted, style, fallback);
  if (free) return { svg: copyElement(free) };
  const logo = row(BRAND_LOGOS, wanted);
  const logoSvg = logo ? tableGlyph(logo, style, fallback) : null;
  if (logoSvg) return { svg: copyElement(logoSvg) };
  const standIn = row(PRO_STAND_INS, wanted);
  const standInSvg = standIn ? tableGlyph(standIn, style, fallback) : null;
  if (standIn && standInSvg) return { svg: copyElement(standInSvg), standIn };
  const neutral = freeGlyph(NEUTRAL_ICON, style === 'brands' ? undefined : style, fallback);
  return neutral ? { svg: copyElement(neutral), unknown: true } : undefined;
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
