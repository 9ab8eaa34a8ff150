import { describe, expect, it } from 'vitest';
import {
  CANDIDATES,
  candidates,
  headingMatchesFirst,
  TITLE_CANDIDATES,
  titleMatchesFirst,
} from '../../src/search/rank.ts';

const pages = (...titles: string[]) => titles.map((title) => ({ meta: { title } }));
const titles = (list: { meta: { title?: string } }[]) => list.map((page) => page.meta.title);

describe('titleMatchesFirst: the dialog and search_docs put a title match above Pagefind’s order', () => {
  it('puts the page titled as the query first, then titles beginning with it, else keeps the order', () => {
    const found = pages('Telemetry webhooks', 'Schemas', 'Telemetry', 'Read telemetry');
    expect(titles(titleMatchesFirst(found, 'telemetry'))).toEqual([
      'Telemetry',
      'Telemetry webhooks',
      'Schemas',
      'Read telemetry',
    ]);
    expect(titles(titleMatchesFirst(found, 'telemetry w'))).toEqual([
      'Telemetry webhooks',
      'Schemas',
      'Telemetry',
      'Read telemetry',
    ]);
  });

  it('ignores case, accents and spacing, and leaves the results alone for a blank query', () => {
    const found = pages('Overview', 'Données  reçues', 'Untitled');
    expect(titles(titleMatchesFirst(found, ' donnees recues '))[0]).toBe('Données  reçues');
    expect(titles(titleMatchesFirst(found, '  '))).toEqual([
      'Overview',
      'Données  reçues',
      'Untitled',
    ]);
    expect(titleMatchesFirst([{ meta: {} }], 'x')).toEqual([{ meta: {} }]);
  });

  it('matches nothing with a title that is not a string (metadata is untrusted)', () => {
    const found = [{ meta: { title: ['Telemetry'] } }, { meta: { title: 'Telemetry' } }];
    expect(titleMatchesFirst(found, 'telemetry')[0]).toBe(found[1]);
  });
});

describe('headingMatchesFirst: a page’s heading titled as the query is among those shown', () => {
  it('puts the heading titled as the query first, then those beginning with it', () => {
    const headings = [
      'List and create',
      'List missions',
      'Create a mission',
      'Create a mission draft',
    ];
    const found = headings.map((title) => ({ title }));
    expect(headingMatchesFirst(found, 'create a mission').map((h) => h.title)).toEqual([
      'Create a mission',
      'Create a mission draft',
      'List and create',
      'List missions',
    ]);
    expect(headingMatchesFirst([{ title: 7 }, { title: 'x' }], 'x')[0]).toEqual({ title: 'x' });
  });
});

describe('candidates: the results whose data the ranking reads', () => {
  /** Results with the given word positions, named by their index. */
  const results = (count: number, opening: Record<number, number[]> = {}) =>
    Array.from({ length: count }, (_, index) => ({ index, words: opening[index] ?? [5, 9] }));
  const indexes = (list: { index: number }[]) => list.map((result) => result.index);
  const first = Array.from({ length: CANDIDATES }, (_, index) => index);

  it("reads Pagefind's first results, and later ones whose text opens with the query's words", () => {
    // 40 holds the query's three words at the page's first three positions: a page titled so.
    // 30 holds only two of them there; 50 the three, but not at its start.
    const found = results(60, { 30: [0, 1, 7], 40: [0, 1, 2, 8], 50: [1, 2, 3] });
    expect(indexes(candidates(found, 'Archive a metric'))).toEqual([...first, 40]);
    // Words are what hold a letter or digit: a dash is not one.
    expect(indexes(candidates(found, 'Archive — a'))).toEqual([...first, 30, 40]);
  });

  it('reads at most a few later results, and none for a blank query or without positions', () => {
    const opening = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [20 + i, [0, 1]]));
    const found = results(60, opening);
    expect(candidates(found, 'a b')).toHaveLength(CANDIDATES + TITLE_CANDIDATES);
    expect(indexes(candidates(found, ' – '))).toEqual(first);
    const noPositions: { index: number; words?: number[] }[] = [{ index: 0 }, { index: 1 }];
    expect(candidates(noPositions, 'x')).toHaveLength(2);
    expect(candidates(results(3), 'x')).toHaveLength(3);
  });
});
