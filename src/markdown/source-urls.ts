import { parse, postprocess, preprocess } from 'micromark';
import { gfm } from 'micromark-extension-gfm';
import { MAX_MARKDOWN_CHARS } from './limits.ts';
import { containerPrefix, LONG_LINE, MAX_CONTAINERS } from './preprocess.ts';
import { spanUrls, type UrlOccurrence, type UrlSpan, withTagUrls } from './url-occurrences.ts';

/**
 * Every URL of a markdown text no render has parsed (a local page, a `.md` copy), with the
 * offsets where it is written: micromark with GFM, as the site renders, finds link and image
 * destinations, plain or in `<…>`, with or without a title, reference definitions, autolinks,
 * bare URLs, HTML and code (`url-occurrences.ts` reads their URLs). A page the render parsed
 * has its own (`copy-links.ts`).
 */

export type { UrlOccurrence } from './url-occurrences.ts';

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
  // What the render shows as text is not parsed here either (and micromark would take seconds).
  const spans = markdown.length > MAX_MARKDOWN_CHARS ? [] : micromarkSpans(parsable(markdown));
  const { found, code } = spanUrls(markdown, spans);
  return withTagUrls(markdown, found, code);
}

/**
 * `markdown` with the render's parser guards (`preprocess.ts`) applied in place, so offsets stay
 * those of the text: a line longer than `LONG_LINE` becomes blank (the render shows it as text),
 * and the blockquote and list markers of a line past `MAX_CONTAINERS` become letters (the render
 * escapes them). micromark's time grows with the square of either: ten thousand nested list
 * markers on one line took it 15 s.
 */
function parsable(markdown: string): string {
  let changed = false;
  const lines = markdown.split('\n').map((line) => {
    if (line.length > LONG_LINE) {
      changed = true;
      return ' '.repeat(line.length);
    }
    const deep = deepMarkers(line);
    if (deep === undefined) return line;
    changed = true;
    return line.slice(0, deep.start) + deep.text.replace(/[^\s]/g, 'x') + line.slice(deep.end);
  });
  return changed ? lines.join('\n') : markdown;
}

/** The run of container markers after the first `MAX_CONTAINERS` of a line, if it has more. */
function deepMarkers(line: string): { start: number; end: number; text: string } | undefined {
  const { markers, end } = containerPrefix(line);
  const start = markers[MAX_CONTAINERS];
  return start === undefined ? undefined : { start, end, text: line.slice(start, end) };
}

function micromarkSpans(markdown: string): UrlSpan[] {
  const spans: UrlSpan[] = [];
  let images = 0;
  const events = postprocess(
    parse({ extensions: EXTENSIONS })
      .document()
      .write(preprocess()(markdown, undefined, true)),
  );
  for (const [kind, token] of events) {
    if (token.type === 'image') images += kind === 'enter' ? 1 : -1;
    if (kind !== 'enter') continue;
    const at = { start: token.start.offset, end: token.end.offset };
    if (DESTINATIONS.has(token.type)) spans.push({ kind: 'destination', ...at, image: images > 0 });
    else if (HTML.has(token.type)) spans.push({ kind: 'html', ...at });
    else if (CODE.has(token.type)) spans.push({ kind: 'code', ...at });
  }
  return spans;
}
