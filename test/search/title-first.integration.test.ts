import { describe, expect, inject, it } from 'vitest';
import { titleFirst } from '../../scripts/lib/title-first.ts';

/**
 * The acceptance of "a page titled as the query first", on the built example: every indexed
 * page's title, searched in its site space with the ranking the dialog and search_docs share,
 * brings that page first (`npm run bench` checks the same on the synthetic site).
 */
describe('a query equal to a page title, on the example', () => {
  it('brings that page first, for every page in the index', async () => {
    const result = await titleFirst(inject('exampleBuild').outDir);
    expect(result.pages).toBeGreaterThan(40);
    expect(result.misses).toEqual([]);
    expect(result.first).toBe(result.pages);
  });
});
