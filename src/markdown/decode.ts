/**
 * What a URL written in markdown or HTML says once its escapes are read: character references
 * (`&amp;`, `&#x26;`, `&#38;`, as the platform writes the `&` of a query in HTML) and, in
 * markdown, backslash escapes of punctuation. Names beyond the few a URL holds stay as written:
 * they only have to match a file's download URL, which has none.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeCharacterReferences(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A markdown destination's text: backslash escapes, then character references. */
export function decodeMarkdownString(value: string): string {
  return decodeCharacterReferences(value.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
}

/** A URL part with its percent escapes read; as written when they do not decode (`%zz`). */
export function decodePercent(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
