/**
 * The parser's guard against huge lines: micromark's inline parsing is slow on a line of many
 * thousands of characters (emphasis and links are matched across the whole line), so a line
 * longer than {@link LONG_LINE} characters is read as a flow construct of its own, `opLongLine`,
 * whose text is not parsed: it becomes a paragraph of that literal text. It is tried before the
 * other constructs a line can start (a heading, a thematic break, a table) but after those that
 * read their lines raw (fenced and indented code, HTML), which stay what they are.
 *
 * Which lines are long is known before the parse (`longLinesOf`, one scan for line ends): a
 * construct cannot look ahead to a line's end without reading it through, on every line.
 */
import type { Paragraph } from 'mdast';
import type {
  CompileContext,
  Extension as FromMarkdownExtension,
  Token,
} from 'mdast-util-from-markdown';
import { markdownLineEnding } from 'micromark-util-character';
import { codes } from 'micromark-util-symbol';
import type {
  Code,
  Construct,
  Effects,
  Extension,
  State,
  TokenizeContext,
} from 'micromark-util-types';
import { LONG_LINE } from '../limits.ts';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    opLongLine: 'opLongLine';
  }
}

/** The 1-based lines of `text` longer than {@link LONG_LINE}, with their lengths. */
export function longLinesOf(text: string): Map<number, number> {
  const long = new Map<number, number>();
  let line = 1;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end - start > LONG_LINE) long.set(line, end - start);
    line++;
    start = end + 1;
  }
  return long;
}

/** Codes that start a flow construct which must not read a long line first. */
const BEFORE = [
  codes.numberSign,
  codes.asterisk,
  codes.dash,
  codes.underscore,
  codes.equalsTo,
  codes.dollarSign,
];

/**
 * The extension for the lines `long` names (`longLinesOf`); each one read as a long line is added
 * to `taken` (a line a paragraph's lines are checked against is read twice: a set, not a list).
 */
export function opLongLineSyntax(long: ReadonlyMap<number, number>, taken: Set<number>): Extension {
  const construct: Construct = { name: 'opLongLine', tokenize };
  const flow: Extension['flow'] = { null: construct };
  for (const code of BEFORE) flow[code] = construct;
  return { flow };

  function tokenize(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
    const line = this.now().line;
    return start;

    function start(code: Code): State | undefined {
      if (!long.has(line) || markdownLineEnding(code) || code === codes.eof) return nok(code);
      effects.enter('opLongLine');
      return inside(code);
    }

    function inside(code: Code): State | undefined {
      if (code === codes.eof || markdownLineEnding(code)) {
        effects.exit('opLongLine');
        taken.add(line);
        return ok(code);
      }
      effects.consume(code);
      return inside;
    }
  }
}

function exitLongLine(this: CompileContext, token: Token): undefined {
  const node: Paragraph = {
    type: 'paragraph',
    children: [{ type: 'text', value: this.sliceSerialize(token) }],
  };
  this.enter(node, token);
  this.exit(token);
}

/** The mdast utility: a long line becomes a paragraph of its text. */
export function opLongLineFromMarkdown(): FromMarkdownExtension {
  return { exit: { opLongLine: exitLongLine } };
}
