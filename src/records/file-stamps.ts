import { stat } from 'node:fs/promises';
import pLimit from 'p-limit';
import { pathInside } from '../site/paths.ts';

/**
 * A file as written: its size and modification time. A record keeps the stamp of each file it
 * wrote, so a file edited or replaced since (by hand, or by a later CI step) is not reused.
 */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

/** The stamp of `file` under `dir`, when it is a file there. */
export async function fileStamp(dir: string, file: string): Promise<FileStamp | undefined> {
  const target = pathInside(dir, file);
  if (!target) return undefined;
  try {
    const stats = await stat(target);
    return stats.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** The stamps of those of `files` that are files under `dir`, by file. */
export async function stampsOf(
  dir: string,
  files: Iterable<string>,
): Promise<Map<string, FileStamp>> {
  const stamps = new Map<string, FileStamp>();
  const limit = pLimit(32);
  await Promise.all(
    [...files].map((file) =>
      limit(async () => {
        const stamp = await fileStamp(dir, file);
        if (stamp) stamps.set(file, stamp);
      }),
    ),
  );
  return stamps;
}

/** Whether `now` is the file `then` recorded. */
export function sameStamp(then: FileStamp | undefined, now: FileStamp | undefined): boolean {
  return then !== undefined && now?.size === then.size && now.mtimeMs === then.mtimeMs;
}
