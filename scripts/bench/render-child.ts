/**
 * Child process of the `render` benchmark: one render of a pulled site, then one JSON line with
 * its time, phases, CPU time, this process's peak RSS (`process.resourceUsage().maxRSS`, which
 * counts the markdown worker threads too) and the peak of the whole process tree: this process
 * and those it started (Pagefind's indexer is a process of its own), sampled from /proc.
 *
 * Given a third argument, a copy of the render's build data is left there (the render removes
 * its own), for Astro to lay out again by itself (astro-floor.ts).
 */
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { BuildDirs } from '../../src/render/build-dirs.ts';
import { render } from '../../src/render/index.ts';
import { sampleChildrenMemory } from './process-memory.ts';
import { timed } from './types.ts';

const [cacheDir, outDir, keepBuildData] = process.argv.slice(2) as [string, string, string?];
if (keepBuildData) {
  // The bench's own hook: the copy is taken as the render lets go of its build data.
  const close = BuildDirs.prototype.close;
  const keep = path.resolve(keepBuildData);
  BuildDirs.prototype.close = async function (this: BuildDirs) {
    await rm(keep, { recursive: true, force: true });
    await cp(this.buildDataDir, keep, { recursive: true });
    return close.call(this);
  };
}
const memory = sampleChildrenMemory(process.pid);
// `off`: as `--no-image-variants` (the real-shaped bench's pairs).
const imageVariants = process.env.OFFPRINT_BENCH_IMAGE_VARIANTS !== 'off';
const rendered = await timed(() => render({ cacheDir, outDir, imageVariants }));
await memory.stop();
const usage = process.resourceUsage();
console.log(
  JSON.stringify({
    seconds: rendered.seconds,
    pages: rendered.result.pages,
    phases: rendered.result.phases,
    images: rendered.result.images,
    ...(rendered.result.openapi ? { openapi: rendered.result.openapi } : {}),
    maxRssKiB: usage.maxRSS,
    treePeakKiB: memory.peakTreeKiB,
    treeAtPeak: memory.atPeak,
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
  }),
);
