/**
 * `cleanInput` skips text with nothing to clean (a quick test for the characters it could
 * change): for any string it still gives what the rule says, code point by code point.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanInput } from '../../src/markdown/preprocess.ts';
import { PROPERTY_SEED } from '../property-seed.ts';

/** The rule, one code point at a time: NUL and lone surrogates → U+FFFD, other invalid dropped. */
function expected(value: string): string {
  let out = '';
  for (const c of value) {
    const cp = c.codePointAt(0) as number;
    if (cp === 0 || (cp >= 0xd800 && cp <= 0xdfff)) out += '\uFFFD';
    else if (
      (cp >= 0x01 && cp <= 0x08) ||
      cp === 0x0b ||
      (cp >= 0x0e && cp <= 0x1f) ||
      (cp >= 0x7f && cp <= 0x9f) ||
      (cp >= 0xfdd0 && cp <= 0xfdef) ||
      (cp & 0xfffe) === 0xfffe
    )
      continue;
    else out += c;
  }
  return out;
}

const units = fc.oneof(
  fc.constantFrom('\u0000', '\u0007', '\u000B', '\u001F', '\u007F', '\u0085', '\uFDD0', '\uFFFE'),
  fc.constantFrom(
    '\uD83D',
    '\uDE00',
    '\uD83D\uDE00',
    '\uDBFF\uDFFF',
    '\uD83F\uDFFE',
    'é',
    '\t',
    '\n',
  ),
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.string({ maxLength: 8 }),
);

describe('cleanInput', () => {
  it('returns clean text as it is', () => {
    const text = 'Plain text, `code`, **bold**, tabs\tand\r\nlines, accents é, emoji 😀.';
    expect(cleanInput(text)).toBe(text);
  });

  it('cleans any string as the rule says', () => {
    fc.assert(
      fc.property(fc.array(units, { maxLength: 20 }), (parts) => {
        const value = parts.join('');
        expect(cleanInput(value)).toBe(expected(value));
      }),
      { ...PROPERTY_SEED, numRuns: 2000 },
    );
  });
});
