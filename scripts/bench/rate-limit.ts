import { appendFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pull } from '../../src/pull/index.ts';
import { withSyntheticSite } from './synthetic.ts';
import { type Benchmark, timed } from './types.ts';

const PAGES = 2000;
const LIMIT = 600;
const WINDOW_SECONDS = 60;

/**
 * A full pull of a synthetic 2,000-page site through the platform's rate limit (a fixed window
 * of 600 requests per 60 s, answering 429 without Retry-After), then a re-pull after one page
 * was edited, in the same running window. The window bound is requests ÷ limit × window: what
 * a pull that spends every window to the last request would take.
 */
export const rateLimitBenchmark: Benchmark = {
  name: 'rate-limit',
  description: `pull of a synthetic ${PAGES}-page site through ${LIMIT} requests per ${WINDOW_SECONDS} s, then a one-page-edit re-pull`,
  run: () =>
    withSyntheticSite(
      { name: 'rate-limit', pages: PAGES, seed: 1, pageSize: 100 },
      async ({ platform, api, siteDir, work }) => {
        platform.setRateLimit({ limit: LIMIT, windowSeconds: WINDOW_SECONDS });
        const options = { ...api, cacheDir: path.join(work, 'cache') };
        const refusals = () => platform.requests.filter((r) => r.status === 429).length;

        const first = await timed(() => pull(options));
        const requests = platform.requests.length;
        const refused = refusals();
        const bound = (requests / LIMIT) * WINDOW_SECONDS;

        const spaces = path.join(siteDir, 'spaces');
        const [space] = (await readdir(spaces)).sort();
        await appendFile(path.join(spaces, space as string, 'README.md'), '\nOne edited line.\n');
        await platform.reload();
        platform.requests.length = 0;
        const again = await timed(() => pull(options));
        return [
          { name: `rate-limited pull ${PAGES} pages: requests`, value: requests, unit: 'requests' },
          {
            name: `rate-limited pull ${PAGES} pages: 429 answers`,
            value: refused,
            unit: 'requests',
          },
          { name: `rate-limited pull ${PAGES} pages: time`, value: first.seconds, unit: 's' },
          { name: `rate-limited pull ${PAGES} pages: window bound`, value: bound, unit: 's' },
          {
            name: `rate-limited pull ${PAGES} pages: ratio to window bound`,
            value: first.seconds / bound,
            unit: 'x',
          },
          {
            name: 'one-page-edit re-pull: requests',
            value: platform.requests.length,
            unit: 'requests',
          },
          { name: 'one-page-edit re-pull: 429 answers', value: refusals(), unit: 'requests' },
          {
            name: 'one-page-edit re-pull: pages reused',
            value: again.result.stats.pagesReused,
            unit: 'pages',
          },
          { name: 'one-page-edit re-pull: time', value: again.seconds, unit: 's' },
        ];
      },
    ),
};
