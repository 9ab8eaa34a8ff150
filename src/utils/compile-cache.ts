import { readdir, rm } from 'node:fs/promises';
import module from 'node:module';
import path from 'node:path';

/**
 * Node's compile cache, which `bin/offprint.js` enables in a folder of Offprint's own under the
 * system's temporary directory, keeps the bytecode of every module it compiles, one entry per
 * file path, and never removes any. Each Astro build runs its chunks from a folder of its own
 * (`src/render/astro.ts`: two renders must not share one, nor one process import a chunk of an
 * earlier build), so each build leaves entries no later run reads: about 200 KB a build, without
 * bound on a machine that builds all day. A render empties the cache after its build once it
 * holds more than `MAX_ENTRIES`; the next run compiles Offprint's own modules again, once.
 */

/** The cache folder's name, as `bin/offprint.js` spells it (it cannot import this module). */
export const COMPILE_CACHE_FOLDER = 'offprint-compile-cache';

/** Offprint's own modules make about 2,700 entries (16 MB); this leaves room for ~250 builds. */
export const MAX_ENTRIES = 5000;

/**
 * Empties Offprint's compile cache when it holds more than `maxEntries`. Another folder
 * (`NODE_COMPILE_CACHE`, set by the user) is theirs to keep.
 */
export async function trimCompileCache(maxEntries = MAX_ENTRIES): Promise<void> {
  // The folder of this Node's entries, `<COMPILE_CACHE_FOLDER>/<version-arch-hash>`.
  const dir = module.getCompileCacheDir?.();
  if (!dir || path.basename(path.dirname(dir)) !== COMPILE_CACHE_FOLDER) return;
  try {
    const entries = await readdir(dir);
    if (entries.length <= maxEntries) return;
    // Entries only: Node writes this process's new ones into the folder when it exits.
    await Promise.all(entries.map((entry) => rm(path.join(dir, entry), { force: true })));
  } catch {
    // A cache is only ever a speed-up: one that cannot be read or emptied costs the build nothing.
  }
}
