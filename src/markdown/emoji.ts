/**
 * Emoji by shortcode (gemoji) and by code point (`2728`, `1f468-200d-1f4bb`): the one decoder
 * for inline emoji in markdown, page and space emoji in the site model, and the favicon emoji.
 */
import { gemoji } from 'gemoji';

let byName: Map<string, string> | undefined;

export function emojiForName(name: string): string | undefined {
  if (!byName) {
    byName = new Map();
    for (const entry of gemoji) for (const n of entry.names) byName.set(n, entry.emoji);
  }
  return byName.get(name);
}

/** `"1f468-200d-1f4bb"` → 👨‍💻; `undefined` unless every part is a valid, visible code point. */
export function emojiForCode(code: string): string | undefined {
  const parts = code
    .trim()
    .toLowerCase()
    .split(/[-_\s]+/);
  if (parts.length === 0 || parts.length > 12) return undefined;
  let out = '';
  for (const part of parts) {
    if (!/^[0-9a-f]{2,6}$/.test(part)) return undefined;
    const cp = Number.parseInt(part, 16);
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
      return undefined;
    out += String.fromCodePoint(cp);
  }
  return out;
}

/**
 * An emoji as the platform stores it on a page, a space or the favicon: code points in hex
 * (`1f680`, `1f1eb-1f1f7`), else the emoji itself, kept when it is only emoji characters (so
 * never words or markup). `undefined` for anything else.
 */
export function emojiOf(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  return emojiForCode(text) ?? (isLiteralEmoji(text) ? text : undefined);
}

/** One emoji written out: pictographs, flags, keycaps and skin tones, joined or not. */
function isLiteralEmoji(text: string): boolean {
  return (
    text.length <= 32 &&
    /^(\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f|\u20e3)+$/u.test(text) &&
    /\P{ASCII}/u.test(text)
  );
}
