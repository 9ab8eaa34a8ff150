import { describe } from './settings.ts';

/**
 * `styling.icons` → the Font Awesome 6 Free set the markdown renderer draws icons from
 * (src/markdown/icons.ts). The free sets have solid and regular weights only: the other
 * platform styles take the nearest one (duotone's filled shapes → solid; light and thin
 * strokes → regular), with one warning.
 */

export type IconSet = 'solid' | 'regular';

const NEAREST: Record<string, IconSet> = {
  regular: 'regular',
  solid: 'solid',
  duotone: 'solid',
  light: 'regular',
  thin: 'regular',
};

export function iconSetFor(value: unknown, warnings: string[]): IconSet {
  if (value === undefined || value === null) return 'solid';
  const set =
    typeof value === 'string' && Object.hasOwn(NEAREST, value) ? NEAREST[value] : undefined;
  if (!set) {
    warnings.push(`styling.icons: unknown value ${describe(value)}, using "solid"`);
    return 'solid';
  }
  if (set !== value)
    warnings.push(
      `styling.icons "${value}": the free icon set has no ${value} style, using "${set}"`,
    );
  return set;
}
