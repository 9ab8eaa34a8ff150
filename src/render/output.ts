import { randomBytes } from 'node:crypto';
import { renameSync } from 'node:fs';
import { access, constants, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { removeOnInterrupt } from '../utils/interrupt.ts';
import { folderOwnerIsGone } from '../utils/process-alive.ts';
import { blockForTest } from '../utils/test-pause.ts';
import { mayReplace, outputFolder, whatIsThere, writeOutputMarker } from './output-folder.ts';

/**
 * The output directory is replaced whole, and only by a complete build: a render writes into a
 * staging directory beside it (same file system, so renames are cheap) and swaps it in at the
 * end. A failed render leaves the previous output as it was.
 */

export class OutputError extends Error {
  override readonly name = 'OutputError';
}

/** A fresh staging directory beside `outDir`; fails early and clearly if `outDir` cannot be written. */
export async function stageOutput(outDir: string): Promise<string> {
  const parent = path.dirname(path.resolve(outDir));
  try {
    await mkdir(parent, { recursive: true });
    await access(parent, constants.W_OK);
  } catch (error) {
    throw new OutputError(`cannot write --out ${outDir}: ${why(error as NodeJS.ErrnoException)}`);
  }
  const staged = path.join(
    parent,
    `.${path.basename(outDir)}.staging-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  await mkdir(staged);
  return staged;
}

/**
 * Puts the staged build, marked as Offprint's (output-folder.ts), in place of `outDir`. The
 * command line refused an `outDir` that is not Offprint's before any work (src/cli/path-rules.ts);
 * it is read again here, as it may have changed since, and left alone if it is not. The two
 * renames are synchronous, so no signal handler runs between them; only a crash there leaves
 * `outDir` missing, and the next run puts the previous output back (`sweepOutputDebris`).
 */
export async function swapOutput(staged: string, outDir: string): Promise<void> {
  const target = path.resolve(outDir);
  const found = outputFolder(target);
  if (!mayReplace(found))
    throw new OutputError(
      `--out ${outDir} is ${whatIsThere(found)}: left as it was; choose another --out`,
    );
  writeOutputMarker(staged);
  const previous = `${staged}.previous`;
  let moved = false;
  try {
    renameSync(target, previous);
    moved = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  blockForTest('swap-between');
  try {
    renameSync(staged, target);
  } catch (error) {
    if (moved) renameSync(previous, target);
    throw error;
  }
  if (!moved) return;
  const unregister = removeOnInterrupt(previous);
  await rm(previous, { recursive: true, force: true });
  unregister();
}

/** A staging folder beside `outDir` (or the previous output set aside in a swap): `[pid, previous?]`. */
function stagingOf(outDir: string, name: string): { pid: number; previous: boolean } | undefined {
  const prefix = `.${path.basename(outDir)}.staging-`;
  if (!name.startsWith(prefix)) return undefined;
  const match = /^(\d+)-[0-9a-f]+(\.previous)?$/.exec(name.slice(prefix.length));
  return match ? { pid: Number(match[1]), previous: Boolean(match[2]) } : undefined;
}

/**
 * What renders into `outDir` that are gone left beside it: their staging folders, and the
 * previous output a render killed in the middle of its swap had set aside, which is put back
 * when `outDir` is missing. Returns the names removed or restored.
 */
export async function sweepOutputDebris(outDir: string): Promise<string[]> {
  const target = path.resolve(outDir);
  const parent = path.dirname(target);
  const names = await readdir(parent).catch(() => [] as string[]);
  const swept: string[] = [];
  const debris = names.flatMap((name) => {
    const staging = stagingOf(target, name);
    return staging && folderOwnerIsGone(staging.pid, path.join(parent, name))
      ? [{ name, ...staging }]
      : [];
  });
  // The previous output first: with `outDir` missing, it is what the last complete run wrote.
  const restored = new Set<string>();
  for (const { name } of debris.filter((d) => d.previous)) {
    try {
      await rename(path.join(parent, name), target);
      swept.push(`${name} (put back as ${path.basename(target)})`);
      restored.add(name);
    } catch {}
  }
  for (const { name } of debris.filter((d) => !restored.has(d.name))) {
    await rm(path.join(parent, name), { recursive: true, force: true, maxRetries: 3 });
    swept.push(name);
  }
  return swept;
}

/** The file system's reason in words a user can act on; the code for anything rarer. */
export function why(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a parent is not a directory';
    default:
      return error.code ?? 'not writable';
  }
}

export async function discardOutput(staged: string): Promise<void> {
  await rm(staged, { recursive: true, force: true });
}
