import { describe, expect, it } from 'vitest';
import { titleMatchesFirst } from '../../themes/default/scripts/search-rank.ts';

const pages = (...titles: string[]) => titles.map((title) => ({ meta: { title } }));
const titles = (list: { meta: { title?: string } }[]) => list.map((page) => page.meta.title);

describe('titleMatchesFirst: the search dialog puts a title match above Pagefind’s order', () => {
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
});
