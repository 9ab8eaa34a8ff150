import { existsSync } from 'node:fs';
import { readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';

/**
 * The render's caches keep an entry per content (src/utils/cache-use.ts), so a cache kept
 * between CI runs grows with every edit. Every use of an entry stamps its mtime; once a day a
 * render whose stages ran removes the entries no render has used for `UNUSED_DAYS`. The render
 * holds the cache's lock and has nothing in flight by then; an entry removed too soon is only
 * made again.
 */

export const UNUSED_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The folders of `<cache>/render` whose entries are named by what they hold. */
export const ENTRY_FOLDERS = ['markdown', 'images', 'cards', 'diagrams', 'openapi'] as const;

/** A cache's own record of its entries, rewritten by each run that reads it: never an entry. */
const RECORDS = new Set(['records.json']);

/** In `<cache>/render`: its mtime is when the last sweep ran. */
export const SWEPT_MARK = 'cache-swept';

export interface SweptEntries {
  removed: number;
  bytes: number;
}

/**
 * Removes the entries of `renderDir` unused for `days`, unless a sweep ran in the last day
 * (`undefined` then, and for a cache with no render yet).
 */
export async function sweepUnusedEntries(
  renderDir: string,
  { now = Date.now(), days = UNUSED_DAYS }: { now?: number; days?: number } = {},
): Promise<SweptEntries | undefined> {
  if (!existsSync(renderDir)) return undefined;
  const mark = path.join(renderDir, SWEPT_MARK);
  const last = await stat(mark).catch(() => undefined);
  // A mark from the future (a clock set back) does not hold the sweep off.
  const sinceLast = last ? now - last.mtimeMs : Infinity;
  if (sinceLast >= 0 && sinceLast < DAY_MS) return undefined;
  const unusedSince = now - days * DAY_MS;
  const swept: SweptEntries = { removed: 0, bytes: 0 };
  const limit = pLimit(32);
  for (const folder of ENTRY_FOLDERS) {
    const entries = await readdir(path.join(renderDir, folder), {
      recursive: true,
      withFileTypes: true,
    }).catch(() => []);
    await Promise.all(
      entries
        .filter((entry) => entry.isFile() && !RECORDS.has(entry.name))
        .map((entry) =>
          limit(async () => {
            const file = path.join(entry.parentPath, entry.name);
            const stats = await stat(file).catch(() => undefined);
            if (!stats || stats.mtimeMs >= unusedSince) return;
            await rm(file, { force: true });
            swept.removed++;
            swept.bytes += stats.size;
          }),
        ),
    );
  }
  await writeFile(mark, '');
  await utimes(mark, new Date(now), new Date(now));
  return swept;
}

/**
 * Once a day, after a render whose stages ran (each use of a cache entry stamped it), the
 * entries no render has used for a month go (`sweepUnusedEntries`). A render that found nothing
 * changed used none, so it sweeps nothing.
 */
export async function sweptCacheNotes(renderDir: string): Promise<string[]> {
  try {
    const swept = await sweepUnusedEntries(renderDir);
    if (!swept || swept.removed === 0) return [];
    const mib = (swept.bytes / 1024 / 1024).toFixed(1);
    return [
      `cache: removed ${swept.removed} entries no render used in ${UNUSED_DAYS} days (${mib} MiB)`,
    ];
  } catch {
    // A cache is only ever a speed-up: one that cannot be swept costs the render nothing.
    return [];
  }
}
