import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sweepRenderDebris } from '../../src/render/sweep.ts';
import { SnapshotStore } from '../../src/snapshot/store.ts';
import { tempDir } from '../helpers/fs.ts';

let temp: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  temp = await tempDir('offprint-sweep-');
});
afterEach(() => temp.cleanup());

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

async function folder(...parts: string[]): Promise<string> {
  const dir = path.join(temp.dir, ...parts);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'file'), parts.join('/'));
  return dir;
}

describe('the sweep of what runs that are gone left', () => {
  it("removes a dead render's build data and staging, keeps a live run's, and puts back an output set aside mid-swap", async () => {
    const dead = deadPid();
    // The parent of this test process: alive, and started before these folders were made.
    const live = process.ppid;
    await folder('cache/render', `build-${dead}-abc123`);
    await folder('cache/render', `build-${dead}-abc123-search`);
    await folder('cache/render', `build-${live}-def456`);
    await folder('cache/render/markdown');
    await folder(`.dist.staging-${dead}-0a0b0c0d`);
    await folder(`.dist.staging-${dead}-0a0b0c0d.previous`);
    await folder(`.dist.staging-${live}-1a1b1c1d`);

    const swept = await sweepRenderDebris({
      renderDir: path.join(temp.dir, 'cache/render'),
      outDir: path.join(temp.dir, 'dist'),
    });
    expect(swept).toContain(`.dist.staging-${dead}-0a0b0c0d.previous (put back as dist)`);
    expect((await readdir(path.join(temp.dir, 'cache/render'))).sort()).toEqual(
      [`build-${live}-def456`, 'markdown'].sort(),
    );
    expect(await readFile(path.join(temp.dir, 'dist/file'), 'utf8')).toBe(
      `.dist.staging-${dead}-0a0b0c0d.previous`,
    );
    expect((await readdir(temp.dir)).sort()).toEqual(
      [`.dist.staging-${live}-1a1b1c1d`, 'cache', 'dist'].sort(),
    );
  });

  it("removes a dead pull's staging, a snapshot never made current and a .partial older than the current snapshot", async () => {
    const cache = path.join(temp.dir, 'cache');
    const dead = deadPid();
    await folder('cache/snapshots/.partial');
    const old = new Date(Date.now() - 60_000);
    await utimes(path.join(cache, 'snapshots/.partial'), old, old);
    const current = await folder('cache/snapshots/current');
    await writeFile(path.join(current, 'manifest.json'), '{}');
    await symlink('snapshots/current', path.join(cache, 'snapshot'));
    await folder('cache/snapshots/orphan');
    await folder(`cache/snapshots/.staging-${dead}-abcd`);
    await folder(`cache/snapshots/.staging-${process.ppid}-abcd`);

    const swept = await new SnapshotStore(cache).sweep();
    expect(swept.length).toBe(3);
    expect((await readdir(path.join(cache, 'snapshots'))).sort()).toEqual(
      [`.staging-${process.ppid}-abcd`, 'current'].sort(),
    );
    // A .partial newer than the snapshot is what a failed pull left for the next: it stays.
    await folder('cache/snapshots/.partial');
    expect(await new SnapshotStore(cache).sweep()).toEqual([]);
    expect(existsSync(path.join(cache, 'snapshots/.partial'))).toBe(true);
  });
});
