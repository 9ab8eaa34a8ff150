import { describe, expect, it } from 'vitest';
import { emojiForCode, emojiOf } from '../../src/markdown/emoji.ts';

describe('emojiForCode', () => {
  it('turns the platform code points into characters', () => {
    expect(emojiForCode('1f680')).toBe('🚀');
    expect(emojiForCode('1f1eb-1f1f7')).toBe('🇫🇷');
    expect(emojiForCode('1f468-200d-1f4bb')).toBe('👨‍💻');
  });

  it('refuses what is no visible code point', () => {
    expect(emojiForCode('ffffffff')).toBeUndefined();
    expect(emojiForCode('d800')).toBeUndefined();
    expect(emojiForCode('7')).toBeUndefined();
    expect(emojiForCode('1f680-zz')).toBeUndefined();
  });
});

describe('emojiOf', () => {
  it('decodes code points and keeps an emoji written out', () => {
    expect(emojiOf('2705')).toBe('✅');
    expect(emojiOf(' 1f680 ')).toBe('🚀');
    expect(emojiOf('🚀')).toBe('🚀');
    expect(emojiOf('🇫🇷')).toBe('🇫🇷');
    expect(emojiOf('👩🏽‍🚀')).toBe('👩🏽‍🚀');
  });

  it('drops words, markup and nothing', () => {
    expect(emojiOf(undefined)).toBeUndefined();
    expect(emojiOf('')).toBeUndefined();
    expect(emojiOf('rocket')).toBeUndefined();
    expect(emojiOf('é')).toBeUndefined();
    expect(emojiOf('<img src=x onerror=alert(1)>')).toBeUndefined();
    expect(emojiOf('🚀</text><script>')).toBeUndefined();
    expect(emojiOf('12')).toBeUndefined();
  });
});
