import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readlink, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { readTree, tempDir } from '../helpers/fs.ts';
import { debris } from '../helpers/interrupt.ts';
import { smallCopy } from '../helpers/small-site.ts';

vi.setConfig({ testTimeout: 120_000 });

/**
 * Makes `dir` refuse new entries: chmod for a user, the immutable attribute for root (whom
 * permissions do not stop). Returns the undo, or undefined when neither is possible here.
 */
function refuseWrites(dir: string): (() => void) | undefined {
  if (process.getuid?.() !== 0) {
    execFileSync('chmod', ['555', dir]);
    return () => execFileSync('chmod', ['755', dir]);
  }
  try {
    execFileSync('chattr', ['+i', dir], { stdio: 'ignore' });
    return () => execFileSync('chattr', ['-i', dir]);
  } catch {
    return undefined;
  }
}

/**
 * A disk that fills up or refuses writes in the middle of a render or a pull: exit 1 with one
 * line naming the path (and the space free there), the previous output and snapshot as they
 * were, and nothing of the run left. A full disk is injected at the write layer
 * (OFFPRINT_TEST_FAIL_WRITE, src/utils/disk-errors.ts); a refused write is a real one.
 */
describe('a full or unwritable disk', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let cache: string;
  let out: string;
  let previous: Map<string, Buffer>;
  const pids: number[] = [];

  beforeAll(async () => {
    temp = await tempDir('offprint-disk-');
    // The small site: a render of it meets the same writes as the example's, in seconds.
    ({ cache, out } = await smallCopy(temp.dir));
    await rm(path.join(cache, 'render', 'last-build.json'));
    previous = await readTree(out);
  });
  afterAll(() => temp.cleanup());

  async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
    const { child, done } = runCli(args, { env });
    pids.push(child.pid as number);
    const result = await done;
    expect(result.code, result.stdout).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    return lines[0] as string;
  }

  it('ENOSPC in the render: one line with the path and the space, dist/ unchanged, nothing left', async () => {
    const line = await run(['render', '--cache', cache, '--out', out], {
      OFFPRINT_TEST_FAIL_WRITE: 'ENOSPC:pages.data',
    });
    expect(line).toMatch(
      /^offprint: no space left on the device writing .*\/render\/build-\d+-[0-9a-f]+\/pages\.data \([\d.]+ [KMG]iB free there; the last output takes [\d.]+ [KM]iB\): .*dist and .*snapshot are unchanged$/,
    );
    expect(await debris(cache, out, pids)).toEqual([]);
    expect(await readTree(out)).toEqual(previous);
  });

  it('ENOSPC in the pull: the snapshot unchanged, and no staging or partial pull kept', async () => {
    const link = await readlink(path.join(cache, 'snapshot'));
    const line = await run(['pull', '--example', '--cache', cache], {
      OFFPRINT_TEST_FAIL_WRITE: 'ENOSPC:manifest.json',
    });
    expect(line).toMatch(
      /^offprint: no space left on the device writing .*\/snapshots\/\.staging-\d+-[0-9a-f]+\/manifest\.json \(.* free there\): .*snapshot is unchanged$/,
    );
    expect(await readlink(path.join(cache, 'snapshot'))).toBe(link);
    expect((await readdir(path.join(cache, 'snapshots'))).filter((n) => n.startsWith('.'))).toEqual(
      [],
    );
  });

  it('a cache folder that refuses writes: one line naming it, dist/ unchanged, nothing left', async (context) => {
    const markdown = path.join(cache, 'render', 'markdown');
    await rm(markdown, { recursive: true });
    await mkdir(markdown);
    const undo = refuseWrites(markdown);
    if (!undo) return context.skip('neither chmod nor chattr can refuse writes here');
    try {
      const line = await run(['render', '--cache', cache, '--out', out]);
      expect(line).toMatch(
        /^offprint: cannot write .*\/render\/markdown\/[0-9a-f]{2} \(permission denied\): .*dist and .*snapshot are unchanged$/,
      );
    } finally {
      undo();
    }
    expect(await debris(cache, out, pids)).toEqual([]);
    expect(await readTree(out)).toEqual(previous);
    expect(existsSync(path.join(out, 'index.html'))).toBe(true);
  });
});
