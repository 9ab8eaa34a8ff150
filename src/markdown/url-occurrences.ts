/**
 * The URLs a markdown text writes, where it writes them, from what a parse found (`UrlSpan`s):
 * a destination's text with its escapes read, the URL attributes of its HTML (`<img src>`, a
 * cards table's cover `<a href>`, read by htmlparser2's tokenizer) and the arguments of its
 * `{% %}` tags as the parse read them (`{% file src %}`, `{% embed url %}`…). Read by the parsers
 * rather than by pattern: a download URL's file name holds spaces and parentheses
 * (`image (1).png`), which a URL pattern cuts short. Code holds none: a sample stays verbatim;
 * so does a tag the render shows as text (one in the middle of a line).
 */
import { decodeCharacterReferences, decodeMarkdownString } from './decode.ts';
import { htmlAttributeUrls } from './html-urls.ts';

export interface UrlOccurrence {
  /** Offsets of the URL as written (inside `<…>` or quotes, without them). */
  start: number;
  end: number;
  /** The URL with its escapes read. */
  url: string;
  /**
   * Where it is used: `file` where the page shows or offers a file (an image's destination,
   * `<img src>`, a `srcset`, `{% file src %}`, `{% embed url %}`), `link` anywhere else.
   */
  as: 'link' | 'file';
  /** The `{% %}` tag whose attribute it is (`file`, `content-ref`, `openapi`…). */
  tag?: string;
  /** In a tag, the attribute's name (`url`, `src`…); empty for a value without a name. */
  attribute?: string;
}

/**
 * What a parse found that may hold URLs, by its offsets in the text parsed: a destination as
 * written (a link's, an image's or a definition's, inside `<…>` or not; an autolink, plain or in
 * `<…>`), a piece of HTML, or a `{% %}` tag with the arguments the parse read.
 */
export interface UrlSpan {
  kind: 'destination' | 'html' | 'tag';
  start: number;
  end: number;
  /** A destination inside an image: the page shows the file. */
  image?: boolean;
  /** A tag's name and its arguments' values (`['', value]` for one without a name). */
  tag?: { name: string; values: [string, string][] };
}

/** HTML attributes that name a file the element shows rather than a place to go. */
const FILE_ATTRIBUTES = new Set(['src', 'srcset', 'poster', 'data']);
/** Tags whose URL the page shows as a file (the references plugin reads it `as: 'file'`). */
const FILE_TAGS = new Set(['file', 'embed']);

/** The URLs of the spans of `text`, in the order they are written, none overlapping another. */
export function spanUrls(text: string, spans: readonly UrlSpan[]): UrlOccurrence[] {
  const found: UrlOccurrence[] = [];
  for (const { kind, start, end, image, tag } of spans) {
    if (kind === 'destination') {
      const url = decodeMarkdownString(text.slice(start, end));
      found.push({ start, end, url, as: image ? 'file' : 'link' });
    } else if (kind === 'html') {
      for (const { attribute, ...at } of htmlAttributeUrls(text.slice(start, end))) {
        const as = FILE_ATTRIBUTES.has(attribute) ? 'file' : 'link';
        found.push({ ...at, start: start + at.start, end: start + at.end, as });
      }
    } else if (tag) {
      found.push(...tagUrls(text.slice(start, end), start, tag));
    }
  }
  return found
    .sort((a, b) => a.start - b.start)
    .filter((occurrence, i, all) => i === 0 || occurrence.start >= (all[i - 1]?.end ?? 0));
}

/** The argument values of one tag (`raw`, written at `offset`), where each is written. */
function tagUrls(
  raw: string,
  offset: number,
  { name, values }: NonNullable<UrlSpan['tag']>,
): UrlOccurrence[] {
  const found: UrlOccurrence[] = [];
  // After the name: a value may repeat it (`{% file src="file" %}`).
  const afterName = raw.toLowerCase().indexOf(name) + name.length;
  for (const [attribute, value] of values) {
    if (!value.trim()) continue;
    const at = raw.indexOf(value, afterName);
    if (at < 0) continue;
    found.push({
      start: offset + at,
      end: offset + at + value.length,
      url: decodeCharacterReferences(value).trim(),
      as: FILE_TAGS.has(name) ? 'file' : 'link',
      tag: name,
      attribute: attribute.toLowerCase(),
    });
  }
  return found;
}
