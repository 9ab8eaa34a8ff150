import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';
import { leftInGroup } from '../helpers/process-group.ts';

/**
 * A render ends with everything it started: its markdown workers, Pagefind's process, the
 * Chromium that draws diagrams, Astro's helpers. Each run is the leader of a process group of
 * its own; once it has exited, no live process of that group may remain — on success and when
 * a signal stops it mid-way (the interrupt tests hold the output and cache to the same).
 */
describe('a render leaves no process of its group behind', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let cache: string;
  beforeAll(async () => {
    temp = await tempDir('offprint-process-group-');
    cache = await copyFolder(inject('exampleBuild').cacheDir, path.join(temp.dir, 'cache'));
  });
  afterAll(() => temp.cleanup());

  it('after a full render: workers, Pagefind and the diagrams browser all gone', async () => {
    const out = path.join(temp.dir, 'full');
    // A fresh output and no drawn diagrams in the cache: every part of a render runs.
    await rm(path.join(cache, 'render', 'diagrams'), { recursive: true, force: true });
    const { child, done } = runCli(['render', '--cache', cache, '--out', out], {
      ownGroup: true,
    });
    const result = await done;
    expect(result.code, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(
      /mermaid diagrams: \d+ drawn at build time \(0 from the cache\)/,
    );
    expect(await leftInGroup(child.pid as number)).toEqual([]);
  });

  it.each(['markdown', 'astro', 'search'])('after SIGTERM while held at %s', async (point) => {
    const out = path.join(temp.dir, `stopped-${point}`);
    const { child, done } = runCli(['render', '--cache', cache, '--out', out], {
      ownGroup: true,
      env: { OFFPRINT_TEST_PAUSE: point },
    });
    let stderr = '';
    await new Promise<void>((resolve, reject) => {
      child.stderr?.on('data', (chunk) => {
        stderr += chunk;
        if (stderr.includes(`paused at ${point}`)) resolve();
      });
      done.then((result) => reject(new Error(`exited before ${point}: ${result.stderr}`)));
    });
    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).not.toBe(0);
    expect(await leftInGroup(child.pid as number)).toEqual([]);
  });
});
