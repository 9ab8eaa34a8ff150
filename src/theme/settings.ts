import type { SiteCustomization } from '../api/schemas/customizations.ts';
import type { Mode } from './color.ts';
import { parseHexColor } from './color.ts';

/**
 * `customizations.site` reduced to what the theme's stylesheet needs, with the documented
 * defaults (docs/platform.md, "Customizations") in place of absent values. An unknown or
 * malformed value becomes the default plus a warning: enumerations go through allowlists and
 * colors through the color library's hex parser, so nothing free-form survives this step except
 * the font, which `fonts.ts` validates.
 */

export const STYLES = ['clean', 'muted', 'bold', 'gradient'] as const;
export const CORNERS = ['straight', 'rounded', 'circular'] as const;
export const LINK_STYLES = ['default', 'accent'] as const;
export const SIDEBAR_BACKGROUNDS = ['default', 'filled'] as const;
export const SIDEBAR_LISTS = ['default', 'pill', 'line'] as const;
export const DEFAULT_THEMES = ['light', 'dark', 'system'] as const;

export type Style = (typeof STYLES)[number];
export type Corners = (typeof CORNERS)[number];
export type LinkStyle = (typeof LINK_STYLES)[number];
export type SidebarBackground = (typeof SIDEBAR_BACKGROUNDS)[number];
export type SidebarList = (typeof SIDEBAR_LISTS)[number];
export type DefaultTheme = (typeof DEFAULT_THEMES)[number];

export const COLOR_ROLES = ['primary', 'info', 'success', 'warning', 'danger'] as const;
export type ColorRole = (typeof COLOR_ROLES)[number];

/** Colors used when a customization has none: `#346DDB` is the documented primary. */
export const DEFAULT_COLORS: Record<ColorRole, Record<Mode, string>> = {
  primary: { light: '#346ddb', dark: '#346ddb' },
  info: { light: '#2f6fdb', dark: '#6e9ef5' },
  success: { light: '#1f8a5b', dark: '#3fbf85' },
  warning: { light: '#b7791f', dark: '#e8a93a' },
  danger: { light: '#d13438', dark: '#f06b6e' },
};

const COLOR_FIELDS: Record<ColorRole, 'primaryColor' | `${Exclude<ColorRole, 'primary'>}Color`> = {
  primary: 'primaryColor',
  info: 'infoColor',
  success: 'successColor',
  warning: 'warningColor',
  danger: 'dangerColor',
};

export interface ModeColors extends Record<ColorRole, string> {
  /** The tint color, when the site has one: it colors the greys. */
  tint?: string;
}

export interface ThemeSettings {
  style: Style;
  colors: Record<Mode, ModeColors>;
  corners: Corners;
  links: LinkStyle;
  sidebarBackground: SidebarBackground;
  sidebarList: SidebarList;
  defaultTheme: DefaultTheme;
  /** `styling.font` as given (absent: Inter); `fonts.ts` resolves and validates it. */
  font: unknown;
}

const PREFIX = 'customizations.site';

export function resolveSettings(
  site: SiteCustomization | undefined,
  warnings: string[],
): ThemeSettings {
  const styling = asRecord(site?.styling);
  const sidebar = asRecord(styling.sidebar);
  const themes = asRecord(site?.themes);
  const at = (path: string) => `${PREFIX}.${path}`;
  const colors = { light: {}, dark: {} } as Record<Mode, ModeColors>;
  for (const role of COLOR_ROLES) {
    const field = COLOR_FIELDS[role];
    const pair = colorPair(styling[field], DEFAULT_COLORS[role], at(`styling.${field}`), warnings);
    colors.light[role] = pair.light;
    colors.dark[role] = pair.dark;
  }
  const tint = asRecord(styling.tint).color;
  if (tint !== undefined && tint !== null) {
    const pair = colorPair(tint, undefined, at('styling.tint.color'), warnings);
    if (pair.light) colors.light.tint = pair.light;
    if (pair.dark) colors.dark.tint = pair.dark;
  }
  return {
    style: oneOf(styling.theme, STYLES, 'clean', at('styling.theme'), warnings),
    colors,
    corners: oneOf(styling.corners, CORNERS, 'rounded', at('styling.corners'), warnings),
    links: oneOf(styling.links, LINK_STYLES, 'default', at('styling.links'), warnings),
    sidebarBackground: oneOf(
      sidebar.background,
      SIDEBAR_BACKGROUNDS,
      'default',
      at('styling.sidebar.background'),
      warnings,
    ),
    sidebarList: oneOf(
      sidebar.list,
      SIDEBAR_LISTS,
      'default',
      at('styling.sidebar.list'),
      warnings,
    ),
    defaultTheme: oneOf(themes.default, DEFAULT_THEMES, 'light', at('themes.default'), warnings),
    font: styling.font,
  };
}

/** A value from `allowed`, else `fallback` (with a warning when a value was given). */
export function oneOf<const Allowed extends readonly string[]>(
  value: unknown,
  allowed: Allowed,
  fallback: Allowed[number],
  path: string,
  warnings: string[],
): Allowed[number] {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value;
  warnings.push(`${path}: unknown value ${describe(value)}, using "${fallback}"`);
  return fallback;
}

/**
 * A `{ light, dark }` color pair. A missing side takes the other side's color, then the
 * default's; a malformed side is reported and treated as missing.
 */
function colorPair<Fallback extends Record<Mode, string> | undefined>(
  value: unknown,
  fallback: Fallback,
  path: string,
  warnings: string[],
): Fallback extends undefined ? Partial<Record<Mode, string>> : Record<Mode, string> {
  const given = asRecord(value);
  if (value !== undefined && value !== null && typeof value !== 'object')
    warnings.push(`${path}: expected { light, dark }, got ${describe(value)}`);
  const parsed: Partial<Record<Mode, string>> = {};
  for (const mode of ['light', 'dark'] as const) {
    const raw = given[mode];
    if (raw === undefined || raw === null) continue;
    const hex = parseHexColor(raw);
    if (hex) parsed[mode] = hex;
    else warnings.push(`${path}.${mode}: not a hex color ${describe(raw)}, ignored`);
  }
  const light = parsed.light ?? parsed.dark ?? fallback?.light;
  const dark = parsed.dark ?? parsed.light ?? fallback?.dark;
  return { light, dark } as never;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** A short, single-line rendering of a rejected value for a warning. */
export function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 48 ? `${text.slice(0, 45)}…` : text;
}
