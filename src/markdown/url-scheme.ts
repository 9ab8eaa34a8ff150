/**
 * The one rule for URL schemes, used wherever untrusted content becomes a link or a source:
 * the markdown pipeline (sanitize schema, references, guard), the site model's content
 * references (header, footer, announcement links) and SVG files.
 *
 * A browser ignores ASCII whitespace and C0/C1 control characters inside a scheme and reads it
 * case-insensitively, so `" JaVa\tscript:"` and `"java\u0085script:"` are `javascript:`. The
 * scheme is read the same way here before it is checked against the allow-list. HTML entities
 * (`&#106;`, `&colon;`) are decoded by the HTML parser before any of this runs.
 */

/** Schemes a link (`href`) may use. */
export const LINK_SCHEMES: ReadonlySet<string> = new Set([
  'http',
  'https',
  'mailto',
  'tel',
  'irc',
  'ircs',
  'xmpp',
]);

/** Schemes a loaded resource (`src`, `srcset`) may use. */
export const SOURCE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https']);

/** The value without whitespace and control characters, as a browser reads a scheme. */
export function compactUrl(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  return value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
}

/** The scheme in lower case (`javascript`), or `undefined` for a relative URL. */
export function urlScheme(value: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):/i.exec(compactUrl(value))?.[1]?.toLowerCase();
}

/** A relative URL, or an absolute one whose scheme is allowed. */
export function isSafeUrl(value: string, schemes: ReadonlySet<string> = LINK_SCHEMES): boolean {
  const scheme = urlScheme(value);
  return scheme === undefined || schemes.has(scheme);
}

/** An absolute URL with an allowed scheme (a link that must leave the site). */
export function isSafeAbsoluteUrl(
  value: string,
  schemes: ReadonlySet<string> = LINK_SCHEMES,
): boolean {
  const scheme = urlScheme(value);
  return scheme !== undefined && schemes.has(scheme);
}
