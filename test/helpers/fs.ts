import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A fresh temporary directory, removed by the returned cleanup. */
export async function tempDir(
  prefix = 'offprint-test-',
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A copy of a site folder that a test may change. */
export async function copyFolder(from: string, to: string): Promise<string> {
  // Symlinks as written: a cache's `snapshot` link is relative, and `cp` would otherwise point
  // the copy's link at the original's snapshot, which tests editing their copy would then edit.
  await cp(from, to, { recursive: true, verbatimSymlinks: true });
  return to;
}

/** Every file under `dir` (relative path → contents), for comparing trees. */
export async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, absolute), await readFile(absolute));
  }
  return files;
}
