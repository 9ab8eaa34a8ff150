import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startLocalPlatform } from '../../src/local-platform/server.ts';
import {
  keptRealShapedSite,
  median,
  medianRun,
  REAL_SHAPED_PAGES,
  workDir,
} from './real-shaped.ts';
import type { Benchmark, Figure } from './types.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../bin/offprint.js', import.meta.url));

/** The platform's rate limit as its docs state it for an API token. */
const RATE = { limit: 150, windowSeconds: 5 };
const PAIRS = 2;

/**
 * A new user's first `offprint build` of a real site: the real-shaped site (real-shaped.ts)
 * pulled through the platform's rate limit (150 requests per 5 s, file downloads counted) and
 * rendered, from an empty cache into an empty folder, by the CLI as a user runs it — with image
 * variants and with `--no-image-variants`, in pairs taken in turn (A B A B). Each run's wall
 * time, its pull's (from the pull's summary line), its render's phases (`--verbose`), and the CPU
 * of the whole process tree (`/usr/bin/time`: Pagefind and Chromium included) over the wall
 * time and the cores: how busy the cores were.
 */
export const firstBuildBenchmark: Benchmark = {
  name: 'first-build',
  description: `first build of the real-shaped site (${REAL_SHAPED_PAGES} pages) through ${RATE.limit} requests per ${RATE.windowSeconds} s, variants on and off`,
  async run() {
    const work = await workDir('first-build');
    try {
      const runs = await firstBuildPairs(path.join(work, 'variants'), PAIRS, {
        on: { variants: true },
        off: { variants: false },
      });
      const figures: Figure[] = [];
      for (const variants of ['on', 'off'] as const) {
        const label = `first build, image variants ${variants}`;
        const one = medianRun(runs[variants]);
        figures.push(
          { name: `${label}: time (median of ${PAIRS})`, value: one.seconds, unit: 's' },
          { name: `${label}: pull`, value: one.pullSeconds, unit: 's' },
          { name: `${label}: render`, value: one.seconds - one.pullSeconds, unit: 's' },
          ...Object.entries(one.phases).map(([phase, seconds]) => ({
            name: `${label}: render, ${phase} phase`,
            value: seconds,
            unit: 's',
          })),
          { name: `${label}: CPU of the process tree`, value: one.cpuSeconds, unit: 's' },
          {
            name: `${label}: cores busy`,
            value: (100 * one.cpuSeconds) / one.seconds / availableParallelism(),
            unit: '%',
          },
          { name: `${label}: peak RSS of the largest process`, value: one.maxRssMiB, unit: 'MiB' },
        );
        if (variants === 'on')
          figures.push({
            name: `${label}: images done during the pull`,
            value: one.imagesDuringPull,
            unit: 'images',
          });
      }
      const ratios = runs.on.map((on, i) => on.seconds / (runs.off[i] as BuildRun).seconds);
      figures.push({
        name: 'first build, variants on ÷ off, pair by pair (median)',
        value: median(ratios),
        unit: '×',
      });
      return figures;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
};

export interface BuildRun {
  seconds: number;
  pullSeconds: number;
  phases: Record<string, number>;
  cpuSeconds: number;
  maxRssMiB: number;
  imagesDuringPull: number;
  /** What the build printed (`--verbose`), for figures of a bench's own. */
  output: string;
}

/**
 * First builds of the real-shaped site from the local platform through the rate limit, the two
 * sides in turn (A B A B) for `pairs` pairs, each side's in `<work>-<side>-<pair>`.
 */
export async function firstBuildPairs(
  work: string,
  pairs: number,
  sides: Record<'on' | 'off', { variants: boolean; flags?: string[] }>,
): Promise<Record<'on' | 'off', BuildRun[]>> {
  const token = 'bench-token';
  const platform = await startLocalPlatform({ dir: await keptRealShapedSite(), port: 0, token });
  try {
    const runs: Record<'on' | 'off', BuildRun[]> = { on: [], off: [] };
    for (let pair = 0; pair < pairs; pair++) {
      for (const side of ['on', 'off'] as const) {
        // A fresh window for each build: none starts with another's requests spent.
        platform.setRateLimit(undefined);
        platform.setRateLimit(RATE);
        runs[side].push(
          await firstBuild({
            apiUrl: platform.url,
            token,
            organizationId: platform.model.organizations()[0]?.id as string,
            siteId: platform.model.sites()[0]?.id as string,
            dir: `${work}-${side}-${pair}`,
            ...sides[side],
          }),
        );
      }
    }
    return runs;
  } finally {
    await platform.close();
  }
}

async function firstBuild(input: {
  apiUrl: string;
  token: string;
  organizationId: string;
  siteId: string;
  dir: string;
  variants: boolean;
  /** More flags of `offprint build`. */
  flags?: string[];
}): Promise<BuildRun> {
  await rm(input.dir, { recursive: true, force: true });
  const args = [
    '-f',
    'offprint-time %e %U %S %M',
    process.execPath,
    CLI,
    'build',
    '--api-url',
    input.apiUrl,
    '--org',
    input.organizationId,
    '--site',
    input.siteId,
    '--cache',
    path.join(input.dir, 'cache'),
    '--out',
    path.join(input.dir, 'dist'),
    '--verbose',
    ...(input.variants ? [] : ['--no-image-variants']),
    ...(input.flags ?? []),
  ];
  const { stdout, stderr } = await run('/usr/bin/time', args, {
    env: { ...process.env, OFFPRINT_TOKEN: input.token },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${stdout}\n${stderr}`;
  const time = /offprint-time ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(output);
  const pulled = /^pulled .*?([\d.]+) s$/m.exec(output);
  const phases = /render phases: (.*)$/m.exec(output);
  if (!time || !pulled || !phases)
    throw new Error(`first-build: the build's output lacks its figures:\n${output.slice(-2000)}`);
  const images = /(\d+) of \d+ images' variants made/.exec(pulled[0]);
  return {
    seconds: Number(time[1]),
    cpuSeconds: Number(time[2]) + Number(time[3]),
    maxRssMiB: Math.round(Number(time[4]) / 1024),
    pullSeconds: Number(pulled[1]),
    phases: Object.fromEntries(
      [...(phases[1] as string).matchAll(/(\w+) ([\d.]+) s/g)].map((m) => [m[1], Number(m[2])]),
    ),
    imagesDuringPull: images ? Number(images[1]) : 0,
    output,
  };
}
