import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/search/edit-distance.ts';

describe('editDistance: optimal string alignment, bounded', () => {
  it('counts a dropped, added or replaced letter as one edit', () => {
    expect(editDistance('domain', 'domin')).toBe(1);
    expect(editDistance('domain', 'domaain')).toBe(1);
    expect(editDistance('domain', 'domaon')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('counts a letter swapped with its neighbour as one edit, not two', () => {
    expect(editDistance('domian', 'domain')).toBe(1);
    expect(editDistance('chnage', 'change')).toBe(1);
    expect(editDistance('markdwon', 'markdown')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
    // Two swaps, and a swap and a replacement.
    expect(editDistance('abcd', 'badc')).toBe(2);
    expect(editDistance('autentication', 'authentication')).toBe(1);
  });

  it('is optimal string alignment: a swapped pair is not edited again', () => {
    // True Damerau–Levenshtein gives 2 (ca → ac → abc); OSA may not edit inside the swap.
    expect(editDistance('ca', 'abc')).toBe(3);
  });

  it('is symmetric', () => {
    for (const [a, b] of [
      ['kitten', 'sitting'],
      ['webhook', 'wbehook'],
      ['flaw', 'lawn'],
    ] as const)
      expect(editDistance(a, b)).toBe(editDistance(b, a));
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('gives max + 1 for anything further than max, and the distance itself within it', () => {
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('a', 'abcdef', 1)).toBe(2);
    expect(editDistance('deployment', 'environment', 2)).toBe(3);
    expect(editDistance('webhook', 'webhooks', 1)).toBe(1);
  });
});
