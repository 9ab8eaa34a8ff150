import { converter, formatHex, parseHex, toGamut, wcagContrast } from 'culori';

/**
 * Color primitives of the theme: parsing customization colors, OKLCH coordinates, gamut mapping
 * back to sRGB hex, and WCAG 2 contrast. Every color that reaches CSS comes out of `formatHex`,
 * so the stylesheet only ever holds `#rrggbb`.
 */

export type Mode = 'light' | 'dark';

/** A color in OKLCH: lightness 0–1, chroma ≥ 0, hue in degrees (0 for greys). */
export interface Lch {
  l: number;
  c: number;
  h: number;
}

const toOklch = converter('oklch');
const intoSrgb = toGamut('rgb', 'oklch');

/**
 * A customization color: a `#`-prefixed hex string (3, 4, 6 or 8 digits) accepted by the color
 * library's hex parser, returned as lowercase `#rrggbb` (alpha dropped). Anything else is
 * undefined: named colors, functions and stray characters never pass.
 */
export function parseHexColor(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('#')) return undefined;
  const parsed = parseHex(value);
  return parsed ? formatHex(parsed) : undefined;
}

/** The OKLCH coordinates of a `#rrggbb` color. */
export function lchOf(hex: string): Lch {
  const lch = toOklch(mustParse(hex));
  return { l: lch.l, c: lch.c ?? 0, h: lch.h ?? 0 };
}

/** An OKLCH color mapped into sRGB (chroma reduced, hue and lightness kept) as `#rrggbb`. */
export function hexFromLch({ l, c, h }: Lch): string {
  const lightness = Math.min(1, Math.max(0, l));
  return formatHex(intoSrgb({ mode: 'oklch', l: lightness, c: Math.max(0, c), h }));
}

/** WCAG 2 contrast ratio of two `#rrggbb` colors, 1–21. */
export function contrastRatio(a: string, b: string): number {
  return wcagContrast(mustParse(a), mustParse(b));
}

/** The lowest contrast of `text` against each of `backgrounds`. */
export function minContrast(text: string, backgrounds: readonly string[]): number {
  let lowest = 21;
  for (const background of backgrounds) lowest = Math.min(lowest, contrastRatio(text, background));
  return lowest;
}

function mustParse(hex: string) {
  const parsed = parseHex(hex);
  if (!parsed) throw new TypeError(`not a hex color: ${hex}`);
  return parsed;
}
