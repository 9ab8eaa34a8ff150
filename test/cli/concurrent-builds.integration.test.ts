import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';
import { debris } from '../helpers/interrupt.ts';
import { smallCopy, smallPlatform } from '../helpers/small-site.ts';

vi.setConfig({ testTimeout: 120_000 });

/**
 * Two `offprint build` started at once on one cache and output: one waits for the other's lock
 * with one line, both succeed, the output is complete after each pair and nothing is left
 * behind. The site is the small one the global setup built (`smallBuild`), pulled from its own
 * local platform: the locks are those of any site. `scripts/concurrent-builds.ts` runs ten pairs
 * of the example from an empty cache.
 */
describe('concurrent builds on one cache', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let cache: string;
  let out: string;
  let platform: Awaited<ReturnType<typeof smallPlatform>>;

  beforeAll(async () => {
    temp = await tempDir('offprint-concurrent-');
    // The global build, as if made here: the pairs reuse it while the site is unchanged.
    ({ cache, out } = await smallCopy(temp.dir));
    platform = await smallPlatform();
  });
  afterAll(async () => {
    await platform?.close();
    await temp.cleanup();
  });

  const run = (args: string[]) => runCli(args, { env: platform.env });

  /**
   * Two runs of `args` that surely overlap: the first is stopped (SIGSTOP) once it holds the
   * cache's lock, and goes on (SIGCONT) once the second says it waits. Started at the same
   * moment, on a busy machine the second could reach the lock after the first had ended.
   */
  async function overlapping(args: string[]) {
    const first = run(args);
    const pid = first.child.pid as number;
    await vi.waitFor(
      async () => {
        const holder = JSON.parse(await readFile(path.join(cache, 'offprint.lock'), 'utf8'));
        expect(holder.pid).toBe(pid);
      },
      { timeout: 60_000, interval: 20 },
    );
    process.kill(pid, 'SIGSTOP');
    const second = run(args);
    let said = '';
    second.child.stdout?.on('data', (chunk) => {
      said += chunk;
    });
    try {
      await vi.waitFor(() => expect(said).toContain(`waiting for offprint build (pid ${pid})`), {
        timeout: 60_000,
        interval: 50,
      });
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    return [first, second];
  }

  it('serializes each pair: one run waits, then both succeed and the output is complete', async () => {
    const build = ['build', ...platform.args, '--cache', cache, '--out', out];
    for (let pair = 0; pair < 2; pair++) {
      // The first pair renders (without the last render's record); the second finds nothing
      // changed, and its second run may start after the first ended.
      if (pair === 0) await rm(path.join(cache, 'render', 'last-build.json'));
      const runs = pair === 0 ? await overlapping(build) : [run(build), run(build)];
      const pids = runs.map((run) => run.child.pid as number);
      const results = await Promise.all(runs.map((run) => run.done));
      for (const result of results) expect(result.code, result.stderr).toBe(0);
      const waiting = results.filter((result) =>
        /^waiting for offprint build \(pid \d+\) on /m.test(result.stdout),
      );
      expect(waiting.length).toBeLessThanOrEqual(1);
      if (pair === 0) expect(waiting).toHaveLength(1);
      for (const run of waiting) expect(run.stdout).toContain(` on ${cache}\n`);
      expect(existsSync(path.join(out, 'index.html'))).toBe(true);
      expect(existsSync(path.join(out, 'pagefind', 'pagefind.js'))).toBe(true);
      expect(await debris(cache, out, pids)).toEqual([]);
    }
  });
});
