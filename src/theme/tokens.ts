import type { Palette } from './palette.ts';
import { type ColorScale, step } from './scale.ts';
import type { Corners, ThemeSettings } from './settings.ts';

/**
 * The custom properties of one mode: the full scales (`--op-primary-1` … `--op-primary-12`,
 * `--op-neutral-*`), the status colors, and the roles the theme's CSS reads (`--op-text`,
 * `--op-bg`, `--op-link`, header, sidebar and navigation colors). The style (clean, muted,
 * bold, gradient), link style and sidebar list choose which steps fill those roles.
 */

export type Variables = [name: string, value: string][];

/** Text/background pairs the theme draws, by custom property name: each must reach AA. */
export const TEXT_PAIRS: [text: string, background: string][] = [
  ['--op-text', '--op-bg'],
  ['--op-text', '--op-bg-subtle'],
  ['--op-text', '--op-page-bg-top'],
  ['--op-text-muted', '--op-bg'],
  ['--op-text-muted', '--op-bg-subtle'],
  ['--op-text-muted', '--op-page-bg-top'],
  ['--op-link', '--op-bg'],
  ['--op-link', '--op-bg-subtle'],
  ['--op-link', '--op-page-bg-top'],
  ['--op-primary-text', '--op-bg'],
  ['--op-primary-contrast', '--op-primary'],
  ['--op-primary-contrast', '--op-primary-hover'],
  ['--op-header-text', '--op-header-bg'],
  ['--op-header-text', '--op-header-bg-end'],
  ['--op-header-text-muted', '--op-header-bg'],
  ['--op-header-text-muted', '--op-header-bg-end'],
  ['--op-text', '--op-sidebar-bg'],
  ['--op-nav-text', '--op-sidebar-bg'],
  ['--op-nav-text', '--op-nav-hover-bg'],
  ['--op-text', '--op-nav-hover-bg'],
  ['--op-nav-current-text', '--op-nav-current-bg'],
  ['--op-link', '--op-sidebar-bg'],
  ...(['info', 'success', 'warning', 'danger'] as const).flatMap((role): [string, string][] => [
    [`--op-${role}-text`, `--op-${role}-bg`],
    [`--op-${role}-text`, '--op-bg'],
    ['--op-text', `--op-${role}-bg`],
    ['--op-link', `--op-${role}-bg`],
    [`--op-${role}-contrast`, `--op-${role}-solid`],
  ]),
];

export function modeVariables(palette: Palette, settings: ThemeSettings): Variables {
  const n = (k: number) => step(palette.neutral, k);
  const p = (k: number) => step(palette.primary, k);
  const primary = palette.primary;
  const muted = settings.style === 'muted';

  const surfaces = {
    clean: { bg: n(1), subtle: n(2), pageTop: n(1), sidebarFilled: n(2) },
    muted: { bg: n(2), subtle: n(3), pageTop: n(2), sidebarFilled: n(3) },
    bold: { bg: n(1), subtle: n(2), pageTop: n(1), sidebarFilled: n(2) },
    gradient: { bg: n(1), subtle: n(2), pageTop: p(2), sidebarFilled: n(2) },
  }[settings.style];
  const header = {
    clean: { bg: n(1), end: n(1), text: n(12), muted: n(11), border: n(6), accent: p(9) },
    muted: { bg: n(2), end: n(2), text: n(12), muted: n(11), border: n(6), accent: n(12) },
    bold: {
      bg: p(9),
      end: p(9),
      text: primary.contrast,
      muted: primary.contrast,
      border: p(10),
      accent: primary.contrast,
    },
    gradient: { bg: p(4), end: p(2), text: n(12), muted: n(11), border: p(6), accent: p(9) },
  }[settings.style];
  const sidebarBg = settings.sidebarBackground === 'filled' ? surfaces.sidebarFilled : surfaces.bg;
  const accentText = muted ? n(12) : p(11);
  const current = {
    default: { text: accentText, bg: muted ? n(4) : p(3), marker: muted ? n(12) : p(9) },
    pill: {
      text: muted ? n(12) : primary.contrast,
      bg: muted ? n(5) : p(9),
      marker: muted ? n(5) : p(9),
    },
    line: { text: accentText, bg: sidebarBg, marker: muted ? n(12) : p(9) },
  }[settings.sidebarList];
  const link =
    settings.links === 'accent'
      ? { color: p(11), decoration: p(11) }
      : { color: n(12), decoration: p(9) };

  return [
    ...scaleVariables('primary', primary),
    ...scaleVariables('neutral', palette.neutral),
    ['--op-primary', p(9)],
    ['--op-primary-hover', p(10)],
    ['--op-primary-text', p(11)],
    ['--op-text', n(12)],
    ['--op-text-muted', n(11)],
    ['--op-bg', surfaces.bg],
    ['--op-bg-subtle', surfaces.subtle],
    ['--op-page-bg-top', surfaces.pageTop],
    ['--op-border', n(6)],
    ['--op-border-strong', n(7)],
    ['--op-link', link.color],
    ['--op-link-decoration', link.decoration],
    ['--op-header-bg', header.bg],
    ['--op-header-bg-end', header.end],
    ['--op-header-text', header.text],
    ['--op-header-text-muted', header.muted],
    ['--op-header-border', header.border],
    ['--op-header-accent', header.accent],
    ['--op-sidebar-bg', sidebarBg],
    ['--op-nav-text', n(11)],
    ['--op-nav-hover-bg', settings.sidebarBackground === 'filled' || muted ? n(4) : n(3)],
    ['--op-nav-current-text', current.text],
    ['--op-nav-current-bg', current.bg],
    ['--op-nav-current-marker', current.marker],
    ...(['info', 'success', 'warning', 'danger'] as const).flatMap((role): Variables => {
      const scale = palette[role];
      return [
        [`--op-${role}-bg`, step(scale, 3)],
        [`--op-${role}-border`, step(scale, 6)],
        [`--op-${role}-solid`, step(scale, 9)],
        [`--op-${role}-contrast`, scale.contrast],
        [`--op-${role}-text`, step(scale, 11)],
      ];
    }),
  ];
}

function scaleVariables(name: string, scale: ColorScale): Variables {
  return [
    ...scale.steps.map((color, i): [string, string] => [`--op-${name}-${i + 1}`, color]),
    [`--op-${name}-contrast`, scale.contrast],
  ];
}

/** Box corners and control corners (buttons, tabs, navigation items). */
export const RADII: Record<Corners, { box: string; control: string }> = {
  straight: { box: '0px', control: '0px' },
  rounded: { box: '8px', control: '8px' },
  circular: { box: '16px', control: '9999px' },
};
