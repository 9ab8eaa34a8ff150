import { spawn } from 'node:child_process';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalPlatform } from '../../src/local-platform/server.ts';
import { makeSite } from '../lib/make-site.ts';
import { sampleChildrenMemory } from './process-memory.ts';
import type { Benchmark, Figure } from './types.ts';

const CLI = fileURLToPath(new URL('../../bin/offprint.js', import.meta.url));
const COMPARE = fileURLToPath(new URL('../compare-output.ts', import.meta.url));

const PAGES = Number(process.env.OFFPRINT_BENCH_SHARD_PAGES ?? 40000);
const PARTS = Number(process.env.OFFPRINT_BENCH_SHARD_PARTS ?? 4);
const SPACES = 8;
const SEED = 1;

/**
 * A site rendered in one process against the same site rendered as N parts and merged, as a CI
 * matrix runs it (docs/sharding.md, "The shards bench"). A synthetic site of
 * `OFFPRINT_BENCH_SHARD_PAGES` pages (40,000 by default) in 8 site spaces is pulled once by the
 * CLI; each render then starts from its own copy of that cache, as each matrix job restores the
 * pull job's cache: a render writes its markdown cache and build data into its cache folder,
 * and a part must not reuse what another render left there. The copies are not timed.
 *
 * Every step is the real CLI in a process of its own: `render` into one output, then
 * `render --shard K/N` for each part one after another (on a matrix each runs on its own
 * machine), then `merge` of the parts. Each step's wall time and the peak RSS of its process
 * tree (Pagefind's indexer included; process-memory.ts). The matrix's wall time is the pull, the
 * slowest part and the merge; the one machine's, the pull and the one-process render.
 *
 * The merged site must equal the one-process output file for file (scripts/compare-output.ts),
 * the search files under `pagefind/` aside (the merge places each part's search bundle under
 * `pagefind/parts/K/`): any other difference fails the bench.
 */
export const shardsBenchmark: Benchmark = {
  name: 'shards',
  description: `${PAGES} synthetic pages in ${SPACES} site spaces: one render against ${PARTS} parts and a merge`,
  async run() {
    const work = path.join(os.tmpdir(), `offprint-bench-shards-${process.pid}-${PAGES}`);
    await rm(work, { recursive: true, force: true });
    try {
      return await measureShards(work);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
};

async function measureShards(work: string): Promise<Figure[]> {
  const siteDir = path.join(work, 'site');
  makeSite({ pages: PAGES, out: siteDir, seed: SEED, spaces: SPACES });
  const pulled = path.join(work, 'pulled');
  const pull = await pullSite(siteDir, pulled, work);

  const one = await renderFrom(pulled, path.join(work, 'cache-one'), (cache) => [
    'render',
    '--cache',
    cache,
    '--out',
    path.join(work, 'one'),
  ]);
  const partDirs = Array.from({ length: PARTS }, (_, k) => path.join(work, `part-${k + 1}`));
  const parts: PartRun[] = [];
  for (const [k, partDir] of partDirs.entries()) {
    const shard = `${k + 1}/${PARTS}`;
    const step = await renderFrom(pulled, path.join(work, `cache-part-${k + 1}`), (cache) => [
      'render',
      '--shard',
      shard,
      '--cache',
      cache,
      '--out',
      partDir,
    ]);
    parts.push({ ...step, pages: await partPages(partDir) });
  }
  // The merge reads only the parts; its cache folder takes its broken-link report.
  const merged = path.join(work, 'merged');
  const merge = await runStep([
    'merge',
    ...partDirs,
    '--out',
    merged,
    '--cache',
    path.join(work, 'cache-merge'),
  ]);
  const check = await compareAsideSearch(merged, path.join(work, 'one'));
  if (check.differences.length > 0) {
    throw new Error(
      `shards: the merged site differs from the one-process render in ${check.differences.length} files outside pagefind/:\n${check.differences.slice(0, 20).join('\n')}`,
    );
  }
  return shardFigures({
    pages: PAGES,
    pull,
    one,
    parts,
    merge,
    compared: check.compared,
  });
}

export interface Step {
  seconds: number;
  /** The highest sum of the RSS of the step's process and its descendants, in MiB. */
  peakMiB: number;
}

export interface PartRun extends Step {
  pages: number;
}

/** The figures of one sitting; the matrix's wall time is the pull, the slowest part, the merge. */
export function shardFigures(input: {
  pages: number;
  pull: Step;
  one: Step;
  parts: PartRun[];
  merge: Step;
  compared: number;
}): Figure[] {
  const { pull, one, parts, merge } = input;
  const n = parts.length;
  const label = `${input.pages} pages, ${n} parts`;
  const slowest = Math.max(...parts.map((part) => part.seconds));
  const partPages = parts.reduce((sum, part) => sum + part.pages, 0);
  const largest = Math.max(...parts.map((part) => part.pages));
  const matrix = pull.seconds + slowest + merge.seconds;
  const oneMachine = pull.seconds + one.seconds;
  return [
    { name: `${label}: pull`, value: pull.seconds, unit: 's' },
    { name: `${label}: pull, peak RSS of the process tree`, value: pull.peakMiB, unit: 'MiB' },
    { name: `${label}: one-process render`, value: one.seconds, unit: 's' },
    {
      name: `${label}: one-process render, peak RSS of the process tree`,
      value: one.peakMiB,
      unit: 'MiB',
    },
    ...parts.flatMap((part, k) => [
      { name: `${label}: part ${k + 1}, pages`, value: part.pages, unit: 'pages' },
      { name: `${label}: part ${k + 1}, render`, value: part.seconds, unit: 's' },
      {
        name: `${label}: part ${k + 1}, peak RSS of the process tree`,
        value: part.peakMiB,
        unit: 'MiB',
      },
    ]),
    { name: `${label}: pages in the parts`, value: partPages, unit: 'pages' },
    {
      name: `${label}: largest part ÷ an equal share (pages)`,
      value: n > 0 && partPages > 0 ? largest / (partPages / n) : 0,
      unit: '×',
    },
    {
      name: `${label}: slowest part ÷ fastest part (time)`,
      value: slowest / Math.min(...parts.map((part) => part.seconds)),
      unit: '×',
    },
    { name: `${label}: merge`, value: merge.seconds, unit: 's' },
    { name: `${label}: merge, peak RSS of the process tree`, value: merge.peakMiB, unit: 'MiB' },
    { name: `${label}: matrix wall time (pull + slowest part + merge)`, value: matrix, unit: 's' },
    {
      name: `${label}: one machine's wall time (pull + one-process render)`,
      value: oneMachine,
      unit: 's',
    },
    { name: `${label}: matrix ÷ one machine (wall time)`, value: matrix / oneMachine, unit: '×' },
    {
      name: `${label}: merged vs one-process, files in both compared (none differs outside pagefind/)`,
      value: input.compared,
      unit: 'files',
    },
  ];
}

/** The CLI's pull of the site folder, served by the local platform, into `cacheDir`. */
async function pullSite(siteDir: string, cacheDir: string, work: string): Promise<Step> {
  const token = 'bench-token';
  const tokenFile = path.join(work, 'token');
  await writeFile(tokenFile, token, { mode: 0o600 });
  const platform = await startLocalPlatform({ dir: siteDir, port: 0, token });
  // The hosted platform has its link reports ready; the local one reads every page for them.
  await platform.warmReferences();
  try {
    return await runStep([
      'pull',
      '--api-url',
      platform.url,
      '--token-file',
      tokenFile,
      '--org',
      platform.model.organizations()[0]?.id as string,
      '--site',
      platform.model.sites()[0]?.id as string,
      '--cache',
      cacheDir,
    ]);
  } finally {
    await platform.close();
  }
}

/** A step run on its own copy of the pulled cache (copied untimed, removed afterwards). */
async function renderFrom(
  pulled: string,
  cache: string,
  args: (cache: string) => string[],
): Promise<Step> {
  await cp(pulled, cache, { recursive: true });
  try {
    return await runStep(args(cache));
  } finally {
    await rm(cache, { recursive: true, force: true });
  }
}

/** The page count a part's manifest records. */
async function partPages(partDir: string): Promise<number> {
  const manifest = path.join(partDir, '_offprint', 'part', 'manifest.json');
  const { pages } = JSON.parse(await readFile(manifest, 'utf8')) as { pages: number };
  return pages;
}

/** One CLI command in a process of its own: its wall time and its process tree's peak RSS. */
async function runStep(args: string[]): Promise<Step> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true' },
  });
  const memory = sampleChildrenMemory(child.pid as number);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await memory.stop();
  if (code !== 0) {
    throw new Error(
      `shards: offprint ${args[0]} exited with ${code}:\n${output.trim().slice(-2000)}`,
    );
  }
  return { seconds, peakMiB: Math.round(memory.peakTreeKiB / 1024) };
}

/**
 * scripts/compare-output.ts on two outputs, the differences under `pagefind/` left out: the
 * files compared and every other difference. Its output is read line by line; a line it does
 * not recognize, or a count that does not match the lines, fails the bench.
 */
async function compareAsideSearch(
  a: string,
  b: string,
): Promise<{ compared: number; differences: string[] }> {
  const child = spawn(process.execPath, [COMPARE, '--dirs', a, b], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const lines = stdout.trim().split('\n');
  const summary = /^compare-output: (\d+) files compared, (\d+) differences? /.exec(
    lines.pop() ?? '',
  );
  if ((code !== 0 && code !== 1) || !summary) {
    throw new Error(`shards: compare-output exited with ${code}:\n${`${stdout}${stderr}`.trim()}`);
  }
  const differences: string[] = [];
  for (const line of lines) {
    const file =
      /^only in .*?: (.+)$/.exec(line)?.[1] ?? /^differs: (.+?) \(\d+ bytes /.exec(line)?.[1];
    if (file === undefined) throw new Error(`shards: compare-output printed "${line}"`);
    if (!file.startsWith('pagefind/')) differences.push(line);
  }
  if (lines.length !== Number(summary[2])) {
    throw new Error(`shards: compare-output listed ${lines.length} of ${summary[2]} differences`);
  }
  return { compared: Number(summary[1]), differences };
}
