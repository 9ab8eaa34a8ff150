/**
 * The micromark extension for the platform's `{% tag args %}` syntax: a flow construct for a
 * line that starts with a tag (after any blockquote and list markers, which micromark's
 * containers take first). Such a line holds tags and, between them, text (`{% hint %}Short.{%
 * endhint %}`): each tag becomes an `opTag` token, each run of text an `opTagText` token whose
 * inline content micromark parses as any paragraph's. Being a flow construct, the line interrupts
 * a paragraph and is never a lazy continuation line, so `{% endhint %}` right after a list item
 * closes the list. A line without a complete tag is not one (it stays text); so are tags in
 * fenced or indented code (those constructs own their lines), in inline code on the line, and in
 * the middle of a line of text.
 *
 * A tag is the construct of tag.ts. Every state consumes one code: the whole line is read once,
 * plus the few codes of each lookahead.
 *
 * Guard: a line longer than {@link LONG_LINE} characters is not a tag line (`long-line.ts` reads
 * it as text).
 */
import { codes, constants, types } from 'micromark-util-symbol';
import type {
  Code,
  Construct,
  Effects,
  Extension,
  State,
  TokenizeContext,
} from 'micromark-util-types';
import { LONG_LINE } from '../limits.ts';
import { isLineEnd, isTagSpace, tag } from './tag.ts';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    opTagLine: 'opTagLine';
    opTag: 'opTag';
    opTagMarker: 'opTagMarker';
    opTagName: 'opTagName';
    opTagArguments: 'opTagArguments';
    opTagText: 'opTagText';
    opTagLookahead: 'opTagLookahead';
  }
}

/** Whitespace that ends a text run: before the line's end or a tag. */
const trailingSpace: Construct = { tokenize: tokenizeTrailingSpace, partial: true };
/** An inline code span closed on this line, ahead. */
const codeSpanAhead: Construct = { tokenize: tokenizeCodeSpanAhead, partial: true };

export const tagLine: Construct = { name: 'opTagLine', tokenize: tokenizeTagLine };

/** The extension: pass it in `micromarkExtensions` (the remark plugin, `index.ts`, does). */
export function opTagSyntax(): Extension {
  return { flow: { [codes.leftCurlyBrace]: tagLine } };
}

function tokenizeTagLine(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  const self = this;
  const lineStart = self.now().offset;
  let found = false;
  // Backticks opening and closing the code span being read.
  let opening = 0;
  let closing = 0;

  return start;

  function start(code: Code): State | undefined {
    effects.enter('opTagLine');
    return effects.attempt(tag, afterTag, firstIsText)(code);
  }

  /** The line still has to start with `{%` when its first one is no tag (`{%%} {% x %}`). */
  function firstIsText(code: Code): State | undefined {
    effects.enter('opTagText');
    effects.enter(types.chunkText, { contentType: constants.contentTypeText });
    effects.consume(code);
    return firstPercent;
  }

  function firstPercent(code: Code): State | undefined {
    return code === codes.percentSign ? text(code) : nok(code);
  }

  function afterTag(code: Code): State | undefined {
    found = true;
    return segment(code);
  }

  function tooLong(): boolean {
    return self.now().offset - lineStart > LONG_LINE;
  }

  function segment(code: Code): State | undefined {
    if (tooLong()) return nok(code);
    if (isLineEnd(code)) {
      if (!found) return nok(code);
      effects.exit('opTagLine');
      return ok(code);
    }
    if (isTagSpace(code)) {
      effects.enter(types.whitespace);
      return space(code);
    }
    if (code === codes.leftCurlyBrace) return effects.attempt(tag, afterTag, textStart)(code);
    return textStart(code);
  }

  function space(code: Code): State | undefined {
    if (isTagSpace(code)) {
      effects.consume(code);
      return space;
    }
    effects.exit(types.whitespace);
    return segment(code);
  }

  /** A run of text, trimmed: it ends before whitespace that runs to a tag or the line's end. */
  function textStart(code: Code): State | undefined {
    effects.enter('opTagText');
    effects.enter(types.chunkText, { contentType: constants.contentTypeText });
    // The first code is text whatever it is (a `{` that was no tag must not be tried again).
    return code === codes.graveAccent ? backticks(code) : textTake(code);
  }

  function text(code: Code): State | undefined {
    if (isLineEnd(code)) return textEnd(code);
    if (isTagSpace(code)) return effects.check(trailingSpace, textEnd, textSpace)(code);
    if (code === codes.leftCurlyBrace) return effects.check(tag, textEnd, textTake)(code);
    if (code === codes.graveAccent) return backticks(code);
    return textTake(code);
  }

  function textTake(code: Code): State | undefined {
    effects.consume(code);
    return text;
  }

  function textSpace(code: Code): State | undefined {
    if (isTagSpace(code)) {
      effects.consume(code);
      return textSpace;
    }
    return text(code);
  }

  /** A code span closed on this line is text whole: a `{%` in it is no tag. */
  function backticks(code: Code): State | undefined {
    return effects.check(codeSpanAhead, codeSpan, unmatchedRun)(code);
  }

  function codeSpan(code: Code): State | undefined {
    opening = 0;
    return codeSpanOpen(code);
  }

  function codeSpanOpen(code: Code): State | undefined {
    if (code === codes.graveAccent) {
      opening++;
      effects.consume(code);
      return codeSpanOpen;
    }
    return codeSpanInside(code);
  }

  function codeSpanInside(code: Code): State | undefined {
    if (code === codes.graveAccent) {
      closing = 0;
      return codeSpanClose(code);
    }
    effects.consume(code);
    return codeSpanInside;
  }

  function codeSpanClose(code: Code): State | undefined {
    if (code === codes.graveAccent) {
      closing++;
      effects.consume(code);
      return codeSpanClose;
    }
    return closing === opening ? text(code) : codeSpanInside(code);
  }

  /** A run of backticks no run of its length closes is literal, whole. */
  function unmatchedRun(code: Code): State | undefined {
    if (code === codes.graveAccent) {
      effects.consume(code);
      return unmatchedRun;
    }
    return text(code);
  }

  function textEnd(code: Code): State | undefined {
    effects.exit(types.chunkText);
    effects.exit('opTagText');
    return segment(code);
  }
}

function tokenizeTrailingSpace(effects: Effects, ok: State, nok: State): State {
  return start;

  function start(code: Code): State | undefined {
    effects.enter('opTagLookahead');
    return space(code);
  }

  function space(code: Code): State | undefined {
    if (isTagSpace(code)) {
      effects.consume(code);
      return space;
    }
    effects.exit('opTagLookahead');
    if (isLineEnd(code)) return ok(code);
    return code === codes.leftCurlyBrace ? effects.check(tag, ok, nok)(code) : nok(code);
  }
}

function tokenizeCodeSpanAhead(effects: Effects, ok: State, nok: State): State {
  let opening = 0;
  let closing = 0;
  return start;

  function start(code: Code): State | undefined {
    effects.enter('opTagLookahead');
    return open(code);
  }

  function open(code: Code): State | undefined {
    if (code === codes.graveAccent) {
      opening++;
      effects.consume(code);
      return open;
    }
    return inside(code);
  }

  function inside(code: Code): State | undefined {
    if (isLineEnd(code)) return nok(code);
    if (code === codes.graveAccent) {
      closing = 0;
      return close(code);
    }
    effects.consume(code);
    return inside;
  }

  function close(code: Code): State | undefined {
    if (code === codes.graveAccent) {
      closing++;
      effects.consume(code);
      return close;
    }
    if (closing !== opening) return inside(code);
    effects.exit('opTagLookahead');
    return ok(code);
  }
}
