/**
 * Where a page's markdown writes its URLs, from one parse of it (`parse.ts`): the spans the parse
 * found (`url-spans.ts`) in the line pass's text are read there (`url-occurrences.ts`), then put
 * back where the markdown writes them (`source-offsets.ts`). The `.md` copy's links
 * (`copy-links.ts`) and the scan of markdown no render parsed (`source-urls.ts`) both read this.
 */
import type { ParsedDocument } from './parse.ts';
import { sourceOffsets } from './source-offsets.ts';
import { spanUrls, type UrlOccurrence } from './url-occurrences.ts';

/**
 * Every URL of the page's markdown, from the spans its parse found (`url-spans.ts`) in the
 * line pass's text: read there, then put back where the markdown writes them.
 */
export function pageUrls(
  markdown: string,
  { pre, spans }: Pick<ParsedDocument, 'pre' | 'spans'>,
): UrlOccurrence[] {
  const toSource = sourceOffsets(markdown, pre);
  return spanUrls(pre.text, spans).flatMap((occurrence) => {
    const start = toSource(occurrence.start);
    const end = start + occurrence.end - occurrence.start;
    // A safety net: a URL not found as written where it maps to is left as it is.
    const same = markdown.slice(start, end) === pre.text.slice(occurrence.start, occurrence.end);
    return same ? [{ ...occurrence, start, end }] : [];
  });
}
