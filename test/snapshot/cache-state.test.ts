import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CacheStateError, cacheStateProblem } from '../../src/snapshot/cache-state.ts';
import { SnapshotStore } from '../../src/snapshot/store.ts';
import { readTree, tempDir } from '../helpers/fs.ts';

let temp: Awaited<ReturnType<typeof tempDir>>;
let cache: string;
beforeEach(async () => {
  temp = await tempDir('offprint-cache-state-');
  cache = path.join(temp.dir, 'cache');
  await mkdir(cache);
});
afterEach(() => temp.cleanup());

describe('cacheStateProblem', () => {
  it('takes a missing, an empty and a working cache', async () => {
    expect(await cacheStateProblem(path.join(temp.dir, 'nowhere'))).toBeUndefined();
    expect(await cacheStateProblem(cache)).toBeUndefined();
    await mkdir(path.join(cache, 'snapshots', 'one'), { recursive: true });
    await symlink('snapshots/one', path.join(cache, 'snapshot'));
    expect(await cacheStateProblem(cache)).toBeUndefined();
  });

  it('takes a snapshot link to nowhere, and a snapshots link to a folder', async () => {
    await symlink('snapshots/gone', path.join(cache, 'snapshot'));
    await mkdir(path.join(temp.dir, 'elsewhere'));
    await symlink(path.join(temp.dir, 'elsewhere'), path.join(cache, 'snapshots'));
    expect(await cacheStateProblem(cache)).toBeUndefined();
  });

  it.each([
    [
      "a folder of the user's files",
      async (at: string) => {
        await mkdir(at);
        await writeFile(path.join(at, 'notes.txt'), 'mine');
      },
      'a folder',
    ],
    ['an empty folder', (at: string) => mkdir(at), 'a folder'],
    ['a file', (at: string) => writeFile(at, 'mine'), 'a file'],
  ])('names snapshot when it is %s, and says what to do', async (_, make, kind) => {
    await make(path.join(cache, 'snapshot'));
    expect(await cacheStateProblem(cache)).toBe(
      `${cache}/snapshot is ${kind}, where Offprint keeps the link to the current snapshot: ` +
        'move it out of the cache (Offprint does not remove it) or choose another --cache',
    );
  });

  it('names snapshot when it is a socket', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path.join(cache, 'snapshot'), resolve));
    try {
      expect(await cacheStateProblem(cache)).toMatch(/\/snapshot is neither a file nor a folder, /);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('names snapshots when it is a file or a broken link', async () => {
    await writeFile(path.join(cache, 'snapshots'), 'mine');
    expect(await cacheStateProblem(cache)).toMatch(
      /\/snapshots is a file, where Offprint keeps its snapshots: .* --cache$/,
    );
    const other = path.join(temp.dir, 'other');
    await mkdir(other);
    await symlink(path.join(temp.dir, 'gone'), path.join(other, 'snapshots'));
    expect(await cacheStateProblem(other)).toMatch(/\/snapshots is a broken link/);
  });
});

describe('SnapshotStore.commit when the link cannot be swapped', () => {
  it('leaves the staged snapshot as it was, no temporary link, and the user folder untouched', async () => {
    const store = new SnapshotStore(cache);
    const staged = await store.stage();
    await writeFile(path.join(staged, 'manifest.json'), '{}');
    // Made while the pull ran: the swap would fail on it (EISDIR), after the rename.
    const user = path.join(cache, 'snapshot');
    await mkdir(user);
    await writeFile(path.join(user, 'notes.txt'), 'mine');
    const before = await readdir(cache, { recursive: true });

    await expect(store.commit(staged)).rejects.toThrow(CacheStateError);
    expect((await readdir(cache, { recursive: true })).sort()).toEqual(before.sort());
    expect(await readFile(path.join(staged, 'manifest.json'), 'utf8')).toBe('{}');
    expect(await readFile(path.join(user, 'notes.txt'), 'utf8')).toBe('mine');
    await store.discard(staged);
  });

  it('does not replace a file made in its place while the pull ran', async () => {
    const store = new SnapshotStore(cache);
    const staged = await store.stage();
    await writeFile(path.join(staged, 'manifest.json'), '{}');
    // A rename over a file succeeds: only the check before the swap keeps the file.
    await writeFile(path.join(cache, 'snapshot'), 'mine');

    await expect(store.commit(staged)).rejects.toThrow(/snapshot is a file, /);
    expect(await readFile(path.join(cache, 'snapshot'), 'utf8')).toBe('mine');
    expect(await readdir(path.join(cache, 'snapshots'))).toEqual([path.basename(staged)]);
    await store.discard(staged);
  });

  it('puts things back when the swap itself fails, removing no folder', async () => {
    const store = new SnapshotStore(cache);
    const staged = await store.stage();
    await writeFile(path.join(staged, 'manifest.json'), '{}');
    // A folder where the temporary link goes: the state check passes, the swap fails.
    const blocker = path.join(cache, `snapshot.${process.pid}.tmp`);
    await mkdir(blocker);
    await writeFile(path.join(blocker, 'notes.txt'), 'mine');
    const before = await readTree(cache);

    await expect(store.commit(staged)).rejects.toThrow();
    const after = await readTree(cache);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect(await readdir(path.join(cache, 'snapshots'))).toEqual([path.basename(staged)]);
    await store.discard(staged);
  });
});
