/**
 * Markdown text → mdast with `{% %}` blocks as `opBlock` nodes: the line pass (front matter and
 * guards), remark-parse with GFM, math and the `{% %}` syntax (`syntax/`), depth guards, the
 * lines too long to parse as paragraphs of text (`long-lines.ts`) and the pairing of the tags
 * (`syntax/pair.ts`).
 * Used for the page and for each include.
 */
import type { Parent, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { limitHtmlDepth, limitTreeDepth } from './guards.ts';
import { placeOfLine } from './lines.ts';
import { restoreLongLines } from './long-lines.ts';
import { createParser } from './parse-steps.ts';
import { type Preprocessed, preprocess } from './preprocess.ts';
import { splitHtmlTagLines } from './syntax/html-tags.ts';
import { pairTags, tagToken } from './syntax/pair.ts';
import type { TagToken } from './tags.ts';
import type { UrlSpan } from './url-occurrences.ts';
import { urlSpans } from './url-spans.ts';

const parser = createParser();

export interface ParsedDocument {
  tree: Root;
  pre: Preprocessed;
  /** Where the parse found URLs, in `pre.text`: the page's `.md` copy needs no parse of its own. */
  spans: UrlSpan[];
}

/**
 * Parses one markdown document; what it could not parse is a message of `file`. With `host`
 * true the document is the page itself: its line map becomes the file's (an include parses
 * into a file of its own and reports on its include line instead, plugins/include.ts).
 */
export function parseDocument(markdown: string, file: VFile, host: boolean): ParsedDocument {
  const pre = preprocess(markdown);
  if (host) file.data.lineMap = pre.lineMap;
  for (const warning of pre.warnings)
    file.message(warning.message, placeOfLine(file, warning.line));
  const tree = parser.parse(pre.text);
  // Before the guards and the long lines' paragraphs move nodes: positions are the parser's.
  const spans = urlSpans(tree, pre.text);
  limitTreeDepth(tree, file);
  limitHtmlDepth(tree, file);
  restoreLongLines(tree, pre);
  pairTags(tree, file, { lineOf: (line) => pre.lineMap[line - 1] ?? line });
  limitTreeDepth(tree, file);
  return { tree, pre, spans };
}

/**
 * Every `{% %}` tag of a document, in the order written, as the render's parse reads them (tag
 * lines, those in raw HTML included; none in code), paired or not, with the document's lines:
 * what reads the tags without rendering (the pull's OpenAPI scan, the `.md` copy's OpenAPI
 * blocks) reads the render's.
 */
export function documentTags(markdown: string): TagToken[] {
  const pre = preprocess(markdown);
  const lineOf = (line: number) => pre.lineMap[line - 1] ?? line;
  const tags: TagToken[] = [];
  // Document order: a stack of lists being read and where each is.
  const lists: [RootContent[], number][] = [];
  const enter = (parent: Parent) => {
    const children = splitHtmlTagLines(
      parent as Parent & { type: 'root'; children: RootContent[] },
    );
    parent.children = children;
    lists.push([children, 0]);
  };
  enter(parser.parse(pre.text));
  while (lists.length > 0) {
    const top = lists[lists.length - 1] as [RootContent[], number];
    const child = top[0][top[1]++];
    if (child === undefined) lists.pop();
    else if (child.type === 'opTag') tags.push(tagToken(child, lineOf));
    else if ('children' in child) enter(child);
  }
  return tags;
}
