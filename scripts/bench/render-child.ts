/**
 * Child process of the `render` benchmark: one render of a pulled site, then one JSON line with
 * its time, phases, CPU time, this process's peak RSS (`process.resourceUsage().maxRSS`, which
 * counts the markdown worker threads too) and the peak of the whole process tree: this process
 * and those it started (Pagefind's indexer is a process of its own), sampled from /proc.
 */
import { render } from '../../src/render/index.ts';
import { sampleChildrenMemory } from './process-memory.ts';
import { timed } from './types.ts';

const [cacheDir, outDir] = process.argv.slice(2) as [string, string];
const memory = sampleChildrenMemory(process.pid);
const rendered = await timed(() => render({ cacheDir, outDir }));
memory.stop();
const usage = process.resourceUsage();
console.log(
  JSON.stringify({
    seconds: rendered.seconds,
    pages: rendered.result.pages,
    phases: rendered.result.phases,
    ...(rendered.result.openapi ? { openapi: rendered.result.openapi } : {}),
    maxRssKiB: usage.maxRSS,
    treePeakKiB: memory.peakTreeKiB,
    treeAtPeak: memory.atPeak,
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
  }),
);
