import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENTRY_FOLDERS, SWEPT_MARK, UNUSED_DAYS } from '../../src/render/cache-sweep.ts';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';
import { editPage, exampleCopy } from '../helpers/interrupt.ts';

// Two renders of the example, each with Astro's build.
vi.setConfig({ testTimeout: 240_000 });

const DAY = 24 * 60 * 60 * 1000;

/** Sets `file`'s last use `days` ago. */
async function lastUsed(file: string, days: number): Promise<void> {
  const when = new Date(Date.now() - days * DAY);
  await utimes(file, when, when);
}

/** Every entry of the render cache's entry folders (their records aside). */
async function entriesOf(renderDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const folder of ENTRY_FOLDERS) {
    for (const entry of await readdir(path.join(renderDir, folder), {
      recursive: true,
      withFileTypes: true,
    }))
      if (entry.isFile() && entry.name !== 'records.json')
        files.push(path.join(entry.parentPath, entry.name));
  }
  return files;
}

/**
 * A cache kept between CI runs for months (src/render/cache-sweep.ts): every entry a render
 * uses is stamped, and a render removes, once a day, what no render used for a month.
 */
describe('a render over a cache kept for months', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let cache: string;
  let out: string;
  let renderDir: string;
  const render = async () => {
    const result = await runCli(['render', '--cache', cache, '--out', out, '-v']).done;
    expect(result.code, result.stderr).toBe(0);
    return `${result.stdout}\n${result.stderr}`;
  };

  beforeAll(async () => {
    temp = await tempDir('offprint-cache-sweep-');
    ({ cache, out } = await exampleCopy(temp.dir));
    renderDir = path.join(cache, 'render');
  });
  afterAll(() => temp.cleanup());

  it('removes the entries no render used for a month, and none that it used', async () => {
    const entries = await entriesOf(renderDir);
    // Markdown, variants, cards, diagrams and specs: the example has each.
    for (const folder of ENTRY_FOLDERS)
      expect(
        entries.some((file) => file.includes(`${path.sep}${folder}${path.sep}`)),
        folder,
      ).toBe(true);
    for (const file of entries) await lastUsed(file, UNUSED_DAYS + 10);
    // In each folder, an entry of content no page has any more.
    const orphans: string[] = [];
    for (const folder of ENTRY_FOLDERS) {
      const file = path.join(renderDir, folder, 'ff', `ff${'0'.repeat(62)}.json`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, '{}');
      await lastUsed(file, UNUSED_DAYS + 10);
      orphans.push(file);
    }
    await rm(path.join(renderDir, SWEPT_MARK), { force: true });

    // One page edited: the render goes through its stages, finding the rest in the cache.
    await editPage(cache, 'Edited once.');
    const first = await render();
    expect(orphans.filter((file) => existsSync(file))).toEqual([]);
    const removed = Number(
      /cache: removed (\d+) entries no render used in 30 days/.exec(first)?.[1],
    );
    // The orphans, and what the edited page's markdown was before: nothing the render used.
    expect(removed).toBeGreaterThanOrEqual(orphans.length);
    expect(removed).toBeLessThanOrEqual(orphans.length + 2);

    // Edited again: everything but that page is found in the cache, nothing is made again.
    const orphan = orphans[0] as string;
    await writeFile(orphan, '{}');
    await lastUsed(orphan, UNUSED_DAYS + 10);
    await editPage(cache, 'Edited twice.');
    const second = await render();
    expect(second).toMatch(/markdown cache \d+ hits, 1 misses/);
    expect(second).toMatch(/images: 0 variants made, [1-9]\d* reused from the cache/);
    expect(second).toMatch(/share cards: 0 drawn, [1-9]\d* reused from the cache/);
    expect(second).toMatch(/OpenAPI specs: [1-9]\d* \(0 loaded/);
    const [, drawn, cached] = /mermaid diagrams: (\d+) drawn at build time \((\d+) from the cache\)/
      .exec(second)
      ?.map(Number) ?? [0, -1, -2];
    expect(cached).toBe(drawn);
    // Once a day: the old entry put back stays until tomorrow's sweep.
    expect(second).not.toMatch(/cache: removed/);
    expect(existsSync(orphan)).toBe(true);
  });
});
