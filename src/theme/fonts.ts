import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fallbackFace, fallbackFamily } from './font-fallbacks.ts';
import { describe } from './settings.ts';

/**
 * `styling.font` → the `--op-font` stack and its `@font-face` rules. Built-in families are
 * self-hosted from `@fontsource/*` packages (their files are copied into the output); a custom
 * font `{ fontFamily, fontFaces }` gets rules only for https sources. A family that cannot be
 * served falls back to the system stack with a warning.
 */

export type FontCategory = 'sans-serif' | 'serif';

export interface BuiltInFont {
  /** The CSS family name written in `@font-face` and `--op-font`. */
  family: string;
  category: FontCategory;
  /** The npm package with the font files; null for a commercial family with none. */
  package: string | null;
  /** Listed in package.json, so installed with Offprint (all but the commercial ABC Favorit). */
  bundled: boolean;
}

/** The families `styling.font` names (docs/platform.md, "Customizations"), keyed by the platform's identifier. */
export const BUILT_IN_FONTS: Record<string, BuiltInFont> = {
  Inter: { family: 'Inter', category: 'sans-serif', package: '@fontsource/inter', bundled: true },
  Roboto: {
    family: 'Roboto',
    category: 'sans-serif',
    package: '@fontsource/roboto',
    bundled: true,
  },
  RobotoSlab: {
    family: 'Roboto Slab',
    category: 'serif',
    package: '@fontsource/roboto-slab',
    bundled: true,
  },
  OpenSans: {
    family: 'Open Sans',
    category: 'sans-serif',
    package: '@fontsource/open-sans',
    bundled: true,
  },
  SourceSansPro: {
    family: 'Source Sans 3',
    category: 'sans-serif',
    package: '@fontsource/source-sans-3',
    bundled: true,
  },
  Lato: { family: 'Lato', category: 'sans-serif', package: '@fontsource/lato', bundled: true },
  Ubuntu: {
    family: 'Ubuntu',
    category: 'sans-serif',
    package: '@fontsource/ubuntu',
    bundled: true,
  },
  Raleway: {
    family: 'Raleway',
    category: 'sans-serif',
    package: '@fontsource/raleway',
    bundled: true,
  },
  Merriweather: {
    family: 'Merriweather',
    category: 'serif',
    package: '@fontsource/merriweather',
    bundled: true,
  },
  Overpass: {
    family: 'Overpass',
    category: 'sans-serif',
    package: '@fontsource/overpass',
    bundled: true,
  },
  NotoSans: {
    family: 'Noto Sans',
    category: 'sans-serif',
    package: '@fontsource/noto-sans',
    bundled: true,
  },
  IBMPlexSerif: {
    family: 'IBM Plex Serif',
    category: 'serif',
    package: '@fontsource/ibm-plex-serif',
    bundled: true,
  },
  Poppins: {
    family: 'Poppins',
    category: 'sans-serif',
    package: '@fontsource/poppins',
    bundled: true,
  },
  FiraSans: {
    family: 'Fira Sans',
    category: 'sans-serif',
    package: '@fontsource/fira-sans',
    bundled: true,
  },
  ABCFavorit: { family: 'ABC Favorit', category: 'sans-serif', package: null, bundled: false },
};

export const DEFAULT_FONT = 'Inter';

export const SYSTEM_STACKS: Record<FontCategory, string> = {
  'sans-serif':
    'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  serif: 'ui-serif, Georgia, Cambria, "Times New Roman", Times, serif',
};

/** Where the theme's own files go in the output, relative to the base. */
export const THEME_DIR = '_offprint';

export interface FontFile {
  /** Absolute path of the file in node_modules. */
  from: string;
  /** Path under the output directory. */
  to: string;
}

export interface FontResult {
  /** The value of `--op-font`. */
  stack: string;
  /** `@font-face` rules, URLs relative to the stylesheet in `THEME_DIR`. */
  faces: string[];
  files: FontFile[];
}

export interface FontOptions {
  /** The directory of an installed npm package, or undefined; default: Node's resolution. */
  resolvePackage?: (name: string) => string | undefined;
}

/** Weights and styles served for a built-in family, where the package has them. */
const FACES: { weight: number; style: 'normal' | 'italic' }[] = [
  { weight: 400, style: 'normal' },
  { weight: 500, style: 'normal' },
  { weight: 600, style: 'normal' },
  { weight: 700, style: 'normal' },
  { weight: 400, style: 'italic' },
];

/** A family name as it may appear in CSS: letters, digits, spaces, `-` and `_`. */
export const FAMILY_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9 _-]{0,62}[A-Za-z0-9])?$/;
/** An https URL with none of the characters that could end a CSS string or url(). */
export const SAFE_FONT_URL =
  /^https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?\/[A-Za-z0-9\-._~/%?&=+,:@!$]*$/;
const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const UNICODE_RANGE =
  /^U\+[0-9A-F?]{1,6}(?:-[0-9A-F]{1,6})?(?:,\s*U\+[0-9A-F?]{1,6}(?:-[0-9A-F]{1,6})?)*$/i;
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
const FORMATS = ['woff2', 'woff', 'truetype', 'opentype', 'embedded-opentype', 'svg'];

const nodeRequire = createRequire(import.meta.url);

function defaultResolve(name: string): string | undefined {
  try {
    return path.dirname(nodeRequire.resolve(name));
  } catch {
    return undefined;
  }
}

export function resolveFont(
  font: unknown,
  warnings: string[],
  options: FontOptions = {},
): FontResult {
  const at = 'customizations.site.styling.font';
  if (font !== null && typeof font === 'object') return customFont(font, warnings, options);
  let key = DEFAULT_FONT;
  if (typeof font === 'string' && Object.hasOwn(BUILT_IN_FONTS, font)) key = font;
  else if (font !== undefined && font !== null)
    warnings.push(`${at}: unknown font ${describe(font)}, using ${DEFAULT_FONT}`);
  return builtInFont(BUILT_IN_FONTS[key] as BuiltInFont, warnings, options);
}

function builtInFont(font: BuiltInFont, warnings: string[], options: FontOptions): FontResult {
  const fallback = fallbackFace(font.family, font.category);
  const stack = fallback
    ? `"${font.family}", "${fallbackFamily(font.family)}", ${SYSTEM_STACKS[font.category]}`
    : `"${font.family}", ${SYSTEM_STACKS[font.category]}`;
  const system = { stack: SYSTEM_STACKS[font.category], faces: [], files: [] };
  if (!font.package) {
    warnings.push(
      `font ${font.family} has no self-hostable package: using the system ${font.category} fonts`,
    );
    return system;
  }
  const dir = (options.resolvePackage ?? defaultResolve)(font.package);
  const served = dir && fontsourceFaces(dir, font.family);
  if (!served || served.faces.length === 0) {
    warnings.push(
      `font ${font.family}: ${font.package} is not installed (npm install ${font.package}); using the system ${font.category} fonts`,
    );
    return system;
  }
  return {
    stack,
    faces: fallback ? [...served.faces, fallback] : served.faces,
    files: served.files,
  };
}

interface FontsourceMetadata {
  id: string;
  subsets: string[];
  weights: number[];
  styles: string[];
}

const packageFaces = new Map<string, Omit<FontResult, 'stack'> | undefined>();

/** The faces of a fontsource package (woff2, every subset with its unicode range). */
function fontsourceFaces(dir: string, family: string): Omit<FontResult, 'stack'> | undefined {
  const cacheKey = `${dir}\0${family}`;
  if (packageFaces.has(cacheKey)) return packageFaces.get(cacheKey);
  let result: Omit<FontResult, 'stack'> | undefined;
  try {
    const metadata = readJson(path.join(dir, 'metadata.json')) as FontsourceMetadata;
    const ranges = readJson(path.join(dir, 'unicode.json')) as Record<string, string>;
    const { version } = readJson(path.join(dir, 'package.json')) as { version: string };
    if (!SLUG.test(metadata.id) || !VERSION.test(version)) throw new Error('unexpected package');
    const outDir = `${THEME_DIR}/fonts/${metadata.id}-${version}`;
    const faces: string[] = [];
    const files: FontFile[] = [];
    for (const { weight, style } of FACES) {
      if (!metadata.weights.includes(weight) || !metadata.styles.includes(style)) continue;
      for (const subset of metadata.subsets) {
        const range = ranges[subset];
        if (!SLUG.test(subset) || !range || !UNICODE_RANGE.test(range)) continue;
        const file = `${metadata.id}-${subset}-${weight}-${style}.woff2`;
        const from = path.join(dir, 'files', file);
        if (!existsSync(from)) continue;
        const to = `${outDir}/${file}`;
        files.push({ from, to });
        faces.push(
          fontFace(
            family,
            weight,
            style,
            `url("${to.slice(THEME_DIR.length + 1)}") format("woff2")`,
            range,
          ),
        );
      }
    }
    result = { faces, files };
  } catch {
    result = undefined;
  }
  packageFaces.set(cacheKey, result);
  return result;
}

function fontFace(
  family: string,
  weight: number,
  style: string,
  src: string,
  unicodeRange?: string,
): string {
  return (
    `@font-face { font-family: "${family}"; font-style: ${style}; font-weight: ${weight}; ` +
    `font-display: swap; src: ${src};${unicodeRange ? ` unicode-range: ${unicodeRange};` : ''} }`
  );
}

/** A custom font: its family name checked, faces kept only with https sources. */
function customFont(font: object, warnings: string[], options: FontOptions): FontResult {
  const at = 'customizations.site.styling.font';
  const { fontFamily, fontFaces } = font as { fontFamily?: unknown; fontFaces?: unknown };
  if (typeof fontFamily !== 'string' || !FAMILY_NAME.test(fontFamily)) {
    warnings.push(
      `${at}.fontFamily: not a valid family name ${describe(fontFamily)}, using ${DEFAULT_FONT}`,
    );
    return builtInFont(BUILT_IN_FONTS[DEFAULT_FONT] as BuiltInFont, warnings, options);
  }
  const faces: string[] = [];
  const list = Array.isArray(fontFaces) ? fontFaces : [];
  list.forEach((face: unknown, index) => {
    const where = `${at}.fontFaces[${index}]`;
    const { weight, style, sources } = (face ?? {}) as Record<string, unknown>;
    const cssWeight =
      weight === undefined
        ? 400
        : Number.isInteger(weight) && (weight as number) >= 1 && (weight as number) <= 1000
          ? (weight as number)
          : undefined;
    if (cssWeight === undefined) {
      warnings.push(`${where}.weight: not a weight 1–1000 ${describe(weight)}, face left out`);
      return;
    }
    const cssStyle = style === 'italic' ? 'italic' : 'normal';
    const src: string[] = [];
    for (const source of Array.isArray(sources) ? sources : []) {
      const { url, format } = (source ?? {}) as Record<string, unknown>;
      const safe = safeFontUrl(url);
      if (!safe) {
        warnings.push(`${where}: source ${describe(url)} is not a plain https URL, left out`);
        continue;
      }
      const known = typeof format === 'string' && FORMATS.includes(format) ? format : undefined;
      src.push(`url("${safe}")${known ? ` format("${known}")` : ''}`);
    }
    if (src.length === 0) {
      warnings.push(`${where}: no usable source, face left out`);
      return;
    }
    faces.push(fontFace(fontFamily, cssWeight, cssStyle, src.join(', ')));
  });
  return { stack: `"${fontFamily}", ${SYSTEM_STACKS['sans-serif']}`, faces, files: [] };
}

/** The URL, normalized, when it is https and holds nothing that could break out of CSS. */
export function safeFontUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let href: string;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' || url.username || url.password) return undefined;
    url.hash = '';
    href = url.href;
  } catch {
    return undefined;
  }
  return SAFE_FONT_URL.test(href) ? href : undefined;
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}
