import { contrastRatio, hexFromLch, type Lch, lchOf, type Mode, minContrast } from './color.ts';

/**
 * Radix-like 12-step color scales computed in OKLCH:
 *
 *  1–2  backgrounds (app, subtle)        6–8  borders (subtle, UI, hovered)
 *  3–5  interactive backgrounds          9–10 solids (the brand color, hovered)
 *                                        11–12 text (low and high contrast)
 *
 * Steps 1–8 follow fixed lightness ramps with the color's hue; step 9 is the color itself;
 * step 10 moves away from the text drawn on it; the text on solids and steps 11–12 are searched
 * until they reach a WCAG contrast target against every background they may sit on.
 */

/** WCAG AA for body-size text. */
export const AA = 4.5;
/** WCAG AAA: the target of high-contrast text (step 12). */
export const AAA = 7;

export interface ColorScale {
  /** Steps 1–12 as `#rrggbb`; `steps[0]` is step 1. */
  steps: string[];
  /** Text on steps 9 and 10, at least AA on both. */
  contrast: string;
}

/** Scale step `n` (1–12). */
export const step = (scale: ColorScale, n: number): string => scale.steps[n - 1] as string;

const SURFACE_LIGHTNESS: Record<Mode, number[]> = {
  light: [0.993, 0.982, 0.962, 0.94, 0.915, 0.885, 0.84, 0.775],
  dark: [0.18, 0.205, 0.25, 0.285, 0.32, 0.365, 0.43, 0.52],
};
/** Share of the color's chroma at steps 1–8 of an accent scale. */
const ACCENT_CHROMA: Record<Mode, number[]> = {
  light: [0.02, 0.06, 0.15, 0.24, 0.33, 0.43, 0.56, 0.74],
  dark: [0.12, 0.16, 0.3, 0.4, 0.48, 0.56, 0.66, 0.8],
};
/** Most chroma an accent's surfaces get: very vivid inputs would glare as backgrounds. */
const MAX_SURFACE_CHROMA = 0.2;
/** Most chroma a neutral (grey) scale gets from a tint color, and from the primary color. */
export const MAX_TINT_CHROMA = 0.04;
export const MAX_UNTINTED_CHROMA = 0.012;

/** The surfaces (steps 1–8) and solids (steps 9–10 with their text) of a scale. */
export interface Surfaces {
  lch: Lch;
  surfaces: string[];
  solid: string;
  solidHover: string;
  contrast: string;
}

/** Steps 1–8 and 9–10 of an accent scale anchored on `hex`. */
export function accentSurfaces(hex: string, mode: Mode): Surfaces {
  const lch = lchOf(hex);
  const chroma = Math.min(lch.c, MAX_SURFACE_CHROMA);
  const surfaces = SURFACE_LIGHTNESS[mode].map((l, i) =>
    hexFromLch({ l, c: chroma * (ACCENT_CHROMA[mode][i] as number), h: lch.h }),
  );
  return { lch, surfaces, ...solids(hex, lch) };
}

/**
 * Steps 1–8 and 9–10 of a neutral scale: greys carrying `hue` with a constant, small `chroma`
 * (a tint color's, or a trace of the primary's).
 */
export function neutralSurfaces(hue: number, chroma: number, mode: Mode): Surfaces {
  const lch = { l: mode === 'light' ? 0.56 : 0.5, c: chroma, h: hue };
  const surfaces = SURFACE_LIGHTNESS[mode].map((l, i) =>
    hexFromLch({ l, c: chroma * (mode === 'light' && i < 2 ? 0.6 + i * 0.2 : 1), h: hue }),
  );
  const solid = hexFromLch(lch);
  return { lch, surfaces, ...solids(solid, lch) };
}

/**
 * The text on a solid: white when it reaches AA, else a dark shade of the color's hue, else
 * black (one of white and black always reaches 4.58:1 on any color). The hovered solid moves
 * away from that text, so the pair keeps its contrast; if it cannot, it stays the solid.
 */
function solids(solid: string, lch: Lch): Omit<Surfaces, 'lch' | 'surfaces'> {
  const candidates = [
    '#ffffff',
    hexFromLch({ l: 0.22, c: Math.min(lch.c, 0.06), h: lch.h }),
    '#000000',
  ];
  const contrast = candidates.find((text) => contrastRatio(text, solid) >= AA) ?? '#000000';
  const textIsLight = lchOf(contrast).l > lch.l;
  const towards = textIsLight ? -0.05 : 0.05;
  for (const delta of [towards, -towards]) {
    const hover = hexFromLch({ ...lch, l: lch.l + delta });
    if (hover !== solid && contrastRatio(contrast, hover) >= AA)
      return { solid, solidHover: hover, contrast };
  }
  return { solid, solidHover: solid, contrast };
}

/**
 * Text of the given hue and chroma, starting at lightness `from` and moving towards dark (light
 * mode) or light (dark mode) until it reaches `target` against every background. Ends at black
 * or white, which reach 7:1 on the backgrounds of their mode.
 */
export function fitText(
  from: Lch,
  mode: Mode,
  backgrounds: readonly string[],
  target: number,
): string {
  const direction = mode === 'light' ? -0.01 : 0.01;
  for (let l = from.l; l >= 0 && l <= 1; l += direction) {
    const text = hexFromLch({ ...from, l });
    if (minContrast(text, backgrounds) >= target) return text;
  }
  return mode === 'light' ? '#000000' : '#ffffff';
}

/** Where the text steps start their search. */
const TEXT_START: Record<Mode, { low: number; high: number }> = {
  light: { low: 0.58, high: 0.28 },
  dark: { low: 0.74, high: 0.92 },
};

/** A complete scale: `surfaces` plus text steps reaching AA (11) and AAA (12) on `backgrounds`. */
export function completeScale(
  surfaces: Surfaces,
  mode: Mode,
  backgrounds: readonly string[],
): ColorScale {
  const { lch } = surfaces;
  const start = TEXT_START[mode];
  const low = fitText({ l: start.low, c: lch.c, h: lch.h }, mode, backgrounds, AA);
  const high = fitText({ l: start.high, c: lch.c * 0.5, h: lch.h }, mode, backgrounds, AAA);
  return {
    steps: [...surfaces.surfaces, surfaces.solid, surfaces.solidHover, low, high],
    contrast: surfaces.contrast,
  };
}

/** A standalone accent scale of `hex`, its text fitted to its own backgrounds (steps 1–5). */
export function colorScale(hex: string, mode: Mode): ColorScale {
  const surfaces = accentSurfaces(hex, mode);
  return completeScale(surfaces, mode, surfaces.surfaces.slice(0, 5));
}
