import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pull } from '../../src/pull/index.ts';
import { reportFromChild } from './child.ts';
import type { MarkdownRates } from './markdown-floor.ts';
import { withSyntheticSite } from './synthetic.ts';
import type { Benchmark, Figure } from './types.ts';

const CHILD = fileURLToPath(new URL('./markdown-child.ts', import.meta.url));
/** The render benchmark's small site: same generator, seed and size. */
const PAGES = 2000;

/**
 * The markdown stage alone beside the floor of its stack (`markdown-floor.ts`) on the pages of
 * the render benchmark's 2,000-page synthetic site, in a child process of its own: pages per
 * second on one thread and on every core, CPU per page on every core, bytes allocated per page,
 * and the stage's share of the floor on every core (the render issue's target: at least 0.75).
 * Short enough to run by itself: `npm run bench -- --only markdown-floor`.
 */
export const markdownFloorBenchmark: Benchmark = {
  name: 'markdown-floor',
  description: `the markdown stage beside the plain unified floor, on a ${PAGES}-page synthetic site`,
  async run() {
    const site = { name: 'markdown-floor', pages: PAGES, seed: 2, pageSize: 1000 };
    const rates = await withSyntheticSite(site, async ({ api, work }) => {
      const cacheDir = path.join(work, 'cache');
      await pull({ ...api, cacheDir, concurrency: 16 });
      return reportFromChild<MarkdownRates>(CHILD, [cacheDir], 'markdown');
    });
    return rateFigures(PAGES, rates);
  },
};

function rateFigures(pages: number, rates: MarkdownRates): Figure[] {
  const label = `${pages} pages: markdown alone, one thread (CPU time, ${rates.pages} pages)`;
  const all = `${pages} pages: markdown alone, ${rates.cores} cores at once (wall time, ${rates.pages} pages)`;
  return [
    { name: `${label}, plain unified floor`, value: rates.floor, unit: 'pages/s' },
    { name: `${label}, Offprint renderMarkdown`, value: rates.offprint, unit: 'pages/s' },
    {
      name: `${label}, Offprint renderMarkdown without highlighting`,
      value: rates.offprintUnhighlighted,
      unit: 'pages/s',
    },
    { name: `${label}, floor ÷ Offprint`, value: rates.floor / rates.offprint, unit: 'x' },
    { name: `${all}, plain unified floor`, value: rates.floorAllCores, unit: 'pages/s' },
    { name: `${all}, Offprint worker pool`, value: rates.offprintAllCores, unit: 'pages/s' },
    {
      name: `${all}, plain unified floor in a single worker thread`,
      value: rates.floorOneWorker,
      unit: 'pages/s',
    },
    {
      name: `${all}, floor's gain from ${rates.cores} cores`,
      value: rates.floorAllCores / rates.floorOneWorker,
      unit: 'x',
    },
    {
      name: `${all}, Offprint ÷ floor (target ≥ 0.75)`,
      value: rates.offprintAllCores / rates.floorAllCores,
      unit: 'x',
    },
    {
      name: `${pages} pages: markdown alone, ${rates.cores} cores at once, CPU of every thread per page, plain unified floor`,
      value: rates.floorAllCoresCpuMs,
      unit: 'ms',
    },
    {
      name: `${pages} pages: markdown alone, ${rates.cores} cores at once, CPU of every thread per page, Offprint worker pool`,
      value: rates.offprintAllCoresCpuMs,
      unit: 'ms',
    },
    {
      name: `${pages} pages: markdown alone, bytes allocated per page, plain unified floor`,
      value: Math.round(rates.floorBytesPerPage / 1024),
      unit: 'KiB',
    },
    {
      name: `${pages} pages: markdown alone, bytes allocated per page, Offprint renderMarkdown`,
      value: Math.round(rates.offprintBytesPerPage / 1024),
      unit: 'KiB',
    },
  ];
}
