import { readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { formatSize } from '../hosting/llms-full.ts';

/**
 * The one line for a run that failed on a full or unwritable disk: the path (or, when the
 * error names none, the folder the run was writing), the space free there and the space the
 * last complete output took (what this one will need, roughly), and what was left as it was.
 */
export async function diskErrorLine(
  error: NodeJS.ErrnoException,
  run: { cache: string; out?: string },
): Promise<string> {
  const where = error.path ?? (run.out ? path.dirname(path.resolve(run.out)) : run.cache);
  const kept = run.out
    ? `${run.out} and ${path.join(run.cache, 'snapshot')} are unchanged`
    : `${path.join(run.cache, 'snapshot')} is unchanged`;
  if (error.code !== 'ENOSPC' && error.code !== 'EDQUOT')
    return `cannot write ${where} (${reason(error.code)}): ${kept}`;
  const free = await freeSpace(where);
  const previous = run.out ? await sizeOf(run.out) : undefined;
  const space = [
    free !== undefined ? `${formatSize(free)} free there` : '',
    previous ? `the last output takes ${formatSize(previous)}` : '',
  ].filter(Boolean);
  return `no space left on the device writing ${where}${space.length ? ` (${space.join('; ')})` : ''}: ${kept}`;
}

function reason(code: string | undefined): string {
  if (code === 'EROFS') return 'read-only file system';
  if (code === 'EDQUOT') return 'disk quota exceeded';
  return 'permission denied';
}

async function freeSpace(target: string): Promise<number | undefined> {
  for (let dir = target; ; dir = path.dirname(dir)) {
    try {
      const fs = await statfs(dir);
      return fs.bavail * fs.bsize;
    } catch {
      if (dir === path.dirname(dir)) return undefined;
    }
  }
}

async function sizeOf(dir: string): Promise<number | undefined> {
  try {
    let bytes = 0;
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
    return bytes;
  } catch {
    return undefined;
  }
}
