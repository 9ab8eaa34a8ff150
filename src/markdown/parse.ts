/**
 * Markdown text → mdast with `{% %}` blocks as `opBlock` nodes: the line pass (the parser's
 * guards), remark-parse with front matter, GFM, math and the `{% %}` syntax (`syntax/`), depth
 * guards, the lines too long to parse as paragraphs of text (`long-lines.ts`) and the pairing of
 * the tags (`syntax/pair.ts`). Front matter is read by the parser and left out of the tree: the
 * page's text is no part of it (the platform keeps a page's description elsewhere).
 * Used for the page and for each include.
 */
import type { Parent, Root, RootContent } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { VFile } from 'vfile';
import { limitHtmlDepth, limitTreeDepth } from './guards.ts';
import { restoreLongLines } from './long-lines.ts';
import { type Preprocessed, preprocess } from './preprocess.ts';
import { splitHtmlTagLines } from './syntax/html-tags.ts';
import { remarkOpSyntax } from './syntax/index.ts';
import { pairTags, tagToken } from './syntax/pair.ts';
import type { TagToken } from './tags.ts';
import type { UrlSpan } from './url-occurrences.ts';
import { remarkUrlSpans, urlSpans } from './url-spans.ts';

/**
 * YAML front matter: between `---` lines at the very start, or closed by `...` (YAML's end of a
 * document) when no `---` closes it.
 */
const FRONT_MATTER = ['yaml', { type: 'yaml', fence: { open: '---', close: '...' } }] as const;

const parser = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, FRONT_MATTER as never)
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

/** The parse of a document's text, without its front matter. */
function parseText(text: string): Root {
  const tree = parser.parse(text);
  if (tree.children[0]?.type === 'yaml') tree.children.shift();
  return tree;
}

/**
 * Parses one markdown document; what it could not parse is a message of `file` (an include
 * parses into a file of its own and reports on its include line instead, plugins/include.ts).
 * The line pass keeps every line where it is: positions are the document's lines.
 */
export function parseDocument(markdown: string, file: VFile): ParsedDocument {
  const pre = preprocess(markdown);
  for (const warning of pre.warnings)
    file.message(warning.message, { line: warning.line, column: 1 });
  const tree = parseText(pre.text);
  // Before the guards and the long lines' paragraphs move nodes: positions are the parser's.
  const spans = urlSpans(tree, pre.text);
  limitTreeDepth(tree, file);
  limitHtmlDepth(tree, file);
  restoreLongLines(tree, pre);
  pairTags(tree, file);
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
  enter(parseText(pre.text));
  while (lists.length > 0) {
    const top = lists[lists.length - 1] as [RootContent[], number];
    const child = top[0][top[1]++];
    if (child === undefined) lists.pop();
    else if (child.type === 'opTag') tags.push(tagToken(child));
    else if ('children' in child) enter(child);
  }
  return tags;
}
