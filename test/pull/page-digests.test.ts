import { appendFile, readdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pull } from '../../src/pull/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { tempDir } from '../helpers/fs.ts';
import { EXAMPLE_DIR, type LocalPlatform, startPlatform } from '../helpers/platform.ts';
import { pullOptions, siteIds } from '../helpers/pull.ts';

/**
 * A pull records the sha256 of each page's markdown; the next pull checks the previous
 * snapshot's pages against it before linking them into its own, so a page file damaged in the
 * cache is fetched again rather than carried into every later snapshot.
 */
describe('page markdown in the snapshot', () => {
  let platform: LocalPlatform;
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let cacheDir: string;
  let options: ReturnType<typeof pullOptions>;

  beforeAll(async () => {
    temp = await tempDir('offprint-page-digests-');
    platform = await startPlatform({ dir: EXAMPLE_DIR });
    cacheDir = path.join(temp.dir, 'cache');
    options = pullOptions(platform, await siteIds(platform), cacheDir);
  });
  afterAll(async () => {
    await platform?.close();
    await temp?.cleanup();
  });

  it('is recorded by digest, one per page file', async () => {
    await pull(options);
    const snapshot = await Snapshot.open(await realpath(path.join(cacheDir, 'snapshot')));
    for (const entry of snapshot.manifest.spaces) {
      const digests = await snapshot.pageDigests(entry.spaceId);
      const files = await readdir(path.join(snapshot.dir, 'spaces', entry.key, 'pages'));
      expect(Object.keys(digests?.pages ?? {})).toHaveLength(files.length);
      expect(Object.keys(digests?.pages ?? {})).toHaveLength(entry.pages);
    }
  });

  it('damaged in the cache: the next pull says which file, and fetches the page again', async () => {
    const before = await Snapshot.open(await realpath(path.join(cacheDir, 'snapshot')));
    const space = before.manifest.spaces[0];
    const pages = path.join(before.dir, 'spaces', space?.key as string, 'pages');
    const [name] = (await readdir(pages)).sort();
    const file = path.join(pages, name as string);
    const clean = await readFile(file, 'utf8');
    // Still markdown, only not what was pulled: a digest is what tells.
    await appendFile(file, '\nA line no one wrote.\n');

    const warnings: string[] = [];
    await pull({ ...options, onWarning: (message) => warnings.push(message) });
    expect(warnings).toEqual([
      `previous snapshot not reused, everything is fetched again: snapshot at ${before.dir} is damaged: ${path.join('spaces', space?.key as string, 'pages', name as string)} does not hold the markdown it was pulled with`,
    ]);
    const after = await realpath(path.join(cacheDir, 'snapshot'));
    expect(after).not.toBe(before.dir);
    expect(await readFile(path.join(after, path.relative(before.dir, file)), 'utf8')).toBe(clean);
  });
});
