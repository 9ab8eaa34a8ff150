import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether a cache folder can take a new snapshot: `<cache>/snapshot` must be missing or the
 * symbolic link Offprint keeps there, and `<cache>/snapshots` missing or a folder (store.ts). A
 * folder or file of that name is someone's: the swap would fail on it (a folder) or replace it
 * (a file), so the pull stops before any request, and nothing there is removed.
 */

/** A cache folder in a state Offprint does not change on its own; the message says what to do. */
export class CacheStateError extends Error {
  override readonly name = 'CacheStateError';
}

/** The one line that explains why `cacheDir` cannot take a snapshot, or undefined when it can. */
export async function cacheStateProblem(cacheDir: string): Promise<string | undefined> {
  const todo = 'move it out of the cache (Offprint does not remove it) or choose another --cache';
  const link = path.join(cacheDir, 'snapshot');
  const linkKind = await kindOf(link);
  if (linkKind !== 'missing' && linkKind !== 'a symbolic link') {
    return `${link} is ${linkKind}, where Offprint keeps the link to the current snapshot: ${todo}`;
  }
  const snapshots = path.join(cacheDir, 'snapshots');
  let snapshotsKind = await kindOf(snapshots);
  // A link to a folder elsewhere serves as well as a folder here.
  if (snapshotsKind === 'a symbolic link')
    snapshotsKind = (await kindOf(snapshots, stat)) === 'a folder' ? 'a folder' : 'a broken link';
  if (snapshotsKind !== 'missing' && snapshotsKind !== 'a folder') {
    return `${snapshots} is ${snapshotsKind}, where Offprint keeps its snapshots: ${todo}`;
  }
  return undefined;
}

/** Throws a CacheStateError when `cacheDir` cannot take a snapshot. */
export async function assertCacheState(cacheDir: string): Promise<void> {
  const problem = await cacheStateProblem(cacheDir);
  if (problem) throw new CacheStateError(problem);
}

async function kindOf(target: string, look = lstat): Promise<string> {
  const stats = await look(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw error;
  });
  if (!stats) return 'missing';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a folder';
  return stats.isFile() ? 'a file' : 'neither a file nor a folder';
}
