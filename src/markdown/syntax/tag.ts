/**
 * One `{% … %}` tag, the construct the tag line (tokenize.ts) tries at each `{`: `{%`, an optional
 * `-`, whitespace, a name (an ASCII letter, then letters, digits, `_` and `-`), its arguments
 * (everything up to the first `%}`, with an optional `-` before it), `%}`. A `{%` inside a tag
 * ends it as not a tag (the inner one may be). Every state consumes one code.
 */
import {
  asciiAlpha,
  asciiAlphanumeric,
  markdownLineEnding,
  markdownSpace,
  unicodeWhitespace,
} from 'micromark-util-character';
import { codes, types } from 'micromark-util-symbol';
import type { Code, Construct, Effects, State } from 'micromark-util-types';

/** Whitespace as `String.prototype.trim` knows it (tab and virtual spaces are negative codes). */
export function isTagSpace(code: Code): boolean {
  return markdownSpace(code) || unicodeWhitespace(code);
}

export function isLineEnd(code: Code): boolean {
  return code === codes.eof || markdownLineEnding(code);
}

function isNameCode(code: Code): boolean {
  return asciiAlphanumeric(code) || code === codes.dash || code === codes.underscore;
}

/** One `{% … %}` tag. */
export const tag: Construct = { name: 'opTag', tokenize: tokenizeTag, partial: true };
/** `%}` or `-%}`, ahead. */
export const tagEnd: Construct = { tokenize: tokenizeTagEnd, partial: true };

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
