import type { FontCategory } from './fonts.ts';

/**
 * A metric-matched fallback for each bundled family, so text does not move when the web font
 * arrives: until then the page is set in a local font (Arial, or the metric-compatible
 * Liberation fonts on Linux) scaled to the web font's average width and given its ascent,
 * descent and line gap (`size-adjust`, `ascent-override`…: the approach of Capsize and
 * Next.js's font loader). Without it the swap shifted the example's home page by 0.19 (CLS).
 */

/** Vertical metrics and the average width of Latin text, in font units. */
export interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
}

/**
 * Each bundled family's metrics, read with `@capsizecss/unpack` from its package's Latin 400
 * file (test/theme/font-fallbacks.test.ts reads them again from the installed packages).
 */
export const FAMILY_METRICS: Readonly<Record<string, FontMetrics>> = {
  Inter: { ascent: 1984, descent: -494, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 978 },
  Roboto: { ascent: 1900, descent: -500, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 911 },
  'Roboto Slab': { ascent: 2146, descent: -555, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 972 },
  'Open Sans': { ascent: 2189, descent: -600, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 960 },
  'Source Sans 3': { ascent: 1024, descent: -400, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 418 },
  Lato: { ascent: 1974, descent: -426, lineGap: 0, unitsPerEm: 2000, xWidthAvg: 871 },
  Ubuntu: { ascent: 932, descent: -189, lineGap: 28, unitsPerEm: 1000, xWidthAvg: 455 },
  Raleway: { ascent: 940, descent: -234, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 463 },
  Merriweather: { ascent: 1968, descent: -546, lineGap: 0, unitsPerEm: 2000, xWidthAvg: 970 },
  Overpass: { ascent: 1766, descent: -766, lineGap: 0, unitsPerEm: 2000, xWidthAvg: 898 },
  'Noto Sans': { ascent: 1069, descent: -293, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 474 },
  'IBM Plex Serif': { ascent: 1025, descent: -275, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 473 },
  Poppins: { ascent: 1050, descent: -350, lineGap: 100, unitsPerEm: 1000, xWidthAvg: 500 },
  'Fira Sans': { ascent: 935, descent: -265, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 458 },
};

/**
 * The local fonts a fallback is made from, by category, with their metrics (Liberation Sans and
 * Serif are metric-compatible with Arial and Times New Roman: the same metrics serve both).
 */
export const LOCAL_FALLBACKS: Readonly<
  Record<FontCategory, { names: readonly string[]; metrics: FontMetrics }>
> = {
  'sans-serif': {
    names: ['Arial', 'Liberation Sans', 'Helvetica Neue', 'Helvetica'],
    metrics: { ascent: 1854, descent: -434, lineGap: 67, unitsPerEm: 2048, xWidthAvg: 913 },
  },
  serif: {
    names: ['Times New Roman', 'Liberation Serif', 'Times'],
    metrics: { ascent: 1825, descent: -443, lineGap: 87, unitsPerEm: 2048, xWidthAvg: 832 },
  },
};

/** The fallback's family name, written after the family in `--op-font`. */
export function fallbackFamily(family: string): string {
  return `${family} Fallback`;
}

/** The `@font-face` rule of `family`'s fallback, or undefined for a family without metrics. */
export function fallbackFace(family: string, category: FontCategory): string | undefined {
  const font = Object.hasOwn(FAMILY_METRICS, family) ? FAMILY_METRICS[family] : undefined;
  if (!font) return undefined;
  const local = LOCAL_FALLBACKS[category];
  // Scale the local font to the web font's average width; the vertical metrics are then
  // given in the scaled font's em.
  const sizeAdjust =
    font.xWidthAvg / font.unitsPerEm / (local.metrics.xWidthAvg / local.metrics.unitsPerEm);
  const ofEm = (units: number) => percent(Math.abs(units) / (font.unitsPerEm * sizeAdjust));
  return (
    `@font-face { font-family: "${fallbackFamily(family)}"; ` +
    `src: ${local.names.map((name) => `local("${name}")`).join(', ')}; ` +
    `size-adjust: ${percent(sizeAdjust)}; ascent-override: ${ofEm(font.ascent)}; ` +
    `descent-override: ${ofEm(font.descent)}; line-gap-override: ${ofEm(font.lineGap)}; }`
  );
}

function percent(ratio: number): string {
  return `${Number((ratio * 100).toFixed(2))}%`;
}
