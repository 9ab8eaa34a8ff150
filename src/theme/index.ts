import type { SiteCustomization } from '../api/schemas/customizations.ts';
import type { Mode } from './color.ts';
import { type FontFile, type FontOptions, resolveFont, THEME_DIR } from './fonts.ts';
import { type IconSet, iconSetFor } from './icons.ts';
import { buildPalette } from './palette.ts';
import { type DefaultTheme, resolveSettings, type ThemeSettings } from './settings.ts';
import { modeVariables, RADII, type Variables } from './tokens.ts';

/**
 * `customizations.site` → the site's theme stylesheet: custom properties for light and dark,
 * `@font-face` rules, and the classes for `<html>`. Pure apart from reading installed font
 * packages; every value that reaches the CSS was parsed or allowlisted on the way.
 */

export { contrastRatio, lchOf, parseHexColor } from './color.ts';
export { BUILT_IN_FONTS, type FontFile, THEME_DIR } from './fonts.ts';
export { type IconSet, iconSetFor } from './icons.ts';
export { buildPalette } from './palette.ts';
export { AA, AAA, type ColorScale, colorScale, step } from './scale.ts';
export { TEXT_PAIRS } from './tokens.ts';

export interface ThemeStylesheet {
  css: string;
  /** Classes for `<html>`: `op-theme--<style>` plus corners, links and sidebar choices (not `default` ones). */
  htmlClass: string;
  defaultTheme: DefaultTheme;
  /** Font files to copy into the output (`to` is relative to the output directory). */
  fontFiles: FontFile[];
  /** `styling.icons` as the icon set the markdown renderer draws from. */
  iconSet: IconSet;
  /** Values the theme cannot use as given (a typo, an unknown name): the team should fix them. */
  warnings: string[];
  /** Said once per build: a platform style the free assets lack, shown as the nearest one. */
  notes: string[];
}

export function themeStylesheet(
  customization: SiteCustomization | undefined,
  options: FontOptions = {},
): ThemeStylesheet {
  const warnings: string[] = [];
  const notes: string[] = [];
  const settings = resolveSettings(customization, warnings);
  const font = resolveFont(settings.font, warnings, options);
  const radius = RADII[settings.corners];
  const modes = {
    light: modeVariables(buildPalette(settings.colors.light, 'light'), settings),
    dark: modeVariables(buildPalette(settings.colors.dark, 'dark'), settings),
  };
  const css = [
    '/* Offprint theme: generated from the site customization. */',
    ...font.faces,
    // `html:root` outranks the theme's own `:root` defaults whatever order the sheets load in.
    rule('html:root', [
      ['--op-font', font.stack],
      ['--op-radius', radius.box],
      ['--op-radius-control', radius.control],
    ]),
    rule('html:root,\nhtml[data-theme="light"]', colorScheme('light', modes.light)),
    rule('html[data-theme="dark"]', colorScheme('dark', modes.dark)),
    ...(settings.defaultTheme === 'system'
      ? [
          `@media (prefers-color-scheme: dark) {\n${indent(rule('html:root:not([data-theme])', colorScheme('dark', modes.dark)))}\n}`,
        ]
      : []),
  ].join('\n');
  return {
    css: `${css}\n`,
    htmlClass: htmlClass(settings),
    defaultTheme: settings.defaultTheme,
    fontFiles: font.files,
    iconSet: iconSetFor(customization?.styling?.icons, { warnings, notes }),
    warnings,
    notes,
  };
}

/** Where the stylesheet goes, relative to the output directory, for a content hash. */
export function themeCssPath(hash: string): string {
  return `${THEME_DIR}/theme-${hash}.css`;
}

/** The choices' classes; a `default` choice has none (the stylesheet styles it unclassed). */
function htmlClass(settings: ThemeSettings): string {
  return [
    `op-theme--${settings.style}`,
    `op-corners--${settings.corners}`,
    `op-links--${settings.links}`,
    `op-sidebar--${settings.sidebarBackground}`,
    `op-sidebar-list--${settings.sidebarList}`,
  ]
    .filter((name) => !name.endsWith('--default'))
    .join(' ');
}

function colorScheme(mode: Mode, variables: Variables): Variables {
  return [['color-scheme', mode], ...variables];
}

function rule(selector: string, declarations: Variables): string {
  return `${selector} {\n${declarations.map(([name, value]) => `  ${name}: ${value};`).join('\n')}\n}`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
