import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { THEME_DIR } from '../theme/index.ts';

/**
 * KaTeX's stylesheet and fonts, from the `katex` package the markdown renderer typesets with,
 * so math looks the same as where it was written. Copied into the output only when a page has
 * math, and linked only from those pages. The directory carries KaTeX's version: a new version
 * is a new URL.
 */

const require = createRequire(import.meta.url);
const KATEX_ROOT = path.dirname(require.resolve('katex/package.json'));
const { version } = require('katex/package.json') as { version: string };

/** The stylesheet, relative to the output directory (and to the site's base in URLs). */
export const KATEX_CSS = `${THEME_DIR}/katex-${version}/katex.css`;

/** Copies the stylesheet (fonts with `font-display: swap`) and its woff2 fonts into `outDir`. */
export async function writeKatex(outDir: string): Promise<void> {
  const target = path.join(outDir, path.dirname(KATEX_CSS));
  await mkdir(path.join(target, 'fonts'), { recursive: true });
  await copyFile(path.join(KATEX_ROOT, 'dist', 'katex-swap.min.css'), path.join(outDir, KATEX_CSS));
  // Every browser the theme supports takes woff2, the first source of each face.
  const fonts = (await readdir(path.join(KATEX_ROOT, 'dist', 'fonts'))).filter((name) =>
    name.endsWith('.woff2'),
  );
  await Promise.all(
    fonts.map((name) =>
      copyFile(path.join(KATEX_ROOT, 'dist', 'fonts', name), path.join(target, 'fonts', name)),
    ),
  );
}
