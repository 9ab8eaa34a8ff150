import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_DIR, startLocalPlatform } from '../../src/local-platform/server.ts';
import { pull } from '../../src/pull/index.ts';
import { makeTwins, type TwinPage } from './astro-twins.ts';
import { reportFromChild } from './child.ts';
import { renderInChild } from './render.ts';
import type { Benchmark, Figure } from './types.ts';

const CHILD = fileURLToPath(new URL('./astro-pages-child.ts', import.meta.url));
/** Copies of each API page and of its prose twin in one build. */
const COPIES = Number(process.env.OFFPRINT_BENCH_ASTRO_API_COPIES ?? 10);
/** API pages larger than the example's, made of its API pages' HTML end to end (the largest
 * page of a real 76-page reference was 885 KB). */
const LARGE = [900_000, 2_000_000];
const ROUNDS = 3;

/** Size classes of the pages' HTML, each below its bound. */
const CLASSES = [
  { name: 'under 100 KB', below: 100_000 },
  { name: '100–500 KB', below: 500_000 },
  { name: '0.5–1 MB', below: 1_000_000 },
  { name: '1 MB and over', below: Number.POSITIVE_INFINITY },
];

interface ChildRun {
  cpuSeconds: number;
  pages: { cpuMs: number; wallMs: number }[];
}

/**
 * Astro's time per page for OpenAPI pages beside prose pages of the same HTML size, measured
 * side by side: the example is rendered once and its build data kept; each API page gets a
 * prose twin (astro-twins.ts), and Astro alone lays them out in turn (API, prose, API, …), in a
 * few builds, each page's CPU time taken from its route to the next page's (astro-pages-child.ts).
 * Figures per size class: each page's median time, averaged over the class, and API ÷ prose.
 */
export const astroApiBenchmark: Benchmark = {
  name: 'astro-api',
  description: `Astro per page: the example's API pages beside prose pages of the same HTML size, ${COPIES} copies each`,
  async run() {
    const work = await mkdtemp(path.join(os.tmpdir(), 'offprint-bench-astro-api-'));
    try {
      const buildData = path.join(work, 'build-data');
      await renderExample(work, buildData);
      const twins = path.join(work, 'twins');
      const pages = await makeTwins(buildData, twins, COPIES, LARGE);
      const runs: ChildRun[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const scratch = path.join(work, `astro-${round}`);
        runs.push(await reportFromChild<ChildRun>(CHILD, [twins, scratch], 'astro pages'));
        await rm(scratch, { recursive: true, force: true });
      }
      return figuresOf(pages, runs);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
};

/** Pulls the bundled example and renders it in a child, keeping its build data at `keep`. */
async function renderExample(work: string, keep: string): Promise<void> {
  const token = 'bench-token';
  const platform = await startLocalPlatform({ dir: EXAMPLE_DIR, port: 0, token });
  try {
    const site = platform.model.sites().find((s) => s.visibility !== 'share-link');
    const cacheDir = path.join(work, 'cache');
    await pull({
      apiUrl: platform.url,
      token,
      organizationId: platform.model.organizations()[0]?.id as string,
      siteId: site?.id as string,
      cacheDir,
      concurrency: 16,
    });
    await renderInChild(cacheDir, path.join(work, 'dist'), keep);
  } finally {
    await platform.close();
  }
}

/** Per size class: the mean over its API pages of each page's median time (over copies and
 * builds), the same for their prose twins, and the ratio of the two. */
function figuresOf(pages: readonly TwinPage[], runs: readonly ChildRun[]): Figure[] {
  const bySource = new Map<string, { bytes: number; api: number[]; prose: number[] }>();
  for (const run of runs) {
    for (const [at, page] of pages.entries()) {
      const time = run.pages[at];
      if (!time) continue;
      let source = bySource.get(page.source);
      if (!source) {
        source = { bytes: 0, api: [], prose: [] };
        bySource.set(page.source, source);
      }
      if (page.kind === 'api') source.bytes = page.htmlBytes;
      source[page.kind].push(time.cpuMs);
    }
  }
  const figures: Figure[] = [];
  let above = 0;
  for (const size of CLASSES) {
    const sources = [...bySource.values()].filter((s) => s.bytes >= above && s.bytes < size.below);
    above = size.below;
    if (sources.length === 0) continue;
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
    const api = mean(sources.map((s) => medianOf(s.api)));
    const prose = mean(sources.map((s) => medianOf(s.prose)));
    const kb = mean(sources.map((s) => s.bytes)) / 1000;
    const label = `Astro per page, HTML ${size.name} (${sources.length} pages, mean ${kb.toFixed(0)} KB)`;
    figures.push(
      { name: `${label}: API page, CPU`, value: api, unit: 'ms' },
      { name: `${label}: prose twin, CPU`, value: prose, unit: 'ms' },
      { name: `${label}: API ÷ prose`, value: api / prose, unit: 'x' },
    );
  }
  figures.push({
    name: `Astro alone, ${pages.length} pages, CPU (median of ${runs.length} builds)`,
    value: medianOf(runs.map((run) => run.cpuSeconds)),
    unit: 's',
  });
  return figures;
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
