/**
 * Where the render's own parse of a page found what may hold a URL (`UrlSpan`s, offsets in the
 * text parsed), for the `.md` copy's links (`copy-links.ts`): so a page is parsed once. mdast
 * keeps a link's decoded `url` but not where its destination is written, so the parser records
 * each destination as micromark reads it (`remarkUrlSpans`); the tree's positions give the rest:
 * autolinks, HTML, and the `{% %}` tags with the arguments their parse read, those of tag lines
 * inside HTML included (`syntax/html-tags.ts`).
 */
import type { Html, Nodes, Root } from 'mdast';
import type { CompileContext, Extension, Token } from 'mdast-util-from-markdown';
import type { Processor } from 'unified';
import type { OpTag } from './syntax/from-markdown.ts';
import { htmlTagLineParts } from './syntax/html-tags.ts';
import type { UrlSpan } from './url-occurrences.ts';

/** The destinations each parsed tree's links, images and definitions were read from. */
const destinations = new WeakMap<Root, UrlSpan[]>();

/** Records a destination: `<…>` (`inner` 1: without its brackets) or plain (`inner` 0). */
function record(inner: number) {
  return function (this: CompileContext, token: Token): undefined {
    const start = token.start.offset + inner;
    const end = token.end.offset - inner;
    // `[a](<>)`: no destination.
    if (end <= start) return;
    const root = this.stack[0] as Root;
    const found = destinations.get(root) ?? [];
    destinations.set(root, found);
    // A link in an image's alt text is read inside the image too.
    const image = this.stack.some((node) => node.type === 'image');
    found.push({ kind: 'destination', start, end, image });
  };
}

/**
 * Tokens mdast has no handler for, so the defaults run as they do without this: the wrapper of
 * each destination, whose string is the wrapper itself or the wrapper without its `<`, `>`.
 */
const RECORD: Extension = {
  exit: {
    resourceDestinationRaw: record(0),
    resourceDestinationLiteral: record(1),
    definitionDestinationRaw: record(0),
    definitionDestinationLiteral: record(1),
  },
};

/** The remark plugin that records destinations as the parser reads them. */
export function remarkUrlSpans(this: Processor): undefined {
  const data = this.data();
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), RECORD];
}

/**
 * The spans of a tree fresh from the parser (before any plugin moves its nodes) of `text`:
 * its recorded destinations, its autolinks (an email's is no URL written), HTML and tags.
 */
export function urlSpans(tree: Root, text: string): UrlSpan[] {
  // micromark counts offsets past a leading byte order mark.
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const spans = (destinations.get(tree) ?? []).map((span) => ({
    ...span,
    start: span.start + bom,
    end: span.end + bom,
  }));
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if ('children' in node) for (const child of node.children) stack.push(child);
    // Nodes a transform made (GFM's autolinks found in text) were never written as such.
    const at = node.position;
    if (at?.start.offset === undefined || at.end.offset === undefined) continue;
    const start = at.start.offset + bom;
    const end = at.end.offset + bom;
    if (node.type === 'html') {
      spans.push({ kind: 'html', start, end });
      if (node.value.includes('{%')) spans.push(...htmlTagSpans(node, text, start));
    } else if (node.type === 'opTag') spans.push(tagSpan(node, start, end));
    else if (node.type === 'link') {
      const autolink = autolinkAt(node.url, text, start, end);
      if (autolink) spans.push({ kind: 'destination', ...autolink });
    }
  }
  return spans;
}

/** An autolink's URL as written: `<https://…>` inside its brackets, or a bare `https://…`, `www.…`. */
function autolinkAt(
  url: string,
  text: string,
  start: number,
  end: number,
): { start: number; end: number } | undefined {
  // `[…](…)`: its destination was recorded.
  if (text[start] === '[') return undefined;
  const at = text[start] === '<' ? { start: start + 1, end: end - 1 } : { start, end };
  const written = text.slice(at.start, at.end);
  return url === written || url === `http://${written}` ? at : undefined;
}

function tagSpan(node: OpTag, start: number, end: number): UrlSpan {
  const values = [
    ...Object.entries(node.attributes),
    ...node.positional.map((value): [string, string] => ['', value]),
  ].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return { kind: 'tag', start, end, tag: { name: node.name, values } };
}

/**
 * The tags of the tag lines of an HTML node starting at `start` in `text`. Its value drops the
 * container markers before each line but the first: a line is found as the end of its line of
 * `text`, or its tags are left unread.
 */
function htmlTagSpans(node: Html, text: string, start: number): UrlSpan[] {
  const spans: UrlSpan[] = [];
  const lines = node.value.split('\n');
  let lineStart = text.lastIndexOf('\n', start - 1) + 1;
  htmlTagLineParts(node.value).forEach((parts, index) => {
    const line = lines[index] as string;
    const lineEnd = text.indexOf('\n', lineStart);
    const end = lineEnd < 0 ? text.length : lineEnd;
    const at = index === 0 ? start : end - line.length;
    lineStart = end + 1;
    if (parts === undefined || text.slice(at, end) !== line) return;
    // The parts were read from the line past its leading spaces and tabs.
    let column = at;
    while (text[column] === ' ' || text[column] === '\t') column++;
    for (const part of parts) {
      if (typeof part === 'string' || part.type !== 'opTag') continue;
      const from = part.position?.start.offset;
      const to = part.position?.end.offset;
      if (from !== undefined && to !== undefined)
        spans.push(tagSpan(part, column + from, column + to));
    }
  });
  return spans;
}
