/**
 * Child process of the `one-space` benchmark: pulls the site from the local platform the parent
 * serves (so the platform's own memory is not counted here) and renders it, then prints one JSON
 * line with the times, this process's peak RSS (`process.resourceUsage().maxRSS`, which
 * counts the markdown worker threads too) and the peak of the whole process tree during the
 * render, Pagefind's indexer (a process of its own) included, sampled from /proc.
 */
import path from 'node:path';
import { pull } from '../../src/pull/index.ts';
import { render } from '../../src/render/index.ts';
import { loadSiteModel } from '../../src/site/load.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { sampleChildrenMemory } from './process-memory.ts';
import { timed } from './types.ts';

const [apiUrl, work] = process.argv.slice(2) as [string, string];
const token = process.env.OFFPRINT_BENCH_TOKEN ?? '';
const cacheDir = path.join(work, 'cache');

const pulled = await timed(() =>
  pull({ apiUrl, token, organizationId: 'scale', siteId: 'docs', cacheDir, concurrency: 16 }),
);
const pullRss = process.resourceUsage().maxRSS;
// The site model alone (URLs, trees, sidebars), dropped before the render builds it again.
const modelled = await timed(async () => {
  const model = await loadSiteModel(await Snapshot.open(pulled.result.snapshotDir));
  return model.pages.length;
});
const modelRss = process.resourceUsage().maxRSS;
const stage = {
  pullSeconds: pulled.seconds,
  modelSeconds: modelled.seconds,
  pullMaxRssKiB: pullRss,
  modelMaxRssKiB: modelRss,
};
// A first line, so a render too slow to wait for still leaves these figures.
console.log(JSON.stringify({ stage: 'model', pages: modelled.result, ...stage }));
const memory = sampleChildrenMemory(process.pid);
const rendered = await timed(() => render({ cacheDir, outDir: path.join(work, 'dist') }));
await memory.stop();
console.log(
  JSON.stringify({
    stage: 'render',
    pages: rendered.result.pages,
    ...stage,
    renderSeconds: rendered.seconds,
    phases: rendered.result.phases,
    maxRssKiB: process.resourceUsage().maxRSS,
    treePeakKiB: memory.peakTreeKiB,
    treeAtPeak: memory.atPeak,
  }),
);
