import { constants, copyFile, link, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { pathInside } from '../site/paths.ts';
import { carriedOver } from './reuse-policy.ts';

/**
 * Pages whose view did not change since the last render are copied from that render's output
 * instead of being built by Astro again (reuse-policy.ts decides which). A copy is a hard link
 * where the file system allows one (else a copy, cloned where it can): nothing writes into a
 * page file once Astro is done (every other file of the output has a name no page can take,
 * src/site/paths.ts), so the previous output stays as it was until the new one is swapped in,
 * and once it is removed the new output's files are its own.
 */

/** Astro's `build.assets` folder (astro.config.mjs). */
const ASTRO_ASSETS = '_astro';

/**
 * Copies the reused pages into the staged output, with the previous build's `_astro` files the
 * staged one lacks, as reuse-policy.ts's `carriedOver` lists them.
 */
export async function copyReusedPages(
  outDir: string,
  staged: string,
  files: ReadonlySet<string>,
): Promise<void> {
  const limit = pLimit(32);
  const made = new Map<string, Promise<unknown>>();
  const copy = (relative: string) =>
    limit(async () => {
      const from = pathInside(outDir, relative);
      const to = pathInside(staged, relative);
      if (!from || !to) throw new Error(`page path escapes the output: ${relative}`);
      const dir = path.dirname(to);
      if (!made.has(dir)) made.set(dir, mkdir(dir, { recursive: true }));
      await made.get(dir);
      await linkOrCopy(from, to);
    });
  const assets = await readdir(path.join(outDir, ASTRO_ASSETS), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  const lastAssets = assets
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)));
  await Promise.all(carriedOver(files, lastAssets).map(copy));
}

/** `to` as a hard link to `from`, else a copy; never over a file the new build wrote itself. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
    return;
  } catch (error) {
    if (code(error) === 'EEXIST') return;
  }
  try {
    await copyFile(from, to, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL);
  } catch (error) {
    if (code(error) !== 'EEXIST') throw error;
  }
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}
