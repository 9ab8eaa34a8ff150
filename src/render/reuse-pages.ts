import { constants, copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { pathInside } from '../site/paths.ts';

/**
 * Pages whose view did not change since the last render are copied from that render's output
 * instead of being built by Astro again (see LastBuild.unchangedPages). The copies are real
 * copies (cloned where the file system can): the previous output must stay as it was until the
 * new one is swapped in.
 */

/** Astro's `build.assets` folder (astro.config.mjs). */
const ASTRO_ASSETS = '_astro';

/**
 * Copies the reused pages into the staged output, and the previous build's `_astro` files the
 * staged one lacks (hashed names: a reused page may use a script no rebuilt page needed).
 */
export async function copyReusedPages(
  outDir: string,
  staged: string,
  files: ReadonlySet<string>,
): Promise<void> {
  const limit = pLimit(32);
  const copy = (relative: string) =>
    limit(async () => {
      const from = pathInside(outDir, relative);
      const to = pathInside(staged, relative);
      if (!from || !to) throw new Error(`page path escapes the output: ${relative}`);
      await mkdir(path.dirname(to), { recursive: true });
      try {
        // Never over a file the new build wrote itself.
        await copyFile(from, to, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    });
  const assets = await readdir(path.join(outDir, ASTRO_ASSETS), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  await Promise.all([
    ...[...files].map(copy),
    ...assets
      .filter((entry) => entry.isFile())
      .map((entry) => copy(path.relative(outDir, path.join(entry.parentPath, entry.name)))),
  ]);
}
