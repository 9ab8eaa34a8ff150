import { lstatSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pull } from '../../src/pull/index.ts';
import { CacheStateError } from '../../src/snapshot/cache-state.ts';
import { tempDir } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform } from '../helpers/platform.ts';
import { pullOptions, siteIds } from '../helpers/pull.ts';

/**
 * A `snapshot` folder in the cache that is not Offprint's link: the pull stops with one line
 * and leaves nothing of its own behind, whether the folder was there before the pull (told
 * before any request) or appeared while it ran (told at the swap).
 */
describe('a pull into a cache whose snapshot is not the link', () => {
  let platform: LocalPlatform;
  let ids: Awaited<ReturnType<typeof siteIds>>;
  let temp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    platform = await startPlatform();
    ids = await siteIds(platform);
    temp = await tempDir('offprint-pull-cache-state-');
  });
  afterAll(async () => {
    await platform?.close();
    await temp?.cleanup();
  });

  async function userFolder(cache: string): Promise<string> {
    const folder = path.join(cache, 'snapshot');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'notes.txt'), 'mine');
    return folder;
  }

  it('there before the pull: refused before any request, nothing written', async () => {
    const cache = path.join(temp.dir, 'before');
    await userFolder(cache);
    const requests = platform.requests.length;
    await expect(pull(pullOptions(platform, ids, cache))).rejects.toThrow(CacheStateError);
    expect(platform.requests.length).toBe(requests);
    expect((await readdir(cache, { recursive: true })).sort()).toEqual([
      'snapshot',
      'snapshot/notes.txt',
    ]);
  });

  it('made while the pull ran: told at the swap, and the fetched copy discarded, not kept', async () => {
    const cache = path.join(temp.dir, 'during');
    await pull(pullOptions(platform, ids, cache));
    const snapshots = path.join(cache, 'snapshots');
    const before = await readdir(snapshots);
    const link = path.join(cache, 'snapshot');
    // The progress is finished once every page is in, before the swap: the folder appears then.
    const progress = {
      update() {},
      finish() {
        if (lstatSync(link).isDirectory()) return;
        rmSync(link);
        mkdirSync(link);
        writeFileSync(path.join(link, 'notes.txt'), 'mine');
      },
    };
    await expect(pull({ ...pullOptions(platform, ids, cache), progress })).rejects.toThrow(
      /during\/snapshot is a folder, where Offprint keeps the link to the current snapshot/,
    );
    expect(await readdir(snapshots)).toEqual(before);
    expect(await readdir(cache)).toEqual(expect.arrayContaining(['snapshot', 'snapshots']));
    expect((await readdir(cache)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(await readFile(path.join(link, 'notes.txt'), 'utf8')).toBe('mine');
  });
});
