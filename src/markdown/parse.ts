/**
 * Markdown text → mdast with `{% %}` blocks as `opBlock` nodes: the line pass (the container
 * guards, `preprocess.ts`), remark-parse with front matter, GFM, math, the `{% %}` syntax and
 * the long-line guard (`syntax/`), depth guards and the pairing of the tags (`syntax/pair.ts`). Front matter is read by the parser and left out of the tree: the
 * page's text is no part of it (the platform keeps a page's description elsewhere).
 * Used for the page and for each include.
 */
import type { Parent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { VFile } from 'vfile';
import { limitHtmlDepth, limitTreeDepth } from './guards.ts';
import { createParser } from './parse-steps.ts';
import { type Preprocessed, preprocess } from './preprocess.ts';
import { splitHtmlTagLines } from './syntax/html-tags.ts';
import { longLinesOf, opLongLineFromMarkdown, opLongLineSyntax } from './syntax/long-line.ts';
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
  /**
   * Where each `{% content-ref %}` block is written in `pre.text`, from its tag to its end tag:
   * the link inside a card leads where the card leads (`copy-links.ts`).
   */
  cards: TextRange[];
}

/** A stretch of `pre.text`, by offsets. */
export interface TextRange {
  start: number;
  end: number;
}

const extensions = parser.data('micromarkExtensions') ?? [];
const mdastExtensions = [
  ...(parser.data('fromMarkdownExtensions') ?? []),
  opLongLineFromMarkdown(),
];

interface ParsedText {
  tree: Root;
  /** The lines read as too long to parse (`syntax/long-line.ts`), with their lengths. */
  longLines: [number, number][];
}

/**
 * The parse of a document's text, without its front matter: remark-parse's, with the long-line
 * guard, which needs to know the document's long lines, added for this text.
 */
function parseText(text: string): ParsedText {
  const long = longLinesOf(text);
  const taken = new Set<number>();
  const tree =
    long.size === 0
      ? parser.parse(text)
      : fromMarkdown(text, {
          extensions: [...extensions, opLongLineSyntax(long, taken)],
          mdastExtensions,
        });
  if (tree.children[0]?.type === 'yaml') tree.children.shift();
  const longLines = [...taken]
    .sort((a, b) => a - b)
    .map((line): [number, number] => [line, long.get(line) ?? 0]);
  return { tree, longLines };
}

/**
 * Parses one markdown document; what it could not parse is a message of `file` (an include
 * parses into a file of its own and reports on its include line instead, plugins/include.ts).
 * The line pass keeps every line where it is: positions are the document's lines.
 */
export function parseDocument(markdown: string, file: VFile): ParsedDocument {
  const pre = preprocess(markdown);
  const { tree, longLines } = parseText(pre.text);
  const warnings = [
    ...pre.warnings,
    ...longLines.map(([line, length]) => ({
      message: `line of ${length} characters is too long to parse as markdown; shown as text`,
      line,
    })),
  ].sort((a, b) => a.line - b.line);
  for (const warning of warnings) file.message(warning.message, { line: warning.line, column: 1 });
  // Before the guards move nodes: positions are the parser's.
  const spans = urlSpans(tree, pre.text);
  limitTreeDepth(tree, file);
  limitHtmlDepth(tree, file);
  pairTags(tree, file);
  limitTreeDepth(tree, file);
  // Most pages have no card: the tree is walked for them only when the parse met one's tag.
  const hasCards = spans.some((span) => span.tag?.name === 'content-ref');
  return { tree, pre, spans, cards: hasCards ? cardRanges(tree) : [] };
}

/** The content-ref blocks of a paired tree, where each is written. */
function cardRanges(tree: Root): TextRange[] {
  const cards: TextRange[] = [];
  const visit = (parent: Parent) => {
    for (const child of parent.children) {
      if (child.type === 'opBlock' && child.tag.name === 'content-ref') {
        const { start, end } = child.position ?? {};
        if (start?.offset !== undefined && end?.offset !== undefined)
          cards.push({ start: start.offset, end: end.offset });
      } else if ('children' in child) visit(child);
    }
  };
  visit(tree);
  return cards;
}

/**
 * Every `{% %}` tag of a document, in the order written, as the render's parse reads them (tag
 * lines, those in raw HTML included; none in code), paired or not, with the document's lines:
 * what reads the tags without rendering (the pull's OpenAPI scan, the `.md` copy's OpenAPI
 * blocks) reads the render's.
 */
export function documentTags(markdown: string): TagToken[] {
  const pre = preprocess(markdown);
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
  enter(parseText(pre.text).tree);
  while (lists.length > 0) {
    const top = lists[lists.length - 1] as [RootContent[], number];
    const child = top[0][top[1]++];
    if (child === undefined) lists.pop();
    else if (child.type === 'opTag') tags.push(tagToken(child));
    else if ('children' in child) enter(child);
  }
  return tags;
}
