import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typoCheck, vocabularyBytes } from '../../scripts/lib/typo-queries.ts';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';
import { pullSyntheticSite } from '../helpers/synthetic-site.ts';

/**
 * Search that forgives typos on a synthetic site of 300 pages (the same check on 2,000 pages is
 * `npm run bench -- --only typos`): 50 seeded single-typo queries of words on three pages or
 * more (scripts/lib/typo-queries.ts) each find one of the word's pages in the first five
 * results, searched as `offprint mcp` searches; the same words spelt right find exactly what
 * they find with the correction off.
 */

let temp: Awaited<ReturnType<typeof tempDir>>;
let outDir: string;

beforeAll(async () => {
  temp = await tempDir('offprint-typos-');
  const cache = await pullSyntheticSite(temp.dir, { pages: 300, seed: 1 });
  outDir = path.join(temp.dir, 'dist');
  const rendered = await runCli(['render', '--cache', cache, '--out', outDir]).done;
  expect(rendered.code, rendered.stderr).toBe(0);
}, 600_000);

afterAll(async () => {
  await temp?.cleanup();
});

describe('search that forgives typos, on a synthetic site', () => {
  it('finds a page of the word for each of 50 seeded single-typo queries, and leaves exact queries as they were', async () => {
    const check = await typoCheck(outDir, { queries: 50, seed: 1 });
    expect(check.queries).toBe(50);
    expect(check.misses).toEqual([]);
    expect(check.found).toBe(50);
    // Most are found by the correction: Pagefind alone forgives only some.
    expect(check.corrected).toBeGreaterThanOrEqual(25);
    expect(check.exactQueries).toBe(50);
    expect(check.exactChanged).toEqual([]);
  }, 300_000);

  it('ships a small vocabulary', async () => {
    const bytes = await vocabularyBytes(outDir);
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThan(100_000);
  });
});
