import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { render } from '../../src/render/index.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';

/**
 * `tryIt: false` (`--no-try-it`) takes the "Test it" console off every operation, and, being
 * part of the markdown cache's key, turning it off or on again renders the pages anew.
 */
describe('the tryIt option', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let cacheDir: string;
  const outDir = () => path.join(temp.dir, 'dist');
  const missions = () => readFile(path.join(outDir(), 'api/reference/missions/index.html'), 'utf8');

  beforeAll(async () => {
    temp = await tempDir();
    cacheDir = await copyFolder(inject('exampleBuild').cacheDir, path.join(temp.dir, 'cache'));
  });
  afterAll(() => temp?.cleanup());

  it('leaves every "Test it" out when off, and brings it back when on', async () => {
    const built = await readFile(
      path.join(inject('exampleBuild').outDir, 'api/reference/missions/index.html'),
      'utf8',
    );
    expect(built).toContain('data-op-try-open');

    const off = await render({ cacheDir, outDir: outDir(), tryIt: false });
    // Every page was rendered with the settings of the example's build; none is reused now.
    expect(off.markdownCache.hits).toBe(0);
    const page = await missions();
    expect(page).toContain('class="op-openapi__title"');
    expect(page).not.toContain('data-op-try-open');
    expect(page).not.toContain('data-op-request');

    // On again: the pages the example's build cached with the console are what comes back.
    const on = await render({ cacheDir, outDir: outDir() });
    expect(on.markdownCache.misses).toBe(0);
    expect(await missions()).toContain('data-op-try-open');
  }, 240_000);
});
