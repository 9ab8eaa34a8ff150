import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

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

/** Puts the staged build in place of `outDir`. */
export async function swapOutput(staged: string, outDir: string): Promise<void> {
  const target = path.resolve(outDir);
  const previous = `${staged}.previous`;
  let moved = false;
  try {
    await rename(target, previous);
    moved = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    await rename(staged, target);
  } catch (error) {
    if (moved) await rename(previous, target);
    throw error;
  }
  if (moved) await rm(previous, { recursive: true, force: true });
}

/** The file system's reason in words a user can act on; the code for anything rarer. */
function why(error: NodeJS.ErrnoException): string {
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
