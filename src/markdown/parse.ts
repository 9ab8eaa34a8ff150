/**
 * Markdown text → mdast with `{% %}` blocks as `opBlock` nodes: the line pass (front matter and
 * guards), remark-parse with GFM, math and the `{% %}` syntax (`syntax/`), depth guards, the
 * structure plugin (lines too long to parse) and the pairing of the tags (`syntax/pair.ts`).
 * Used for the page and for each include.
 */
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { VFile } from 'vfile';
import { limitHtmlDepth, limitTreeDepth } from './guards.ts';
import { placeOfLine } from './lines.ts';
import { structure } from './plugins/structure.ts';
import { type Preprocessed, preprocess } from './preprocess.ts';
import { remarkOpSyntax } from './syntax/index.ts';
import { pairTags } from './syntax/pair.ts';
import type { UrlSpan } from './url-occurrences.ts';
import { remarkUrlSpans, urlSpans } from './url-spans.ts';

const parser = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath, { singleDollarTextMath: false })
  .use(remarkOpSyntax, { pair: false })
  .use(remarkUrlSpans)
  .freeze();

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
  const pre = preprocess(markdown, undefined, { tagLines: false });
  if (host) file.data.lineMap = pre.lineMap;
  for (const warning of pre.warnings)
    file.message(warning.message, placeOfLine(file, warning.line));
  const tree = parser.parse(pre.text);
  // Before the guards and the structure plugin move nodes: positions are the parser's.
  const spans = urlSpans(tree, pre.text);
  limitTreeDepth(tree, file);
  limitHtmlDepth(tree, file);
  structure(tree, pre, file);
  pairTags(tree, file, { lineOf: (line) => pre.lineMap[line - 1] ?? line });
  limitTreeDepth(tree, file);
  return { tree, pre, spans };
}
