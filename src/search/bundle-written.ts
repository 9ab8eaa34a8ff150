import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { childProcesses, openFilesUnder } from '../utils/proc.ts';

/**
 * Pagefind answers `writeFiles` before its bundle is all on disk. It writes each file through
 * tokio's `File`, which hands a write to a blocking thread and reports it done at once: when the
 * answer comes, the last write of some files is still under way, and a process stopped then
 * (the render stops Pagefind right after) leaves those files cut short. On a busy machine the
 * entry file was found empty.
 *
 * A file being written stays open in Pagefind's process until its last write is done, so
 * waiting until no Pagefind process holds a file of the bundle open waits for exactly those
 * writes (Linux's /proc). Where there is no /proc, the bundle is taken as written once its
 * entry file reads whole and no file's size changed for a while.
 *
 * Returns the files still being written when it gave up (none once the bundle is written).
 */
export async function bundleWritten(
  bundleDir: string,
  options: {
    /** Pagefind's processes (null: they cannot be looked into); by default found in /proc. */
    writers?: number[] | null;
    timeoutMs?: number;
  } = {},
): Promise<string[]> {
  const writers =
    options.writers === undefined ? (childProcesses('pagefind') ?? null) : options.writers;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const stillWriting =
    writers === null ? settling(bundleDir) : async () => stillOpen(writers, bundleDir);
  const pollMs = writers === null ? 100 : 10;
  for (;;) {
    const writing = await stillWriting();
    if (writing.length === 0 || Date.now() > deadline) return writing;
    await sleep(pollMs);
  }
}

function stillOpen(writers: number[], dir: string): string[] {
  return writers.flatMap((pid) => openFilesUnder(pid, dir));
}

/** Without /proc: the files whose size changed since the last look (all of them at first),
 * or the entry file while it does not parse. */
function settling(dir: string): () => Promise<string[]> {
  let sizes = new Map<string, number>();
  let since = Date.now();
  return async () => {
    const now = new Map<string, number>();
    for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      now.set(file, (await stat(file)).size);
    }
    const changed = [...now].filter(([file, size]) => sizes.get(file) !== size).map(([f]) => f);
    sizes = now;
    if (changed.length > 0) since = Date.now();
    const entry = path.join(dir, 'pagefind-entry.json');
    if (!(await readsWhole(entry))) return [entry];
    return Date.now() - since < SETTLE_MS ? [...now.keys()] : [];
  };
}

async function readsWhole(jsonFile: string): Promise<boolean> {
  try {
    JSON.parse(await readFile(jsonFile, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

/** How long the bundle's sizes must stay as they are, where writes cannot be seen. */
const SETTLE_MS = 250;
