import path from 'node:path';
import { SiteModelError } from './errors.ts';

/**
 * Containment: every path segment that comes from the API (page paths, section and site-space
 * paths, the basename, file names) is untrusted and ends up both in a URL and in a file path
 * under the output directory. The rule, applied to each segment:
 *
 * 1. the raw path is split on `/` and `\`; each segment is percent-decoded once (so `%2e%2e`
 *    and `%2f` cannot smuggle a traversal past the split) and NFC-normalized (macOS stores
 *    names decomposed: `é` must not become two different files);
 * 2. letters are lowercased and whitespace becomes `-`, as github-slugger does; only Unicode
 *    letters, marks, digits, `-`, `_` and `.` are kept (NUL, `%`, `:`, `?`, `#`… are dropped);
 * 3. dots are kept only inside a segment (`v1.2`): leading and trailing dots go, so `..`, `.`
 *    and `.git` cannot appear; a segment ending in `.html`/`.htm` has that dot made a `-` so a
 *    page directory never shadows a page file (`a/index.html/` vs `a/index.html`);
 * 4. a segment is cut to 200 UTF-8 bytes (a file name may have 255);
 *    a segment that ends up empty is dropped; Windows device names (`con`, `nul`, `com1`…) get
 *    a `-1` suffix, and so does the first segment of a URL when it is a name the build itself
 *    writes at the output root (`RESERVED_TOP_LEVEL`, see `urlFor`). Two pages that then meet on one URL are a collision, reported.
 *
 * URLs carry the segments percent-encoded (`encodeURIComponent`), output files carry them
 * decoded; `outputFileFor` accepts only URLs whose segments already pass the rule.
 */

/** Names the build writes at the output root: no page may take them. */
export const RESERVED_TOP_LEVEL: ReadonlySet<string> = new Set([
  '_astro',
  // The theme's stylesheet and fonts (`THEME_DIR` of src/theme/fonts.ts).
  '_offprint',
  'pagefind',
  '404',
  'assets',
  '404.html',
  'robots.txt',
  'sitemap.xml',
  'sitemap-index.xml',
  'favicon.ico',
  'llms.txt',
  '_headers',
  // A change-request preview's changes page and removed pages (src/site/review.ts), and its list.
  '_changes',
  'changes.json',
]);

/**
 * A directory name may be 255 bytes on common file systems; the spec lets a page path run to
 * 1,024 characters. Segments are cut (whole characters) well below, leaving room for a
 * disambiguating suffix (src/site/urls.ts).
 */
const MAX_SEGMENT_BYTES = 200;

function withinBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  let out = '';
  let bytes = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > max) break;
    out += char;
  }
  return out;
}

const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/;
const NOT_KEPT = /[^\p{L}\p{M}\p{N}_.-]/gu;

function decodeOnce(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** One untrusted segment made safe (may return `''`: the caller drops it). */
export function safeSegment(raw: string): string {
  return cleanSegment(decodeOnce(raw));
}

/** Steps 2–4 of the rule, on a segment already decoded (decoding twice would turn `%252e`
 * into `.`). */
function cleanSegment(decoded: string): string {
  const kept = decoded
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s+/gu, '-')
    .replace(NOT_KEPT, '')
    .replace(/^\.+/, '');
  const segment = withinBytes(kept, MAX_SEGMENT_BYTES)
    .replace(/\.+$/, '')
    .replace(/\.(html?)$/, '-$1');
  if (segment === '') return '';
  // `con.txt` → `con-1.txt`: the device name itself must change, extension or not.
  return segment.replace(WINDOWS_DEVICE, '$1-1$2');
}

/** An untrusted path (`a/b`, `/a\..\b`, `%2e%2e/x`) as safe segments. */
export function safeSegments(raw: string | undefined): string[] {
  if (!raw) return [];
  const out: string[] = [];
  for (const part of raw.split(/[/\\]/)) {
    // Decoding `a%2Fb` yields a slash: split again so it cannot join two segments into one path.
    for (const piece of decodeOnce(part).split(/[/\\]/)) {
      const segment = cleanSegment(piece);
      if (segment !== '') out.push(segment);
    }
  }
  return out;
}

/** `--base` / site basename as `/a/b/` (always leading and trailing slash; `/` by default). */
export function normalizeBase(base: string | undefined): string {
  const segments = safeSegments(base);
  return segments.length === 0 ? '/' : `/${segments.map(encodeURIComponent).join('/')}/`;
}

/**
 * The site URL of safe segments under `base`. Only the first segment after the base is at the
 * output root, so only it is checked against the reserved names.
 */
export function urlFor(base: string, segments: readonly string[]): string {
  if (segments.length === 0) return base;
  const first = segments[0] as string;
  const checked = RESERVED_TOP_LEVEL.has(first) ? [`${first}-1`, ...segments.slice(1)] : segments;
  return `${base}${checked.map(encodeURIComponent).join('/')}/`;
}

/**
 * The output file (relative to the output directory, `/`-separated) that answers `url`: `/a/b/`
 * → `a/b/index.html`, the base → `index.html`. Throws `SiteModelError` for a URL outside the
 * base or with any segment that is not already safe, so nothing from a URL can escape the
 * output directory or overwrite what the build itself writes.
 */
export function outputFileFor(url: string, base = '/'): string {
  if (!url.startsWith(base) || !url.endsWith('/')) {
    throw new SiteModelError(`URL ${JSON.stringify(url)} is not a page URL under ${base}`);
  }
  const rest = url.slice(base.length);
  if (rest === '') return 'index.html';
  const segments = rest.slice(0, -1).split('/');
  const decoded: string[] = [];
  for (const [i, segment] of segments.entries()) {
    const value = decodeOnce(segment);
    const safe = value !== '' && cleanSegment(value) === value;
    const reserved = i === 0 && RESERVED_TOP_LEVEL.has(value);
    if (!safe || reserved || encodeURIComponent(value) !== segment) {
      throw new SiteModelError(
        `URL ${JSON.stringify(url)} has an unsafe segment ${JSON.stringify(segment)}`,
      );
    }
    decoded.push(value);
  }
  return `${decoded.join('/')}/index.html`;
}

/** A downloaded file's name made safe for `assets/<hash>/<name>`: its extension kept. */
export function safeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const ext = dot > 0 ? base.slice(dot + 1) : '';
  const stemmed = cleanSegment(stem.replace(/\./g, '-')).slice(0, 80);
  const cleanStem = /[\p{L}\p{N}]/u.test(stemmed) ? stemmed : 'file';
  let cleanExt = ext
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 10);
  // An uploaded HTML file served from the site's origin could run script there, and so can XML
  // (an XHTML root or an XSLT stylesheet) and gzipped SVG, which cannot be sanitized unpacked:
  // serve them as text. Plain SVG is sanitized when it is copied (src/markdown/svg.ts).
  if (/^(html?|xhtml?|shtml|mht(ml)?|xml|xslt?|svgz|xht)$/.test(cleanExt))
    cleanExt = `${cleanExt}.txt`;
  return cleanExt ? `${cleanStem}.${cleanExt}` : cleanStem;
}

/** Output file of an asset URL (`<base>assets/<hash>/<name>`), checked the same way. */
export function assetOutputFile(sha256: string, name: string): string {
  if (!/^[a-f0-9]{64}$/.test(sha256)) throw new SiteModelError(`bad content hash ${sha256}`);
  return `assets/${sha256.slice(0, 16)}/${safeFileName(name)}`;
}

/**
 * `relative` resolved inside `dir` (an absolute path), or undefined when it would land on `dir`
 * itself or outside it: the last check before anything is written into the output.
 */
export function pathInside(dir: string, relative: string): string | undefined {
  const root = path.resolve(dir);
  const target = path.resolve(root, relative);
  return target.startsWith(root + path.sep) ? target : undefined;
}
