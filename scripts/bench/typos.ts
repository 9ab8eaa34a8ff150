import path from 'node:path';
import { pull } from '../../src/pull/index.ts';
import { render } from '../../src/render/index.ts';
import { typoCheck, vocabularyBytes } from '../lib/typo-queries.ts';
import { withSyntheticSite } from './synthetic.ts';
import type { Benchmark, Figure } from './types.ts';

const PAGES = Number(process.env.OFFPRINT_BENCH_TYPOS_PAGES ?? 2000);

/**
 * Search that forgives typos (src/search/typo-correction.ts) on a synthetic site: 50 seeded
 * single-typo queries of words on three pages or more, how many find one of the word's pages in
 * the first five results, whether exact queries find what they found with the correction off,
 * and the size of the vocabulary the site ships for it (scripts/lib/typo-queries.ts).
 */
export const typosBenchmark: Benchmark = {
  name: 'typos',
  description: `typo correction on a synthetic site of ${PAGES} pages`,
  async run() {
    const site = { name: 'typos', pages: PAGES, seed: 1, pageSize: 1000 };
    return withSyntheticSite(site, async ({ api, work }) => {
      const cacheDir = path.join(work, 'cache');
      const outDir = path.join(work, 'dist');
      await pull({ ...api, cacheDir, concurrency: 16 });
      const rendered = await render({ cacheDir, outDir });
      const check = await typoCheck(outDir, { queries: 50, seed: 1 });
      for (const miss of check.misses)
        console.log(
          `  not found: "${miss.typo}" (${miss.kind} of "${miss.word}") → ${miss.correctedQuery ?? 'not corrected'}: ${miss.got.join(', ') || 'nothing'}`,
        );
      for (const word of check.exactChanged) console.log(`  exact query changed: "${word}"`);
      const figures: Figure[] = [
        { name: `${PAGES} pages: typo queries`, value: check.queries, unit: 'queries' },
        {
          name: `${PAGES} pages: typo queries found in the first five`,
          value: check.found,
          unit: 'queries',
        },
        {
          name: `${PAGES} pages: of those, by a correction`,
          value: check.corrected,
          unit: 'queries',
        },
        {
          name: `${PAGES} pages: exact queries changed`,
          value: check.exactChanged.length,
          unit: 'queries',
        },
        {
          name: `${PAGES} pages: mean time of a typo query (Node)`,
          value: check.typoMs,
          unit: 'ms',
        },
        {
          name: `${PAGES} pages: vocabulary files`,
          value: await vocabularyBytes(outDir),
          unit: 'bytes',
        },
        {
          name: `${PAGES} pages: search index, vocabulary included`,
          value: rendered.search?.bytes ?? 0,
          unit: 'bytes',
        },
      ];
      return figures;
    });
  },
};
