import { parse, postprocess, preprocess } from 'micromark';
import { gfm } from 'micromark-extension-gfm';
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
  const { found, code } = spanUrls(markdown, micromarkSpans(markdown));
  return withTagUrls(markdown, found, code);
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
