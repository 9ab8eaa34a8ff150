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
 * A tag: `{%`, an optional `-`, whitespace, a name (an ASCII letter, then letters, digits, `_`
 * and `-`), its arguments (everything up to the first `%}`, with an optional `-` before it), `%}`.
 * A `{%` inside a tag ends it as not a tag (the inner one may be). Every state consumes one code:
 * the whole line is read once, plus the few codes of each lookahead.
 *
 * Guard: a line longer than {@link LONG_LINE} characters is not a tag line.
 */
import {
  asciiAlpha,
  asciiAlphanumeric,
  markdownLineEnding,
  markdownSpace,
  unicodeWhitespace,
} from 'micromark-util-character';
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

/** Whitespace as `String.prototype.trim` knows it (tab and virtual spaces are negative codes). */
function isTagSpace(code: Code): boolean {
  return markdownSpace(code) || unicodeWhitespace(code);
}

function isLineEnd(code: Code): boolean {
  return code === codes.eof || markdownLineEnding(code);
}

function isNameCode(code: Code): boolean {
  return asciiAlphanumeric(code) || code === codes.dash || code === codes.underscore;
}

/** One `{% … %}` tag. */
const tag: Construct = { name: 'opTag', tokenize: tokenizeTag, partial: true };
/** `%}` or `-%}`, ahead. */
const tagEnd: Construct = { tokenize: tokenizeTagEnd, partial: true };
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

function tokenizeTag(effects: Effects, ok: State, nok: State): State {
  return start;

  function start(code: Code): State | undefined {
    if (code !== codes.leftCurlyBrace) return nok(code);
    effects.enter('opTag');
    effects.enter('opTagMarker');
    effects.consume(code);
    return percent;
  }

  function percent(code: Code): State | undefined {
    if (code !== codes.percentSign) return nok(code);
    effects.consume(code);
    return trim;
  }

  /** `{%-`: whitespace control, as in Liquid. */
  function trim(code: Code): State | undefined {
    if (code === codes.dash) {
      effects.consume(code);
      return openEnd;
    }
    return openEnd(code);
  }

  function openEnd(code: Code): State | undefined {
    effects.exit('opTagMarker');
    if (isTagSpace(code)) {
      effects.enter(types.whitespace);
      return spaceBeforeName(code);
    }
    return nameStart(code);
  }

  function spaceBeforeName(code: Code): State | undefined {
    if (isTagSpace(code)) {
      effects.consume(code);
      return spaceBeforeName;
    }
    effects.exit(types.whitespace);
    return nameStart(code);
  }

  function nameStart(code: Code): State | undefined {
    if (!asciiAlpha(code)) return nok(code);
    effects.enter('opTagName');
    effects.consume(code);
    return name;
  }

  function name(code: Code): State | undefined {
    // `-` belongs to the name (`content-ref`) unless it is the `-` of `-%}`.
    if (code === codes.dash) return effects.check(tagEnd, nameEnd, nameTake)(code);
    if (isNameCode(code)) return nameTake(code);
    return nameEnd(code);
  }

  function nameTake(code: Code): State | undefined {
    effects.consume(code);
    return name;
  }

  function nameEnd(code: Code): State | undefined {
    effects.exit('opTagName');
    return afterName(code);
  }

  function afterName(code: Code): State | undefined {
    if (isTagSpace(code)) {
      effects.enter(types.whitespace);
      return spaceAfterName(code);
    }
    return argumentsStart(code);
  }

  function spaceAfterName(code: Code): State | undefined {
    if (isTagSpace(code)) {
      effects.consume(code);
      return spaceAfterName;
    }
    effects.exit(types.whitespace);
    return argumentsStart(code);
  }

  function argumentsStart(code: Code): State | undefined {
    if (isLineEnd(code)) return nok(code);
    if (code === codes.dash || code === codes.percentSign) {
      return effects.check(tagEnd, end, argumentsOpen)(code);
    }
    return argumentsOpen(code);
  }

  /** The arguments, as written up to the end marker (their trailing whitespace included). */
  function argumentsOpen(code: Code): State | undefined {
    effects.enter('opTagArguments');
    return argumentsTake(code);
  }

  function argumentsNext(code: Code): State | undefined {
    if (isLineEnd(code)) return nok(code);
    if (code === codes.dash || code === codes.percentSign) {
      return effects.check(tagEnd, argumentsEnd, argumentsTake)(code);
    }
    return argumentsTake(code);
  }

  function argumentsTake(code: Code): State | undefined {
    effects.consume(code);
    return code === codes.leftCurlyBrace ? afterBrace : argumentsNext;
  }

  /** `{%` inside a tag: this one is no tag. */
  function afterBrace(code: Code): State | undefined {
    return code === codes.percentSign ? nok(code) : argumentsNext(code);
  }

  function argumentsEnd(code: Code): State | undefined {
    effects.exit('opTagArguments');
    return end(code);
  }

  function end(code: Code): State | undefined {
    effects.enter('opTagMarker');
    if (code === codes.dash) {
      effects.consume(code);
      return endPercent;
    }
    return endPercent(code);
  }

  function endPercent(code: Code): State | undefined {
    effects.consume(code);
    return endBrace;
  }

  function endBrace(code: Code): State | undefined {
    effects.consume(code);
    effects.exit('opTagMarker');
    effects.exit('opTag');
    return ok;
  }
}

function tokenizeTagEnd(effects: Effects, ok: State, nok: State): State {
  return start;

  function start(code: Code): State | undefined {
    effects.enter('opTagLookahead');
    if (code === codes.dash) {
      effects.consume(code);
      return percent;
    }
    return percent(code);
  }

  function percent(code: Code): State | undefined {
    if (code !== codes.percentSign) return nok(code);
    effects.consume(code);
    return brace;
  }

  function brace(code: Code): State | undefined {
    if (code !== codes.rightCurlyBrace) return nok(code);
    effects.consume(code);
    effects.exit('opTagLookahead');
    return ok;
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
