/**
 * Pairs of `offprint build --example` started at once on one cache and one output, one pair
 * after the other: each run must succeed (the second waiting on the first's lock), the output
 * must be complete after each pair, and nothing may be left behind. Prints one line per pair
 * and a summary. `node scripts/concurrent-builds.ts [pairs=10] [work folder]`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = path.join(ROOT, 'bin/offprint.js');
const pairs = Number(process.argv[2] ?? 10);
const work = path.resolve(process.argv[3] ?? path.join(ROOT, '.scratch', 'concurrent'));

interface Run {
  code: number | null;
  seconds: number;
  waited: boolean;
  stdout: string;
  stderr: string;
}

function build(cache: string, out: string): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [BIN, 'build', '--example', '--cache', cache, '--out', out],
      {
        env: { ...process.env, CI: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) =>
      resolve({
        code,
        seconds: (Date.now() - started) / 1000,
        waited: /^waiting for offprint build \(pid \d+\) on /m.test(stdout),
        stdout,
        stderr,
      }),
    );
  });
}

/** What an output holds of a complete build: pages, assets, the search bundle. */
function complete(out: string): boolean {
  return ['index.html', 'pagefind/pagefind.js', 'sitemap.xml', 'llms.txt'].every((file) =>
    existsSync(path.join(out, file)),
  );
}

/** Anything a run leaves that is not the cache's or the output's own content. */
async function debris(cache: string, out: string): Promise<string[]> {
  const found: string[] = [];
  const beside = await readdir(path.dirname(out));
  found.push(...beside.filter((name) => name.includes('.staging-') || name.endsWith('.lock')));
  const inCache = await readdir(cache);
  found.push(...inCache.filter((name) => name.endsWith('.lock') || name.endsWith('.tmp')));
  const render = await readdir(path.join(cache, 'render')).catch(() => []);
  found.push(...render.filter((name) => name.startsWith('build-')).map((n) => `render/${n}`));
  const snapshots = await readdir(path.join(cache, 'snapshots')).catch(() => []);
  found.push(...snapshots.filter((name) => name.startsWith('.')).map((n) => `snapshots/${n}`));
  const astro = await readdir(path.join(ROOT, '.astro', 'builds')).catch(() => []);
  found.push(...astro.map((n) => `.astro/builds/${n}`));
  return found;
}

await rm(work, { recursive: true, force: true });
await mkdir(work, { recursive: true });
const cache = path.join(work, 'cache');
const out = path.join(work, 'dist');
const started = Date.now();
let failed = 0;
let waited = 0;
let incomplete = 0;
const leftovers: string[] = [];
for (let pair = 1; pair <= pairs; pair++) {
  const runs = await Promise.all([build(cache, out), build(cache, out)]);
  const ok = runs.every((run) => run.code === 0);
  if (!ok) failed++;
  waited += runs.filter((run) => run.waited).length;
  const whole = complete(out);
  if (!whole) incomplete++;
  const left = await debris(cache, out);
  leftovers.push(...left);
  console.log(
    `pair ${pair}: exit ${runs.map((r) => r.code).join(' ')}, ${runs.map((r) => `${r.seconds.toFixed(1)} s${r.waited ? ' (waited)' : ''}`).join(', ')}; output ${whole ? 'complete' : 'INCOMPLETE'}; debris ${left.length ? left.join(' ') : 'none'}`,
  );
  for (const run of runs.filter((r) => r.code !== 0)) console.log(run.stdout, run.stderr);
}
console.log(
  `${pairs} pairs in ${((Date.now() - started) / 1000).toFixed(0)} s: ${failed} failed, ${waited} runs waited, ${incomplete} incomplete outputs, ${leftovers.length} debris`,
);
process.exitCode = failed || incomplete || leftovers.length ? 1 : 0;
