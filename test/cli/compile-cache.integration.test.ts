import { execFileSync } from 'node:child_process';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPILE_CACHE_FOLDER, MAX_ENTRIES } from '../../src/utils/compile-cache.ts';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';
import { smallCopy } from '../helpers/small-site.ts';

// Three real renders, each a process with an Astro build: about 10 s on a quiet machine, and
// past the default 30 s when the machine is busy (a clean-clone run timed out at 30 s).
vi.setConfig({ testTimeout: 180_000 });

/**
 * Node's compile cache as `offprint` keeps it (src/utils/compile-cache.ts): in a folder of its
 * own under the temporary directory, emptied by a render once it holds more than MAX_ENTRIES
 * (each Astro build leaves entries for chunks no later run reads), and a folder the user chose
 * with NODE_COMPILE_CACHE left as it is.
 */
describe("offprint's compile cache", () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let cache: string;
  let out: string;
  /** This Node's entries' folder name inside a compile cache (`v24.…-x64-…-0`). */
  let versionFolder: string;

  beforeAll(async () => {
    temp = await tempDir('offprint-compile-cache-');
    ({ cache, out } = await smallCopy(temp.dir));
    const probe = path.join(temp.dir, 'probe');
    versionFolder = path.basename(
      execFileSync(process.execPath, [
        '-e',
        `const m = require('node:module'); m.enableCompileCache(${JSON.stringify(probe)}); process.stdout.write(m.getCompileCacheDir())`,
      ]).toString(),
    );
  });
  afterAll(() => temp.cleanup());

  /** `count` entries no module will ever match, as old builds' chunks leave. */
  async function stale(folder: string, count: number): Promise<void> {
    await mkdir(folder, { recursive: true });
    await Promise.all(
      Array.from({ length: count }, (_, i) => writeFile(path.join(folder, `stale-${i}`), 'x')),
    );
  }
  const staleIn = async (folder: string) =>
    (await readdir(folder)).filter((name) => name.startsWith('stale-')).length;

  /** A render that runs Astro's build (the last build's record gone, nothing is skipped). */
  async function render(env: NodeJS.ProcessEnv): Promise<void> {
    await rm(path.join(cache, 'render', 'last-build.json'), { force: true });
    const result = await runCli(['render', '--cache', cache, '--out', out], { env }).done;
    expect(result.code, result.stderr).toBe(0);
  }

  it('keeps a cache of MAX_ENTRIES, empties one past it, and leaves the user’s own folder be', async () => {
    const tmp = path.join(temp.dir, 'tmp');
    const own = path.join(tmp, COMPILE_CACHE_FOLDER, versionFolder);

    await stale(own, MAX_ENTRIES);
    await render({ TMPDIR: tmp });
    // At the limit, nothing goes; the render added the entries of the modules it compiled.
    expect(await staleIn(own)).toBe(MAX_ENTRIES);
    expect((await readdir(own)).length).toBeGreaterThan(MAX_ENTRIES);

    await render({ TMPDIR: tmp });
    expect(await staleIn(own)).toBe(0);
    // What is left is what this render wrote as it exited: its build's chunks, a few entries.
    expect((await readdir(own)).length).toBeLessThan(MAX_ENTRIES / 10);

    const users = path.join(temp.dir, 'users-cache');
    await stale(path.join(users, versionFolder), MAX_ENTRIES + 1);
    await rm(path.join(tmp, COMPILE_CACHE_FOLDER), { recursive: true });
    await render({ TMPDIR: tmp, NODE_COMPILE_CACHE: users });
    expect(await staleIn(path.join(users, versionFolder))).toBe(MAX_ENTRIES + 1);
    await expect(readdir(path.join(tmp, COMPILE_CACHE_FOLDER))).rejects.toThrow(/ENOENT/);
  });
});
