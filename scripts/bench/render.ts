import { appendFile, readdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { PrepareStats } from '../../src/openapi/library.ts';
import { pull } from '../../src/pull/index.ts';
import { render } from '../../src/render/index.ts';
import { type AstroFloor, astroAlone, astroFloor } from './astro-floor.ts';
import { reportFromChild } from './child.ts';
import { type SearchFloor, searchFloor } from './search-floor.ts';
import { withSyntheticSite } from './synthetic.ts';
import { type Benchmark, type Figure, timed } from './types.ts';

const CHILD = fileURLToPath(new URL('./render-child.ts', import.meta.url));

const SIZES = (process.env.OFFPRINT_BENCH_PAGES ?? '2000,10000').split(',').map(Number);

/**
 * Snapshot → dist/ for synthetic sites: a full render (in a child process, for its peak RSS),
 * an unchanged re-render, and a re-render after one page changed; each phase's time, the
 * markdown phase in pages per second per core (the markdown stage alone beside its floor is the
 * `markdown-floor` benchmark); gzip HTML bytes per page, whose growth from the
 * small site to the large one shows whether per-page HTML grows with the site.
 */
export const renderBenchmark: Benchmark = {
  name: 'render',
  description: `render of synthetic sites of ${SIZES.join(' and ')} pages`,
  async run() {
    const figures: Figure[] = [];
    const perPage = new Map<number, number>();
    for (const pages of SIZES) {
      const site = { name: 'render', pages, seed: 2, pageSize: 1000 };
      const run = await withSyntheticSite(site, async ({ platform, api, work, siteDir }) => {
        const cacheDir = path.join(work, 'cache');
        const outDir = path.join(work, 'dist');
        const pullOptions = { ...api, cacheDir, concurrency: 16 };
        await pull(pullOptions);
        const buildData = path.join(work, 'build-data');
        const full = await renderInChild(cacheDir, outDir, buildData);
        const html = await htmlStats(outDir);
        // Astro by itself on the render's build data, and on the same URLs with each page only
        // its title: the astro phase and its floor, each with nothing else running.
        const alone = await astroAlone(buildData);
        const floor = await astroFloor(outDir);
        const again = await timed(() => render({ cacheDir, outDir }));
        await changeOnePage(siteDir);
        await platform.reload();
        await pull(pullOptions);
        const one = await timed(() => render({ cacheDir, outDir }));
        const search = await searchFloor(outDir);
        return { full, html, alone, floor, again, one, search };
      });
      const { full, html, alone, floor, again, one, search } = run;
      perPage.set(pages, html.gzipBytes / html.files);
      figures.push(
        { name: `${pages} pages: full render`, value: full.seconds, unit: 's' },
        {
          name: `${pages} pages: full render rate`,
          value: full.pages / full.seconds,
          unit: 'pages/s',
        },
        ...Object.entries(full.phases).map(([phase, seconds]) => ({
          name: `${pages} pages: full render, ${phase} phase`,
          value: seconds,
          unit: 's',
        })),
        {
          name: `${pages} pages: markdown phase per core`,
          value: full.pages / full.phases.markdown / availableParallelism(),
          unit: 'pages/s/core',
        },
        ...astroFloorFigures(pages, alone, floor, full.phases.astro),
        {
          name: `${pages} pages: full render, peak RSS`,
          value: Math.round(full.maxRssKiB / 1024),
          unit: 'MiB',
        },
        {
          name: `${pages} pages: full render, peak RSS of the process tree (Pagefind included)`,
          value: Math.round(full.treePeakKiB / 1024),
          unit: 'MiB',
        },
        ...full.treeAtPeak.slice(0, 3).map((process) => ({
          name: `${pages} pages: full render, at the tree's peak, ${process.name}`,
          value: Math.round(process.kib / 1024),
          unit: 'MiB',
        })),
        {
          name: `${pages} pages: full render, CPU of the render's process`,
          value: full.cpuSeconds,
          unit: 's',
        },
        {
          name: `${pages} pages: HTML per page (gzip)`,
          value: Math.round(html.gzipBytes / html.files),
          unit: 'bytes',
        },
        { name: `${pages} pages: HTML page median (gzip)`, value: html.medianGzip, unit: 'bytes' },
        { name: `${pages} pages: largest HTML page (gzip)`, value: html.maxGzip, unit: 'bytes' },
        { name: `${pages} pages: re-render, nothing changed`, value: again.seconds, unit: 's' },
        {
          name: `${pages} pages: re-render, nothing changed, markdown rendered`,
          value: again.result.markdownCache.misses,
          unit: 'pages',
        },
        { name: `${pages} pages: re-render, one page changed`, value: one.seconds, unit: 's' },
        {
          name: `${pages} pages: re-render, one page changed, share of full render`,
          value: (one.seconds / full.seconds) * 100,
          unit: '%',
        },
        {
          name: `${pages} pages: re-render, one page changed, markdown rendered`,
          value: one.result.markdownCache.misses,
          unit: 'pages',
        },
        ...searchFloorFigures(pages, search, full.seconds),
      );
    }
    const [small, large] = SIZES;
    if (small && large && perPage.has(small) && perPage.has(large)) {
      const growth = ((perPage.get(large) as number) / (perPage.get(small) as number) - 1) * 100;
      figures.push({
        name: `HTML per page growth ${small} → ${large} pages`,
        value: growth,
        unit: '%',
      });
    }
    return figures;
  },
};

/** Astro's trivial-template floor beside Astro alone on the render's build data (both in a
 * child process with nothing else running), and beside the render's astro phase (wall time,
 * which Astro shares with Pagefind). */
function astroFloorFigures(
  pages: number,
  alone: AstroFloor,
  floor: AstroFloor,
  astro: number | undefined,
): Figure[] {
  const label = `${pages} pages: Astro trivial-template floor (${floor.pages} pages, each only its title)`;
  const aloneLabel = `${pages} pages: Astro alone on the render's build data (${alone.pages} pages)`;
  return [
    { name: label, value: floor.seconds, unit: 's' },
    { name: `${label}, CPU`, value: floor.cpuSeconds, unit: 's' },
    { name: aloneLabel, value: alone.seconds, unit: 's' },
    { name: `${aloneLabel}, CPU`, value: alone.cpuSeconds, unit: 's' },
    {
      name: `${pages} pages: Astro alone ÷ Astro floor`,
      value: alone.seconds / floor.seconds,
      unit: 'x',
    },
    {
      name: `${pages} pages: Astro alone ÷ Astro floor, CPU`,
      value: alone.cpuSeconds / floor.cpuSeconds,
      unit: 'x',
    },
    ...(astro === undefined
      ? []
      : [
          {
            name: `${pages} pages: full render's astro phase ÷ Astro floor`,
            value: astro / floor.seconds,
            unit: 'x',
          },
        ]),
  ];
}

/** Pagefind alone on the output's pages: the least a render that indexes them all can take. */
function searchFloorFigures(pages: number, floor: SearchFloor, full: number): Figure[] {
  const label = `${pages} pages: Pagefind alone (${floor.pages} pages, nothing else running)`;
  return [
    { name: `${label}, index`, value: floor.index, unit: 's' },
    { name: `${label}, write`, value: floor.write, unit: 's' },
    {
      name: `${label}, share of full render`,
      value: ((floor.index + floor.write) / full) * 100,
      unit: '%',
    },
  ];
}

/** The gzip size of the output's HTML pages: count, sum, largest and median. */
export async function htmlStats(
  dir: string,
): Promise<{ files: number; gzipBytes: number; maxGzip: number; medianGzip: number }> {
  const sizes: number[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    sizes.push(gzipSync(await readFile(path.join(entry.parentPath, entry.name))).byteLength);
  }
  sizes.sort((a, b) => a - b);
  return {
    files: sizes.length,
    gzipBytes: sizes.reduce((sum, size) => sum + size, 0),
    maxGzip: sizes.at(-1) ?? 0,
    medianGzip: sizes[Math.floor(sizes.length / 2)] ?? 0,
  };
}

/** Appends a paragraph to the first page file found in the site folder. */
async function changeOnePage(siteDir: string): Promise<void> {
  const spaces = path.join(siteDir, 'spaces');
  const [space] = (await readdir(spaces)).sort();
  await appendFile(
    path.join(spaces, space as string, 'README.md'),
    '\n\nOne more paragraph for the benchmark.\n',
  );
}

export interface ChildReport {
  seconds: number;
  pages: number;
  phases: Record<string, number> & { markdown: number };
  /** Image variants made and reused, and the wall seconds some image was being made. */
  images: { made: number; reused: number; seconds: number };
  /** Share cards drawn and found in the cache, when cards were on. */
  cards?: { drawn: number; reused: number };
  /** The render's OpenAPI specs, when the site has any. */
  openapi?: PrepareStats;
  maxRssKiB: number;
  /** The largest sum of the RSS of the render's process and its children (Pagefind). */
  treePeakKiB: number;
  /** Each process at that moment, largest first. */
  treeAtPeak: { name: string; kib: number }[];
  /** CPU seconds of the render's process (its threads, not its children). */
  cpuSeconds: number;
  /** CPU seconds of its children (Pagefind's process), sampled from /proc. */
  childrenCpuSeconds: number;
  /** Each phase's CPU seconds in the render's process and its children, and the tree's peak
   * RSS while it ran (the model phase counted with the markdown phase; no peak for a phase
   * shorter than a sample). */
  perPhase: Record<string, { cpu: number; childrenCpu: number; peakMiB?: number }>;
}

/** A full render of a pulled site in a child process: its time, phases and peak RSS; with
 * `keepBuildData`, a copy of its build data left there. */
export function renderInChild(
  cacheDir: string,
  outDir: string,
  keepBuildData?: string,
  options: { imageVariants?: boolean; shareCards?: boolean; siteUrl?: string } = {},
): Promise<ChildReport> {
  const args = keepBuildData ? [cacheDir, outDir, keepBuildData] : [cacheDir, outDir];
  const env = {
    ...(options.imageVariants === false ? { OFFPRINT_BENCH_IMAGE_VARIANTS: 'off' } : {}),
    ...(options.shareCards === false ? { OFFPRINT_BENCH_SHARE_CARDS: 'off' } : {}),
    ...(options.siteUrl ? { OFFPRINT_BENCH_SITE_URL: options.siteUrl } : {}),
  };
  return reportFromChild<ChildReport>(CHILD, args, 'render', env);
}
