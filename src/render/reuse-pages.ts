import { constants, copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { pathInside } from '../site/paths.ts';

/**
 * Pages whose view did not change since the last render are copied from that render's output
 * instead of being built by Astro again (see LastBuild.unchangedPages). The copies are real
 * copies (cloned where the file system can): the previous output must stay as it was until the
 * new one is swapped in.
 */

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
      if (await isFile(to)) return;
      await mkdir(path.dirname(to), { recursive: true });
      await copyFile(from, to, constants.COPYFILE_FICLONE);
    });
  const assets = await readdir(path.join(outDir, ASTRO_ASSETS), { recursive: true }).catch(
    () => [] as string[],
  );
  await Promise.all([
    ...[...files].map(copy),
    ...assets.map((asset) => {
      const relative = path.join(ASTRO_ASSETS, asset);
      return isFile(path.join(outDir, relative)).then((file) =>
        file ? copy(relative) : undefined,
      );
    }),
  ]);
}

/** Astro's `build.assets` folder (astro.config.mjs). */
const ASTRO_ASSETS = '_astro';

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
}
