import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pull } from '../../src/pull/index.ts';
import { render } from '../../src/render/index.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

describe('rendering an unchanged snapshot again', () => {
  let platform: LocalPlatform;
  let temp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    platform = await startPlatform();
    temp = await tempDir();
  });
  afterAll(async () => {
    await platform?.close();
    await temp?.cleanup();
  });

  it('leaves the output alone, and builds again when anything would differ', async () => {
    const organizationId = platform.model.organizations()[0]?.id as string;
    const siteId = platform.model.sites().find((s) => s.visibility === 'public')?.id as string;
    const cacheDir = path.join(temp.dir, 'cache');
    const outDir = path.join(temp.dir, 'dist');
    // From the cache the global setup's build left, as a team's next build starts: what is
    // tested is the render after this one, not a cold render of the example again.
    await copyFolder(inject('exampleBuild').cacheDir, cacheDir);
    const firstPull = await pull({
      apiUrl: platform.url,
      token: TOKEN,
      organizationId,
      siteId,
      cacheDir,
    });

    const first = await render({ cacheDir, outDir });
    expect(first.unchanged).toBe(false);
    const marker = path.join(outDir, 'marker.txt');
    await writeFile(marker, 'left by the test');
    const before = (await stat(path.join(outDir, 'index.html'))).mtimeMs;

    const second = await render({ cacheDir, outDir });
    expect(second.unchanged).toBe(true);
    expect(second.markdownCache.misses).toBe(0);
    expect((await stat(path.join(outDir, 'index.html'))).mtimeMs).toBe(before);
    await expect(readFile(marker, 'utf8')).resolves.toBe('left by the test');
    // Nothing was read but the records: its inputs were those of the last render.
    expect(second.markdownCache.hits).toBe(0);
    expect(second.pages).toBe(first.pages);
    expect(second.warnings).toEqual(first.warnings);
    expect(second.linkReport.total).toBe(first.linkReport.total);

    // A pull that finds nothing new writes a new snapshot of the same content: still nothing to do.
    const pulled = await pull({
      apiUrl: platform.url,
      token: TOKEN,
      organizationId,
      siteId,
      cacheDir,
    });
    expect(pulled.snapshotDir).not.toBe(firstPull.snapshotDir);
    const afterPull = await render({ cacheDir, outDir });
    expect(afterPull.unchanged).toBe(true);
    expect(afterPull.markdownCache.hits).toBe(0);
    await expect(readFile(marker, 'utf8')).resolves.toBe('left by the test');

    // Its records gone, the render reads everything and finds the output as it would write it.
    await rm(path.join(cacheDir, 'render', 'last-build.json'));
    const unrecorded = await render({ cacheDir, outDir });
    expect(unrecorded.unchanged).toBe(false);

    // Another base path changes every URL: the output is built again, and replaced whole.
    const third = await render({ cacheDir, outDir, base: '/elsewhere/' });
    expect(third.unchanged).toBe(false);
    await expect(readFile(marker, 'utf8')).rejects.toThrow();
    expect(await readFile(path.join(outDir, 'index.html'), 'utf8')).toContain('/elsewhere/');
  }, 120_000);
});
