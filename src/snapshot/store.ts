import { randomBytes } from 'node:crypto';
import {
  copyFile,
  link,
  mkdir,
  readdir,
  readlink,
  rename,
  rm,
  stat,
  symlink,
} from 'node:fs/promises';
import path from 'node:path';
import { removeOnInterrupt } from '../utils/interrupt.ts';
import { folderOwnerIsGone } from '../utils/process-alive.ts';
import { assertCacheState } from './cache-state.ts';

/**
 * Where snapshots live in the cache directory, and how a new one replaces the old atomically:
 *
 * ```
 * <cache>/snapshot               → a symlink to the current snapshot
 * <cache>/snapshots/<id>/        complete snapshots
 * <cache>/snapshots/.staging-<pid>-<rand>/   one being written
 * <cache>/snapshots/.partial/    what a failed pull had fetched, reused by the next pull
 * ```
 * A pull writes into a staging directory and, once it is complete, points the symlink at it with
 * a rename (atomic on POSIX). A pull killed at any moment leaves the symlink on the previous
 * snapshot; its staging directory is swept by the next pull.
 */
export class SnapshotStore {
  readonly cacheDir: string;
  /** The folder as the user named it, for messages. */
  readonly #shownDir: string;

  constructor(cacheDir: string) {
    this.cacheDir = path.resolve(cacheDir);
    this.#shownDir = cacheDir;
  }

  get link(): string {
    return path.join(this.cacheDir, 'snapshot');
  }

  get snapshotsDir(): string {
    return path.join(this.cacheDir, 'snapshots');
  }

  /** The current snapshot's directory, or undefined when there is none. */
  async current(): Promise<string | undefined> {
    try {
      const target = await readlink(this.link);
      const dir = path.resolve(this.cacheDir, target);
      await stat(path.join(dir, 'manifest.json'));
      return dir;
    } catch {
      return undefined;
    }
  }

  /**
   * A fresh, empty staging directory, removed if the run is interrupted (until it is committed,
   * discarded or kept). Sweeps those left by pulls that died.
   */
  async stage(): Promise<string> {
    await mkdir(this.snapshotsDir, { recursive: true });
    await this.#sweepDeadStaging();
    const dir = path.join(
      this.snapshotsDir,
      `.staging-${process.pid}-${randomBytes(4).toString('hex')}`,
    );
    this.#staged.set(dir, removeOnInterrupt(dir));
    await mkdir(dir);
    return dir;
  }

  readonly #staged = new Map<string, () => void>();

  #settled(staged: string): void {
    this.#staged.get(staged)?.();
    this.#staged.delete(staged);
  }

  /**
   * Removes what pulls that are gone left: staging directories and temporary links of theirs,
   * a snapshot committed but never made current (a pull killed between the two steps), and a
   * `.partial` older than the current snapshot (a successful pull removes it; one that outlived
   * it is left over). Run while holding the cache's lock, so no other pull is between steps.
   */
  async sweep(): Promise<string[]> {
    const names = await readdir(this.snapshotsDir).catch(() => [] as string[]);
    const current = await this.current();
    const swept: string[] = [];
    const remove = async (target: string) => {
      await rm(target, { recursive: true, force: true, maxRetries: 3 });
      swept.push(path.relative(this.cacheDir, target));
    };
    for (const name of names) {
      const dir = path.join(this.snapshotsDir, name);
      const staging = /^\.staging-(\d+)-/.exec(name);
      if (staging) {
        if (folderOwnerIsGone(Number(staging[1]), dir)) await remove(dir);
      } else if (name === '.partial') {
        if (current && (await mtime(dir)) < (await mtime(current))) await remove(dir);
      } else if (current && dir !== current && !name.startsWith('.')) {
        await remove(dir);
      }
    }
    for (const name of await readdir(this.cacheDir).catch(() => [] as string[])) {
      const link = /^snapshot\.(\d+)\.tmp$/.exec(name);
      const target = path.join(this.cacheDir, name);
      if (link && folderOwnerIsGone(Number(link[1]), target)) await remove(target);
    }
    return swept;
  }

  /**
   * Makes a complete staging directory the current snapshot, then removes older ones. When the
   * link cannot be swapped (something else took its name), everything is put back as it was:
   * the staging directory stays the caller's to keep or discard, and no temporary link is left.
   */
  async commit(staged: string): Promise<string> {
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
    const final = path.join(this.snapshotsDir, id);
    const tempLink = `${this.link}.${process.pid}.tmp`;
    await assertCacheState(this.#shownDir);
    await rename(staged, final);
    try {
      await rm(tempLink, { force: true });
      await symlink(path.relative(this.cacheDir, final), tempLink);
      await rename(tempLink, this.link);
    } catch (error) {
      // Not recursive: a folder of that name is not ours to remove.
      await rm(tempLink, { force: true }).catch(() => {});
      await rename(final, staged);
      await assertCacheState(this.#shownDir);
      throw error;
    }
    this.#settled(staged);
    await this.#removeAllBut(final);
    return final;
  }

  async discard(staged: string): Promise<void> {
    await rm(staged, { recursive: true, force: true });
    this.#settled(staged);
  }

  /**
   * Keeps what a failed pull fetched as `.partial`, so the next pull can reuse its pages (a
   * pull stopped by the platform's rate limit then resumes instead of starting over). It is
   * never a snapshot: the next successful commit removes it.
   */
  async keepPartial(staged: string): Promise<void> {
    await rm(this.partialDir, { recursive: true, force: true });
    await rename(staged, this.partialDir);
    this.#settled(staged);
  }

  get partialDir(): string {
    return path.join(this.snapshotsDir, '.partial');
  }

  async #removeAllBut(keep: string): Promise<void> {
    for (const name of await readdir(this.snapshotsDir)) {
      const dir = path.join(this.snapshotsDir, name);
      if (dir !== keep && !name.startsWith('.staging-'))
        await rm(dir, { recursive: true, force: true });
    }
  }

  async #sweepDeadStaging(): Promise<void> {
    for (const name of await readdir(this.snapshotsDir)) {
      const match = /^\.staging-(\d+)-/.exec(name);
      if (match && folderOwnerIsGone(Number(match[1]), path.join(this.snapshotsDir, name))) {
        await rm(path.join(this.snapshotsDir, name), { recursive: true, force: true });
      }
    }
  }
}

async function mtime(target: string): Promise<number> {
  return (await stat(target).catch(() => undefined))?.mtimeMs ?? 0;
}

/** Reuses a file from the previous snapshot: a hard link where possible, a copy otherwise. */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    await copyFile(from, to);
  }
}
