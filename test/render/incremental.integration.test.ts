import { existsSync } from 'node:fs';
import { readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { render } from '../../src/render/index.ts';
import { copyFolder, readTree, tempDir } from '../helpers/fs.ts';

/**
 * After an edit, pages whose view did not change are copied from the last output instead of
 * being built by Astro again. What matters is that the result is what a full render writes.
 */
describe('rendering after a change to one page', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let cacheDir: string;
  let snapshotDir: string;
  const outDir = () => path.join(temp.dir, 'dist');

  beforeAll(async () => {
    temp = await tempDir();
    cacheDir = await copyFolder(inject('exampleBuild').cacheDir, path.join(temp.dir, 'cache'));
    snapshotDir = await realpath(path.join(cacheDir, 'snapshot'));
    const first = await render({ cacheDir, outDir: outDir() });
    expect(first.unchanged).toBe(false);
  }, 120_000);
  afterAll(() => temp?.cleanup());

  /** A page's markdown in the snapshot, and its text with a new paragraph. */
  async function editOnePage(marker: string): Promise<void> {
    const pagesDir = path.join(snapshotDir, 'spaces');
    const markdown = (await readdir(pagesDir, { recursive: true }))
      .filter((file) => file.endsWith('.md'))
      .sort()[0] as string;
    const file = path.join(pagesDir, markdown);
    await writeFile(file, `${await readFile(file, 'utf8')}\n\n${marker}\n`);
  }

  it('builds only what changed, and writes what a full render writes', async () => {
    await editOnePage('Incremental marker paragraph one.');
    // A page deleted from the output, or changed there since (by hand, by a later CI step), is
    // built again, not copied.
    await rm(path.join(outDir(), 'api/index.html'));
    const home = path.join(outDir(), 'index.html');
    await writeFile(home, `${await readFile(home, 'utf8')}<!-- added after the build -->`);
    const second = await render({ cacheDir, outDir: outDir() });
    const total = second.pages + second.aliases;
    expect(second.unchanged).toBe(false);
    expect(second.markdownCache.misses).toBe(1);
    // Astro builds three: the edited page (its body alone changed), the deleted and the changed.
    expect(second.reusedPages).toBe(total - 3);

    const incremental = await readTree(outDir());
    const marked = [...incremental].filter(
      ([file, bytes]) =>
        file.endsWith('.html') && bytes.includes('Incremental marker paragraph one.'),
    );
    expect(marked).toHaveLength(1);
    expect(incremental.has('api/index.html')).toBe(true);
    expect(incremental.get('index.html')?.includes('added after the build')).toBe(false);

    const fullDir = path.join(temp.dir, 'full');
    const full = await render({ cacheDir, outDir: fullDir });
    expect(full.reusedPages).toBe(0);
    const fresh = await readTree(fullDir);
    // Pagefind writes its filter files in an order of its own (a hash map), different from run
    // to run, and names them (in the entry and meta files) by their hash; the rest of the
    // index, fed the pages in the site's order, is the same.
    const comparable = (tree: Map<string, Buffer>) =>
      [...tree.keys()]
        .filter(
          (file) => !/^pagefind\/(filter\/|pagefind-entry\.json|pagefind\..*\.pf_meta)/.test(file),
        )
        .sort();
    expect(comparable(incremental)).toEqual(comparable(fresh));
    expect(comparable(fresh).filter((file) => file.startsWith('pagefind/index/'))).not.toEqual([]);
    for (const file of comparable(fresh)) {
      expect(incremental.get(file)?.equals(fresh.get(file) as Buffer), file).toBe(true);
    }
    // Reused pages are hard links to the last output's files while the render runs; that
    // output is gone now and each file is the new output's own.
    expect((await stat(path.join(outDir(), 'index.html'))).nlink).toBe(1);
  }, 240_000);

  it('builds every page again when what they share changes', async () => {
    const siteFile = path.join(snapshotDir, 'site.json');
    const site = JSON.parse(await readFile(siteFile, 'utf8'));
    site.customizations.site.styling.primaryColor = { light: '#0B7A3E', dark: '#4ADE80' };
    await writeFile(siteFile, JSON.stringify(site));
    // An asset of an earlier build: with no page reused, nothing in the new output uses it.
    const stale = path.join(outDir(), '_astro', 'Earlier.stale000.css');
    await writeFile(stale, 'body{}');
    const result = await render({ cacheDir, outDir: outDir() });
    expect(result.unchanged).toBe(false);
    expect(result.reusedPages).toBe(0);
    expect(existsSync(stale)).toBe(false);
  }, 120_000);
});
