import { VFile } from 'vfile';
import { MAX_MARKDOWN_CHARS } from './limits.ts';
import { pageUrls } from './page-urls.ts';
import { parseDocument } from './parse.ts';
import type { UrlOccurrence } from './url-occurrences.ts';

/**
 * Every URL of a markdown text no render has parsed (a local page, a `.md` copy), with the
 * offsets where it is written, found by the render's own parse (`parse.ts`, with its guards:
 * what the render shows as text holds no URL here either): link and image destinations, plain
 * or in `<…>`, with or without a title, reference definitions, autolinks, bare URLs, HTML and
 * `{% %}` tags (`url-occurrences.ts` reads their URLs). A page the render parsed has its own
 * (`copy-links.ts`).
 */

export type { UrlOccurrence } from './url-occurrences.ts';

export function markdownUrls(markdown: string): UrlOccurrence[] {
  // A page the render shows as text is not parsed here either (micromark would take seconds).
  if (markdown.length > MAX_MARKDOWN_CHARS) return [];
  return pageUrls(markdown, parseDocument(markdown, new VFile()));
}
