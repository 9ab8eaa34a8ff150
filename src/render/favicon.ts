import { createHash } from 'node:crypto';
import { THEME_DIR } from '../theme/index.ts';
import type { ImagePair } from '../view/view.ts';

/**
 * The generated favicon (the letter or `favicon.emoji` icon of src/render/chrome.ts, a
 * `data:image/svg+xml` URL) as a file beside the theme stylesheet: a data URL would be repeated
 * in every page's HTML (some 200 bytes gzip each), a file is fetched once and cached.
 * Only our own drawings are data URLs: the site's icons are files of the site or https URLs.
 */
const GENERATED = 'data:image/svg+xml,';

export interface FaviconFile {
  /** Relative to the output directory. */
  path: string;
  svg: string;
}

export function faviconFile(
  favicon: ImagePair,
  base: string,
): { favicon: ImagePair; file?: FaviconFile } {
  if (!favicon.light.startsWith(GENERATED) || favicon.dark) return { favicon };
  const svg = decodeURIComponent(favicon.light.slice(GENERATED.length));
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, 12);
  const file = `${THEME_DIR}/icon-${hash}.svg`;
  return { favicon: { light: `${base}${file}` }, file: { path: file, svg } };
}
