import { lchOf, type Mode } from './color.ts';
import {
  accentSurfaces,
  type ColorScale,
  completeScale,
  MAX_TINT_CHROMA,
  MAX_UNTINTED_CHROMA,
  neutralSurfaces,
} from './scale.ts';
import type { ColorRole, ModeColors } from './settings.ts';

/**
 * Every scale of one mode. Text steps are fitted against the union of the backgrounds any
 * scale offers (steps 1–5 of each), so any text step reads on any background of the mode:
 * body text in a hint, a link in a filled sidebar, accent text on a gradient.
 */
export interface Palette extends Record<ColorRole, ColorScale> {
  /** The greys: tinted by `tint.color` when set, else by a trace of the primary's hue. */
  neutral: ColorScale;
  /** The backgrounds text was fitted against. */
  backgrounds: string[];
}

const ROLES = ['primary', 'info', 'success', 'warning', 'danger'] as const;

export function buildPalette(colors: ModeColors, mode: Mode): Palette {
  const primary = lchOf(colors.primary);
  const tint = colors.tint ? lchOf(colors.tint) : undefined;
  const neutral = tint
    ? neutralSurfaces(tint.h, Math.min(tint.c, MAX_TINT_CHROMA), mode)
    : neutralSurfaces(primary.h, Math.min(primary.c * 0.08, MAX_UNTINTED_CHROMA), mode);
  const accents = ROLES.map((role) => accentSurfaces(colors[role], mode));
  const backgrounds = [neutral, ...accents].flatMap((surfaces) => surfaces.surfaces.slice(0, 5));
  const palette = {
    neutral: completeScale(neutral, mode, backgrounds),
    backgrounds,
  } as Palette;
  ROLES.forEach((role, i) => {
    palette[role] = completeScale(accents[i] as (typeof accents)[number], mode, backgrounds);
  });
  return palette;
}
