/**
 * Tag lines inside a raw HTML block. CommonMark's HTML block runs from its first line to a blank
 * line, so in `<div>`, `{% hint %}`, `Text.`, `{% endhint %}`, `</div>` the tags are lines of the
 * HTML node, never seen by the tokenizer. The platform means them as tags: each line that starts
 * with `{%` (after whitespace) is read again with the same tokenizer, alone; its tags become
 * `opTag` siblings of the HTML around them, its text stays HTML. Lines of a `<pre>` element
 * are left as written.
 */
import type { Html, Nodes, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Position } from 'unist';
import { expectsPhrasing } from '../mdast.ts';
import { opTagFromMarkdown } from './from-markdown.ts';
import { opTagSyntax } from './tokenize.ts';

const extensions = [opTagSyntax()];
const mdastExtensions = [opTagFromMarkdown()];

/** The line without its leading spaces and tabs, if it then starts with `{%`. */
function tagLineText(line: string): string | undefined {
  let i = 0;
  while (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9) i++;
  return line.charCodeAt(i) === 123 && line.charCodeAt(i + 1) === 37 ? line.slice(i) : undefined;
}

/** Whether the line (after whitespace) opens a `<pre>` element. */
function opensPre(line: string): boolean {
  const start = line.length - line.trimStart().length;
  if (line.slice(start, start + 4).toLowerCase() !== '<pre') return false;
  const next = line.charAt(start + 4);
  return next === '' || next === '>' || next.trim() === '';
}

/** A tag line's parts: its tags, and its text runs as written; `undefined` if it has no tag. */
function readTagLine(line: string): (RootContent | string)[] | undefined {
  const tree = fromMarkdown(line, { extensions, mdastExtensions });
  if (!tree.children.some((node) => node.type === 'opTag')) return undefined;
  return tree.children.map((node) =>
    node.type === 'opTag'
      ? node
      : line.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? line.length),
  );
}

/**
 * The parts of each line of an HTML node's value that is a tag line (its text from the first
 * `{%`), `undefined` for the others; none in a `<pre>` element.
 */
export function htmlTagLineParts(value: string): ((RootContent | string)[] | undefined)[] {
  let inPre = false;
  return value.split('\n').map((line) => {
    // `<pre>` keeps its text as written, tags included, to its `</pre>`.
    if (inPre) {
      inPre = !line.toLowerCase().includes('</pre>');
      return undefined;
    }
    if (opensPre(line)) {
      inPre = !line.toLowerCase().includes('</pre>');
      return undefined;
    }
    const text = tagLineText(line);
    return text === undefined ? undefined : readTagLine(text);
  });
}

function split(node: Html): RootContent[] | undefined {
  const lines = node.value.split('\n');
  const parts = htmlTagLineParts(node.value);
  if (parts.every((part) => part === undefined)) return undefined;
  const origin = node.position?.start;
  // Lines are exact; columns and offsets approximate (container prefixes are not in `value`).
  const offsets: number[] = [];
  let running = origin?.offset ?? 0;
  for (const line of lines) {
    offsets.push(running);
    running += line.length + 1;
  }
  const positionOf = (first: number, last: number): { position?: Position } => {
    if (!origin) return {};
    const lastLine = lines[last] as string;
    return {
      position: {
        start: { line: origin.line + first, column: 1, offset: offsets[first] as number },
        end: {
          line: origin.line + last,
          column: lastLine.length + 1,
          offset: (offsets[last] as number) + lastLine.length,
        },
      },
    };
  };
  const out: RootContent[] = [];
  let buffer: string[] = [];
  let bufferStart = 0;
  const flush = () => {
    if (buffer.length === 0) return;
    out.push({
      type: 'html',
      value: buffer.join('\n'),
      ...positionOf(bufferStart, bufferStart + buffer.length - 1),
    });
    buffer = [];
  };
  const hold = (line: string, index: number) => {
    if (buffer.length === 0) bufferStart = index;
    buffer.push(line);
  };
  lines.forEach((line, index) => {
    const lineParts = parts[index];
    if (lineParts === undefined) {
      hold(line, index);
      return;
    }
    for (const part of lineParts) {
      if (typeof part === 'string') {
        hold(part, index);
        continue;
      }
      flush();
      out.push({ ...part, ...positionOf(index, index) });
    }
  });
  flush();
  return out;
}

/** `children` with the tag lines of its HTML blocks read as tags (`children` if none has any). */
export function splitHtmlTagLines(parent: Nodes & { children: RootContent[] }): RootContent[] {
  const children = parent.children;
  if (expectsPhrasing(parent)) return children;
  let out: RootContent[] | undefined;
  for (let i = 0; i < children.length; i++) {
    const node = children[i] as RootContent;
    const parts = node.type === 'html' && node.value.includes('{%') ? split(node) : undefined;
    if (parts === undefined) {
      out?.push(node);
      continue;
    }
    out ??= children.slice(0, i);
    out.push(...parts);
  }
  return out ?? children;
}
