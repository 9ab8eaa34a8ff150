import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocalPlatform } from '../../src/local-platform/server.ts';
import { pull } from '../../src/pull/index.ts';
import { makeRealShapedSite } from '../lib/real-shaped-site.ts';
import { type ChildReport, renderInChild } from './render.ts';
import type { Benchmark, Figure } from './types.ts';

/**
 * A real site's first build (scripts/lib/real-shaped-site.ts: ~300 pages, ~600 raster uploads
 * in the sizes teams upload, OpenAPI operations): the cold render with image variants and with
 * `--no-image-variants`, in pairs taken in turn (A B A B) so the machine's drift falls on both,
 * each from an empty render cache; then a render with nothing changed; each with its phases.
 * And the image bytes a reader at 1280 px and a pixel ratio of 2 fetches over the whole site:
 * for each picture its widest variant (what `sizes` picks there), else the original.
 *
 * The site takes minutes to draw; it is kept in the system's temporary folder between runs
 * (`OFFPRINT_BENCH_REAL_SHAPED=DIR` to put it elsewhere).
 */

export const REAL_SHAPED_PAGES = 300;

/** The kept real-shaped site pulled by the local platform into `<work>/pulled`, whose path is
 * returned; each render then starts from a fresh copy of it (`freshCache`). */
export async function pullRealShapedSite(work: string): Promise<string> {
  const siteDir = await keptRealShapedSite();
  const token = 'bench-token';
  const platform = await startLocalPlatform({ dir: siteDir, port: 0, token, pageSize: 1000 });
  try {
    const pulled = path.join(work, 'pulled');
    await pull({
      apiUrl: platform.url,
      token,
      organizationId: platform.model.organizations()[0]?.id as string,
      siteId: platform.model.sites()[0]?.id as string,
      cacheDir: pulled,
      concurrency: 16,
    });
    return pulled;
  } finally {
    await platform.close();
  }
}
const PAGES = REAL_SHAPED_PAGES;
const PAIRS = 2;
/** Bumped when the generator changes, so a kept site is drawn again. */
const VERSION = 2;

export const realShapedBenchmark: Benchmark = {
  name: 'real-shaped',
  description: `first build of a real-shaped site (${PAGES} pages, ~600 uploads), variants on and off`,
  async run() {
    const work = await workDir();
    try {
      const pulled = await pullRealShapedSite(work);
      const figures: Figure[] = [];
      const runs: Record<'on' | 'off', ChildReport[]> = { on: [], off: [] };
      for (let pair = 0; pair < PAIRS; pair++) {
        for (const variants of ['on', 'off'] as const) {
          const cacheDir = await freshCache(pulled, path.join(work, `cache-${variants}`));
          const outDir = path.join(work, `dist-${variants}`);
          await rm(outDir, { recursive: true, force: true });
          runs[variants].push(
            await renderInChild(cacheDir, outDir, undefined, { imageVariants: variants === 'on' }),
          );
        }
      }
      for (const variants of ['on', 'off'] as const) {
        const label = `cold render, image variants ${variants}`;
        const median = medianRun(runs[variants]);
        figures.push(
          { name: `${label}: time (median of ${PAIRS})`, value: median.seconds, unit: 's' },
          { name: `${label}: CPU`, value: median.cpuSeconds, unit: 's' },
          ...Object.entries(median.phases).map(([phase, seconds]) => ({
            name: `${label}: ${phase} phase`,
            value: seconds,
            unit: 's',
          })),
        );
      }
      const ratios = runs.on.map((on, i) => on.seconds / (runs.off[i] as ChildReport).seconds);
      figures.push(
        {
          name: 'cold render, variants on ÷ off, pair by pair (median)',
          value: median(ratios),
          unit: '×',
        },
        {
          name: 'cold render, variants on: variants made',
          value: runs.on[0]?.images.made ?? 0,
          unit: 'variants',
        },
        {
          name: 'cold render, variants on: wall time images were being made',
          value: medianRun(runs.on).images.seconds,
          unit: 's',
        },
      );
      const warm = await renderInChild(path.join(work, 'cache-on'), path.join(work, 'dist-on'));
      figures.push(
        { name: 'render with nothing changed: time', value: warm.seconds, unit: 's' },
        {
          name: 'render with nothing changed: variants made',
          value: warm.images.made,
          unit: 'variants',
        },
      );
      const bytes = await readerImageBytes(path.join(work, 'dist-on'));
      const originals = await readerImageBytes(path.join(work, 'dist-off'));
      figures.push(
        {
          name: 'image bytes a 1280 px, 2x reader fetches, every page: variants',
          value: bytes,
          unit: 'bytes',
        },
        {
          name: 'image bytes a 1280 px, 2x reader fetches, every page: originals',
          value: originals,
          unit: 'bytes',
        },
      );
      return figures;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
};

/** The site folder, drawn once and kept (a marker file says it is whole). */
export async function keptRealShapedSite(): Promise<string> {
  const dir =
    process.env.OFFPRINT_BENCH_REAL_SHAPED ??
    path.join(os.tmpdir(), `offprint-bench-real-shaped-v${VERSION}`);
  const marker = path.join(dir, '.drawn.json');
  if (existsSync(marker)) return path.join(dir, 'site');
  await rm(dir, { recursive: true, force: true });
  const made = await makeRealShapedSite({ out: path.join(dir, 'site'), pages: PAGES });
  await writeFile(marker, JSON.stringify(made));
  return path.join(dir, 'site');
}

/** An empty scratch folder for one benchmark's caches and outputs. */
export async function workDir(name = 'real-shaped'): Promise<string> {
  const work = path.join(os.tmpdir(), `offprint-bench-${name}-work-${process.pid}`);
  await rm(work, { recursive: true, force: true });
  return work;
}

/** The pulled snapshot alone: no render cache, as a CI job without a kept cache starts. */
export async function freshCache(pulled: string, cacheDir: string): Promise<string> {
  await rm(cacheDir, { recursive: true, force: true });
  await cp(pulled, cacheDir, { recursive: true });
  await rm(path.join(cacheDir, 'render'), { recursive: true, force: true });
  return cacheDir;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The run of median time (the lower middle of an even count). */
export function medianRun<T extends { seconds: number }>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => a.seconds - b.seconds);
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

/**
 * Over every page of an output: the bytes of the file each content image is fetched from at
 * 1280 px and a pixel ratio of 2 — its widest WebP variant (the 46rem column at 2x is 1472 px)
 * or, where there is no picture (no variants), the `img` itself. Each file counted once a page.
 */
async function readerImageBytes(outDir: string): Promise<number> {
  const sizes = new Map<string, number>();
  const sizeOf = async (url: string) => {
    const file = path.join(outDir, decodeURIComponent(url.slice(url.indexOf('assets/'))));
    let size = sizes.get(file);
    if (size === undefined) {
      size = (await stat(file)).size;
      sizes.set(file, size);
    }
    return size;
  };
  let total = 0;
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    let html = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
    const fetched = new Set<string>();
    html = html.replace(/<picture class="op-picture[^"]*">[\s\S]*?<\/picture>/g, (picture) => {
      const webp = /<source type="image\/webp" srcset="([^"]+)"/.exec(picture)?.[1];
      const url =
        webp?.split(', ').at(-1)?.split(' ')[0] ?? /<img src="([^"]+)"/.exec(picture)?.[1];
      if (url) fetched.add(url);
      return '';
    });
    for (const img of html.matchAll(/<img src="([^"]*\/assets\/[^"]+)"/g))
      fetched.add(img[1] as string);
    for (const url of fetched) total += await sizeOf(url);
  }
  return total;
}
