/**
 * The line pass that runs before remark-parse. Linear time, no backtracking regular expression.
 *
 * - Drops the characters HTML calls parse errors (`cleanInput`).
 * - Guards the parser where micromark's containers cost more than linear time: more than
 *   {@link MAX_CONTAINERS} nested blockquote/list markers on one line are escaped, and leading
 *   indentation is capped at {@link MAX_INDENT} columns (deeper nesting by indentation alone is
 *   flattened). Micromark re-reads every open container's prefix on every line. A guard inside
 *   micromark would have to replace its core `blockQuote` and `list` constructs (an extension
 *   can add constructs but not refuse one another accepts), and the list's continuation opens
 *   sibling items through the core `list` itself, so replacing it means rewriting it: these two
 *   stay a text pass. Code (fenced, `<pre>`) is left as written.
 * - Keeps every line where it is (front matter, tags and long lines are the parser's:
 *   `parse.ts`, `syntax/`), and the column shift of each line whose text it moved, so offsets
 *   map back (`source-offsets.ts`).
 */
import { LONG_LINE } from './limits.ts';

/** Where the lines too long to parse are guarded: `syntax/long-line.ts`. */
export { LONG_LINE };

export const MAX_CONTAINERS = 32;
export const MAX_INDENT = 128;

export interface Preprocessed {
  text: string;
  /**
   * On output line `k + 1`, the original column of its text minus its column here, for the lines
   * whose text the pass moved (a tag line's text, a capped indentation); absent for the others.
   */
  columnShifts: Map<number, number>;
  warnings: { message: string; line: number }[];
}

interface Prefix {
  /** Index of the first character after the container prefix. */
  end: number;
  /** Start index of each container marker. */
  markers: number[];
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** A line's blockquote and list markers, as CommonMark opens containers (`limit` + 1 at most). */
export function containerPrefix(line: string, limit = Number.POSITIVE_INFINITY): Prefix {
  const markers: number[] = [];
  let i = 0;
  const n = line.length;
  while (i < n && markers.length <= limit) {
    while (i < n && (line[i] === ' ' || line[i] === '\t')) i++;
    const c = line[i];
    if (c === '>') {
      markers.push(i);
      i++;
      continue;
    }
    const next = line[i + 1];
    if ((c === '-' || c === '*' || c === '+') && (next === ' ' || next === '\t')) {
      markers.push(i);
      i += 2;
      continue;
    }
    if (c !== undefined && isDigit(c.charCodeAt(0))) {
      let j = i;
      while (j < n && j - i < 9 && isDigit(line.charCodeAt(j))) j++;
      const after = line[j + 1];
      if ((line[j] === '.' || line[j] === ')') && (after === ' ' || after === '\t')) {
        markers.push(i);
        i = j + 2;
        continue;
      }
    }
    break;
  }
  return { end: i, markers };
}

function stripQuotes(line: string): string {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t' || line[i] === '>')) i++;
  return line.slice(i);
}

interface Fence {
  char: string;
  length: number;
}

function fenceOpen(content: string): Fence | undefined {
  const char = content[0];
  if (char !== '`' && char !== '~') return undefined;
  let length = 0;
  while (content[length] === char) length++;
  if (length < 3) return undefined;
  if (char === '`' && content.indexOf('`', length) >= 0) return undefined;
  return { char, length };
}

function fenceCloses(content: string, fence: Fence): boolean {
  let length = 0;
  while (content[length] === fence.char) length++;
  if (length < fence.length) return false;
  return content.slice(length).trim() === '';
}

const NONCHARACTERS = Array.from({ length: 17 }, (_, plane) => {
  const base = plane * 0x10000;
  return `\\u{${(base + 0xfffe).toString(16)}}\\u{${(base + 0xffff).toString(16)}}`;
}).join('');
/**
 * Characters HTML calls parse errors in the input stream: C0 controls other than tab, line feed,
 * carriage return and form feed, DEL, C1 controls, noncharacters and lone surrogates. NUL becomes
 * U+FFFD (as CommonMark says); the others are dropped.
 */
const INVALID = new RegExp(
  `[\\u0001-\\u0008\\u000B\\u000E-\\u001F\\u007F-\\u009F\\u{FDD0}-\\u{FDEF}${NONCHARACTERS}]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]`,
  'gu',
);

/**
 * Every character `INVALID` can match, as single UTF-16 units (a noncharacter past the first
 * plane is a surrogate pair): without a match the text is clean as it is. Most text is, and this
 * test runs several times faster than `INVALID`'s lookarounds.
 */
const MAYBE_INVALID =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is its purpose
  /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\uD800-\uDFFF\uFDD0-\uFDEF\uFFFE\uFFFF]/;

function isSurrogate(c: string): boolean {
  return c.length === 1 && c >= '\uD800' && c <= '\uDFFF';
}

export function cleanInput(markdown: string): string {
  if (!MAYBE_INVALID.test(markdown)) return markdown;
  return markdown
    .replaceAll('\u0000', '\uFFFD')
    .replace(INVALID, (c) => (isSurrogate(c) ? '\uFFFD' : ''));
}

/** The columns of `text` whose UTF-16 units `cleanInput` drops (it replaces the others 1 for 1). */
export function droppedColumns(text: string): number[] {
  const dropped: number[] = [];
  if (!MAYBE_INVALID.test(text)) return dropped;
  for (const match of text.matchAll(INVALID)) {
    if (isSurrogate(match[0])) continue;
    for (let i = 0; i < match[0].length; i++) dropped.push(match.index + i);
  }
  return dropped;
}

export function preprocess(markdown: string): Preprocessed {
  const lines = cleanInput(markdown).split(/\r\n|\r|\n/);
  const out: string[] = [];
  const columnShifts = new Map<number, number>();
  const warnings: { message: string; line: number }[] = [];
  let start = 0;

  // Front matter is the parser's (`parse.ts`): its lines pass as written, unguarded.
  if (lines[0]?.trimEnd() === '---') {
    for (let k = 1; k < lines.length; k++) {
      const l = (lines[k] as string).trimEnd();
      if (l === '---' || l === '...') {
        out.push(...lines.slice(0, k + 1));
        start = k + 1;
        break;
      }
    }
  }

  let fence: Fence | undefined;
  let inPre = false;
  const emit = (value: string, shift = 0) => {
    if (shift !== 0) columnShifts.set(out.length, shift);
    out.push(value);
  };

  for (let k = start; k < lines.length; k++) {
    let line = lines[k] as string;
    const lineNumber = k + 1;

    if (fence) {
      if (fenceCloses(stripQuotes(line), fence)) fence = undefined;
      emit(line);
      continue;
    }
    if (inPre) {
      if (line.toLowerCase().includes('</pre>')) inPre = false;
      emit(line);
      continue;
    }

    let indent = 0;
    // Original column minus column in `line`, for the text past what the pass rewrites.
    let shift = 0;
    while (line.charCodeAt(indent) === 32 || line.charCodeAt(indent) === 9) indent++;
    if (indent > MAX_INDENT) {
      line = ' '.repeat(MAX_INDENT) + line.slice(indent);
      shift = indent - MAX_INDENT;
    }
    let prefix = containerPrefix(line, MAX_CONTAINERS);
    if (prefix.markers.length > MAX_CONTAINERS) {
      const at = prefix.markers[MAX_CONTAINERS] as number;
      line = `${line.slice(0, at)}\\${line.slice(at)}`;
      shift -= 1;
      warnings.push({
        message: `more than ${MAX_CONTAINERS} nested blockquotes or lists on one line; the rest is text`,
        line: lineNumber,
      });
      prefix = containerPrefix(line, MAX_CONTAINERS);
    }
    const content = line.slice(prefix.end);

    const opened = fenceOpen(content);
    if (opened) {
      fence = opened;
      emit(line, shift);
      continue;
    }
    if (/^<pre(?=[\s>]|$)/i.test(content) && !content.toLowerCase().includes('</pre>')) {
      inPre = true;
      emit(line, shift);
      continue;
    }
    emit(line, shift);
  }

  return {
    text: out.join('\n'),
    columnShifts,
    warnings,
  };
}
