import { describe, expect, it } from 'vitest';
import { emojiFromCode } from '../../src/site/emoji.ts';

describe('emojiFromCode', () => {
  it('turns the platform code points into characters', () => {
    expect(emojiFromCode('1f680')).toBe('🚀');
    expect(emojiFromCode('1f1eb-1f1f7')).toBe('🇫🇷');
    expect(emojiFromCode('2705')).toBe('✅');
  });

  it('keeps a character and drops anything else', () => {
    expect(emojiFromCode('🚀')).toBe('🚀');
    expect(emojiFromCode(undefined)).toBeUndefined();
    expect(emojiFromCode('<img src=x onerror=alert(1)>')).toBeUndefined();
    expect(emojiFromCode('ffffffff')).toBeUndefined();
  });
});
