import { parse, postprocess, preprocess } from 'micromark';
import { gfm } from 'micromark-extension-gfm';
import { parseTagArgs, scanTag } from '../markdown/tags.ts';
import { decodeCharacterReferences, decodeMarkdownString } from './decode.ts';
import { htmlAttributeUrls } from './html-urls.ts';

/**
 * Every URL a page's markdown points at, with the offsets where it is written, read by the
 * parsers rather than by pattern: a download URL's file name holds spaces and parentheses
 * (`image (1).png`), which a URL pattern cuts short. micromark (with GFM, as the site renders)
 * gives link and image destinations, plain or in `<…>`, with or without a title, reference
 * definitions, autolinks and bare URLs; htmlparser2 the attributes of HTML (`<img src>`, a
 * cards table's cover `<a href>`); the project's tag reader the attributes of `{% file src %}`,
 * `{% embed url %}` and every other `{% %}` tag. Code is left alone: a sample stays verbatim.
 */

export interface UrlOccurrence {
  /** Offsets of the URL as written (inside `<…>` or quotes, without them). */
  start: number;
  end: number;
  /** The URL with its escapes read. */
  url: string;
}

/** Tokens whose text is a destination written in markdown. */
const DESTINATIONS = new Set([
  'resourceDestinationString',
  'definitionDestinationString',
  'autolinkProtocol',
  'literalAutolinkHttp',
  'literalAutolinkWww',
]);
const HTML = new Set(['htmlFlow', 'htmlText']);
const CODE = new Set(['codeFenced', 'codeIndented', 'codeText']);
/** GFM's syntax, made once: a parse only reads it. */
const EXTENSIONS = [gfm()];

export function markdownUrls(markdown: string): UrlOccurrence[] {
  const found: UrlOccurrence[] = [];
  const code: [number, number][] = [];
  const events = postprocess(
    parse({ extensions: EXTENSIONS })
      .document()
      .write(preprocess()(markdown, undefined, true)),
  );
  for (const [kind, token] of events) {
    if (kind !== 'enter') continue;
    const start = token.start.offset;
    const end = token.end.offset;
    if (DESTINATIONS.has(token.type)) {
      found.push({ start, end, url: decodeMarkdownString(markdown.slice(start, end)) });
    } else if (HTML.has(token.type)) {
      for (const attribute of htmlAttributeUrls(markdown.slice(start, end)))
        found.push({ ...attribute, start: start + attribute.start, end: start + attribute.end });
    } else if (CODE.has(token.type)) {
      code.push([start, end]);
    }
  }
  const tags = tagUrls(markdown).filter(
    ({ start }) => !code.some(([a, b]) => start >= a && start < b),
  );
  // A bare URL inside a tag's quotes is the tag's attribute, read once, whole.
  const inTag = (at: number) => tags.some((tag) => at >= tag.tagStart && at < tag.tagEnd);
  return [...found.filter(({ start }) => !inTag(start)), ...tags]
    .sort((a, b) => a.start - b.start)
    .filter((occurrence, i, all) => i === 0 || occurrence.start >= (all[i - 1]?.end ?? 0))
    .map(({ start, end, url }) => ({ start, end, url }));
}

interface TagUrl extends UrlOccurrence {
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
      for (const value of [...Object.values(attrs), ...positional]) {
        if (typeof value !== 'string' || !value.trim()) continue;
        // After the name: a value may repeat it (`{% file src="file" %}`).
        const offset = raw.indexOf(value, raw.toLowerCase().indexOf(tag.name) + tag.name.length);
        if (offset < 0) continue;
        const start = lineStart + tag.start + offset;
        found.push({
          start,
          end: start + value.length,
          url: decodeCharacterReferences(value).trim(),
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
