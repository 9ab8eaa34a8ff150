/**
 * The URLs a markdown text writes, where it writes them, from what a parse found (`UrlSpan`s):
 * a destination's text with its escapes read, the URL attributes of its HTML (`<img src>`, a
 * cards table's cover `<a href>`, read by htmlparser2's tokenizer) and, read by the project's
 * tag reader, the attributes of `{% file src %}`, `{% embed url %}` and every other `{% %}` tag.
 * Read by the parsers rather than by pattern: a download URL's file name holds spaces and
 * parentheses (`image (1).png`), which a URL pattern cuts short. Code is left alone: a sample
 * stays verbatim.
 */
import { decodeCharacterReferences, decodeMarkdownString } from './decode.ts';
import { htmlAttributeUrls } from './html-urls.ts';
import { parseTagArgs, scanTag } from './tags.ts';

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
 * `<…>`), a piece of HTML, or code (whose `{% %}` tags are a sample, left alone).
 */
export interface UrlSpan {
  kind: 'destination' | 'html' | 'code';
  start: number;
  end: number;
  /** A destination inside an image: the page shows the file. */
  image?: boolean;
}

/** HTML attributes that name a file the element shows rather than a place to go. */
const FILE_ATTRIBUTES = new Set(['src', 'srcset', 'poster', 'data']);
/** Tags whose URL the page shows as a file (the references plugin reads it `as: 'file'`). */
const FILE_TAGS = new Set(['file', 'embed']);

/** The URLs of the destinations and HTML of `text`, and the ranges of its code. */
export function spanUrls(
  text: string,
  spans: readonly UrlSpan[],
): { found: UrlOccurrence[]; code: [number, number][] } {
  const found: UrlOccurrence[] = [];
  const code: [number, number][] = [];
  for (const { kind, start, end, image } of spans) {
    if (kind === 'destination') {
      const url = decodeMarkdownString(text.slice(start, end));
      found.push({ start, end, url, as: image ? 'file' : 'link' });
    } else if (kind === 'html') {
      for (const { attribute, ...at } of htmlAttributeUrls(text.slice(start, end))) {
        const as = FILE_ATTRIBUTES.has(attribute) ? 'file' : 'link';
        found.push({ ...at, start: start + at.start, end: start + at.end, as });
      }
    } else {
      code.push([start, end]);
    }
  }
  return { found, code };
}

/**
 * `found` with the URLs of the markdown's `{% %}` tags outside `code`, in the order they are
 * written, none overlapping another.
 */
export function withTagUrls(
  markdown: string,
  found: readonly UrlOccurrence[],
  code: readonly [number, number][],
): UrlOccurrence[] {
  const tags = tagUrls(markdown).filter(
    ({ start }) => !code.some(([a, b]) => start >= a && start < b),
  );
  // A bare URL inside a tag's quotes is the tag's attribute, read once, whole.
  const inTag = (at: number) => tags.some((tag) => at >= tag.tagStart && at < tag.tagEnd);
  return [...found.filter(({ start }) => !inTag(start)), ...tags]
    .sort((a, b) => a.start - b.start)
    .filter((occurrence, i, all) => i === 0 || occurrence.start >= (all[i - 1]?.end ?? 0))
    .map(({ start, end, url, as, tag, attribute }) => ({
      start,
      end,
      url,
      as,
      ...(tag ? { tag, attribute: attribute ?? '' } : {}),
    }));
}

interface TagUrl extends UrlOccurrence {
  tag: string;
  tagStart: number;
  tagEnd: number;
}

/** The quoted attribute values of every `{% %}` tag (one line each), where each is written. */
function tagUrls(markdown: string): TagUrl[] {
  const found: TagUrl[] = [];
  let lineStart = 0;
  for (const line of markdown.split('\n')) {
    let at = line.indexOf('{%');
    while (at >= 0) {
      const tag = scanTag(line, at);
      if (typeof tag === 'number') {
        at = tag < 0 ? -1 : line.indexOf('{%', tag);
        continue;
      }
      const raw = line.slice(tag.start, tag.end);
      const { attrs, positional } = parseTagArgs(tag.args);
      const values = [
        ...Object.entries(attrs),
        ...positional.map((value): [string, string] => ['', value]),
      ];
      for (const [attribute, value] of values) {
        if (typeof value !== 'string' || !value.trim()) continue;
        // After the name: a value may repeat it (`{% file src="file" %}`).
        const offset = raw.indexOf(value, raw.toLowerCase().indexOf(tag.name) + tag.name.length);
        if (offset < 0) continue;
        const start = lineStart + tag.start + offset;
        found.push({
          start,
          end: start + value.length,
          url: decodeCharacterReferences(value).trim(),
          as: FILE_TAGS.has(tag.name) ? 'file' : 'link',
          tag: tag.name,
          attribute: attribute.toLowerCase(),
          tagStart: lineStart + tag.start,
          tagEnd: lineStart + tag.end,
        });
      }
      at = line.indexOf('{%', tag.end);
    }
    lineStart += line.length + 1;
  }
  return found;
}
