import { utimes } from 'node:fs/promises';
import { fileExists } from './file-exists.ts';

/**
 * The render's caches name an entry by what it holds (a page's markdown and settings, an
 * image's bytes and variant, a card's text), so an edit leaves the old entry behind and a cache
 * kept between CI runs grows with every one. Each use of an entry sets its modification time to
 * now: the time an entry was last used is its mtime, which `src/render/cache-sweep.ts` reads to
 * remove what no run has used for a while.
 */

/**
 * Marks a cache entry as used now, and says whether it is there (a missing entry is a miss). An
 * entry this run may read but not stamp (a cache restored read-only, or another user's) is still
 * used: it stays until a run that can stamp it finds it unused.
 */
export async function markUsed(file: string): Promise<boolean> {
  const now = new Date();
  try {
    await utimes(file, now, now);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    return fileExists(file);
  }
}
