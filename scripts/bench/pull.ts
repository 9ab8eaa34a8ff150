import path from 'node:path';
import { pull } from '../../src/pull/index.ts';
import { withSyntheticSite } from './synthetic.ts';
import { type Benchmark, timed } from './types.ts';

const PAGES = 2000;
const LATENCY_MS = 20;
const CONCURRENCY = 8;

/**
 * A pull of a synthetic 2,000-page site from the local platform with 20 ms of latency per
 * request. The latency bound is requests × latency ÷ concurrency: what a perfectly packed pull
 * would take. The ratio shows how close the walker comes (1.0 is perfect).
 */
export const pullBenchmark: Benchmark = {
  name: 'pull',
  description: `pull of a synthetic ${PAGES}-page site, ${LATENCY_MS} ms latency, concurrency ${CONCURRENCY}`,
  run: () =>
    withSyntheticSite(
      { name: 'pull', pages: PAGES, seed: 1, pageSize: 100 },
      async ({ platform, api, work }) => {
        platform.setFaults({ latencyMs: LATENCY_MS });
        const options = { ...api, cacheDir: path.join(work, 'cache'), concurrency: CONCURRENCY };
        const first = await timed(() => pull(options));
        const bound = (first.result.stats.requests * LATENCY_MS) / 1000 / CONCURRENCY;
        const again = await timed(() => pull(options));
        return [
          {
            name: `full pull ${PAGES} pages: requests`,
            value: first.result.stats.requests,
            unit: 'requests',
          },
          { name: `full pull ${PAGES} pages: time`, value: first.seconds, unit: 's' },
          { name: `full pull ${PAGES} pages: latency bound`, value: bound, unit: 's' },
          {
            name: `full pull ${PAGES} pages: ratio to latency bound`,
            value: first.seconds / bound,
            unit: 'x',
          },
          {
            name: 'no-change re-pull: requests',
            value: again.result.stats.requests,
            unit: 'requests',
          },
          { name: 'no-change re-pull: time', value: again.seconds, unit: 's' },
        ];
      },
    ),
};
