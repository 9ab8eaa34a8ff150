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
import { PhaseClock } from '../../src/render/result.ts';
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
// The bench's own hook: the CPU used by the end of each phase, for each phase's CPU and peak
// memory below (the model phase ends where the clock is made, which no hook sees: its figures
// count in the markdown phase's).
const laps: { phase: string; at: number; cpu: number }[] = [];
const cpuNow = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
const lap = PhaseClock.prototype.lap;
PhaseClock.prototype.lap = function (this: PhaseClock, phase) {
  laps.push({ phase, at: Date.now(), cpu: cpuNow() });
  return lap.call(this, phase);
};
const memory = sampleChildrenMemory(process.pid);
const begun = { at: Date.now(), cpu: cpuNow() };
// `off`: as `--no-image-variants` (the real-shaped bench's pairs).
const imageVariants = process.env.OFFPRINT_BENCH_IMAGE_VARIANTS !== 'off';
// The share-cards bench's pairs: cards on (the default, for a site with an origin) and off
// (`--no-share-cards`).
const shareCards = process.env.OFFPRINT_BENCH_SHARE_CARDS !== 'off';
const siteUrl = process.env.OFFPRINT_BENCH_SITE_URL;
const rendered = await timed(() =>
  render({ cacheDir, outDir, imageVariants, shareCards, ...(siteUrl ? { siteUrl } : {}) }),
);
await memory.stop();
const usage = process.resourceUsage();
laps.push({ phase: 'end', at: Date.now(), cpu: cpuNow() });
console.log(
  JSON.stringify({
    seconds: rendered.seconds,
    pages: rendered.result.pages,
    phases: rendered.result.phases,
    images: rendered.result.images,
    ...(rendered.result.cards ? { cards: rendered.result.cards } : {}),
    ...(rendered.result.openapi ? { openapi: rendered.result.openapi } : {}),
    maxRssKiB: usage.maxRSS,
    treePeakKiB: memory.peakTreeKiB,
    treeAtPeak: memory.atPeak,
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
    childrenCpuSeconds: memory.samples.at(-1)?.childrenCpu ?? 0,
    perPhase: perPhase(),
  }),
);

/**
 * Each phase's CPU seconds in this process and in its children (Pagefind), and the tree's peak
 * RSS while it ran, from the laps and the memory samples (`model and markdown` together).
 */
function perPhase(): Record<string, PhaseUse> {
  const phases: Record<string, PhaseUse> = {};
  const childrenCpuAt = (at: number) =>
    memory.samples.findLast((sample) => sample.at <= at)?.childrenCpu ?? 0;
  let from = begun;
  for (const { phase, at, cpu } of laps) {
    const inPhase = memory.samples.filter((sample) => sample.at > from.at && sample.at <= at);
    // After the last lap: the swap into `outDir` and the records.
    const name = phase === 'end' ? 'swap' : phase === 'markdown' ? 'model and markdown' : phase;
    phases[name] = {
      cpu: round(cpu - from.cpu),
      childrenCpu: round(childrenCpuAt(at) - childrenCpuAt(from.at)),
      // A phase shorter than the sampling interval has no peak of its own.
      ...(inPhase.length > 0
        ? { peakMiB: Math.round(Math.max(...inPhase.map((sample) => sample.treeKiB)) / 1024) }
        : {}),
    };
    from = { at, cpu };
  }
  return phases;
}

interface PhaseUse {
  cpu: number;
  childrenCpu: number;
  peakMiB?: number;
}

function round(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}
