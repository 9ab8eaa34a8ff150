/**
 * The one rule for which file of a built site a request may name: a path relative to the site's
 * root, made of plain segments. Every reader (a folder, a URL) and every tool goes through it,
 * so `..`, `.`, empty segments, backslashes, NUL and other control characters are refused the
 * same way whether they came raw, percent-encoded or from Pagefind's own code.
 */

export class SitePathError extends Error {
  override readonly name = 'SitePathError';
}

/** Longest path a tool accepts: no page of a site has a longer one. */
const MAX_PATH = 2048;

/**
 * The segments of `path`, each percent-decoded once, or a `SitePathError` saying why it names
 * no file of the site. `path` has no query or fragment and no leading slash.
 */
export function siteSegments(path: string): string[] {
  if (path.length === 0 || path.length > MAX_PATH) throw new SitePathError('empty or too long');
  const segments = path.split('/');
  return segments.map((raw) => {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      throw new SitePathError(`a segment is not valid percent-encoding: ${JSON.stringify(raw)}`);
    }
    if (segment === '' || segment === '.' || segment === '..')
      throw new SitePathError('a segment is empty, "." or ".."');
    // A decoded slash or backslash would be a segment boundary on some host or file system.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (/[/\\\u0000-\u001f\u007f]/.test(segment))
      throw new SitePathError('a segment holds a slash, backslash or control character');
    return segment;
  });
}

/** The segments as a URL path, each percent-encoded, for a request to a site's origin. */
export function encodeSegments(segments: string[]): string {
  return segments.map(encodeURIComponent).join('/');
}
