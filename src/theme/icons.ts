import { describe } from './settings.ts';

/**
 * `styling.icons` → the Font Awesome 6 Free set the markdown renderer draws icons from
 * (src/markdown/icons.ts). The free sets have solid and regular weights only: the other
 * platform styles take the nearest one (duotone's filled shapes → solid; light and thin
 * strokes → regular), said once in a note (the team's choice is valid on the platform, and the
 * free set is not theirs to change); a value no style has is a warning.
 */

export type IconSet = 'solid' | 'regular';

const NEAREST: Record<string, IconSet> = {
  regular: 'regular',
  solid: 'solid',
  duotone: 'solid',
  light: 'regular',
  thin: 'regular',
};

export function iconSetFor(value: unknown, said: { warnings: string[]; notes: string[] }): IconSet {
  if (value === undefined || value === null) return 'solid';
  const set =
    typeof value === 'string' && Object.hasOwn(NEAREST, value) ? NEAREST[value] : undefined;
  if (!set) {
    said.warnings.push(`styling.icons: unknown value ${describe(value)}, using "solid"`);
    return 'solid';
  }
  if (set !== value)
    said.notes.push(
      `styling.icons "${value}": the free icon set has no ${value} style, so icons are drawn ${set}`,
    );
  return set;
}
