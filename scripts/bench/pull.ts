import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocalPlatform } from '../../src/local/server.ts';
import { pull } from '../../src/pull/index.ts';
import { makeSite } from '../lib/make-site.ts';
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
  async run() {
    const work = path.join(os.tmpdir(), `offprint-bench-pull-${process.pid}`);
    await rm(work, { recursive: true, force: true });
    await makeSite({ pages: PAGES, out: path.join(work, 'site'), seed: 1 });
    const token = 'bench-token';
    const platform = await startLocalPlatform({
      dir: path.join(work, 'site'),
      port: 0,
      token,
      pageSize: 100,
    });
    try {
      const ids = {
        organizationId: platform.model.organizations()[0]?.id as string,
        siteId: platform.model.sites()[0]?.id as string,
      };
      platform.setFaults({ latencyMs: LATENCY_MS });
      const options = {
        apiUrl: platform.url,
        token,
        ...ids,
        cacheDir: path.join(work, 'cache'),
        concurrency: CONCURRENCY,
      };
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
    } finally {
      await platform.close();
      await rm(work, { recursive: true, force: true });
    }
  },
};
