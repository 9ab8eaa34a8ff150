import { existsSync } from 'node:fs';
import { mkdir, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ENTRY_FOLDERS,
  SWEPT_MARK,
  sweepUnusedEntries,
  UNUSED_DAYS,
} from '../../src/render/cache-sweep.ts';
import { markUsed } from '../../src/utils/cache-use.ts';
import { tempDir } from '../helpers/fs.ts';

const DAY = 24 * 60 * 60 * 1000;

let temp: Awaited<ReturnType<typeof tempDir>>;
let renderDir: string;
beforeEach(async () => {
  temp = await tempDir('offprint-cache-sweep-');
  renderDir = path.join(temp.dir, 'render');
});
afterEach(() => temp.cleanup());

/** An entry `relative` to the render folder, last used `daysAgo`. */
async function entry(relative: string, daysAgo: number, bytes = 10): Promise<string> {
  const file = path.join(renderDir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'x'.repeat(bytes));
  const when = new Date(Date.now() - daysAgo * DAY);
  await utimes(file, when, when);
  return file;
}

describe("the render cache's sweep of entries no render used", () => {
  it(`removes in every folder of entries those unused for ${UNUSED_DAYS} days, and nothing else`, async () => {
    const old = await Promise.all(
      ENTRY_FOLDERS.map((folder) => entry(`${folder}/ab/abcdef-old`, UNUSED_DAYS + 1, 100)),
    );
    const recent = await Promise.all(
      ENTRY_FOLDERS.map((folder) => entry(`${folder}/ab/abcdef-recent`, UNUSED_DAYS - 1)),
    );
    const kept = [
      // A cache's record of its entries, and what is not an entry folder's (Vite's, the records).
      await entry('openapi/records.json', 90),
      await entry('astro/vite/deps/chunk.js', 90),
      await entry('last-build.json', 90),
    ];
    expect(await sweepUnusedEntries(renderDir)).toEqual({
      removed: ENTRY_FOLDERS.length,
      bytes: 100 * ENTRY_FOLDERS.length,
    });
    expect(old.filter((file) => existsSync(file))).toEqual([]);
    expect([...recent, ...kept].filter((file) => !existsSync(file))).toEqual([]);
  });

  it('follows no link out of the cache', async () => {
    const outside = path.join(temp.dir, 'outside');
    const theirs = path.join(outside, 'old.json');
    await mkdir(outside, { recursive: true });
    await writeFile(theirs, '{}');
    const when = new Date(Date.now() - 90 * DAY);
    await utimes(theirs, when, when);
    await mkdir(path.join(renderDir, 'markdown'), { recursive: true });
    await symlink(outside, path.join(renderDir, 'markdown', 'ab'));
    await symlink(theirs, path.join(renderDir, 'markdown', 'cd.json'));
    expect(await sweepUnusedEntries(renderDir)).toEqual({ removed: 0, bytes: 0 });
    expect(existsSync(theirs)).toBe(true);
  });

  it('keeps an old entry once a render used it', async () => {
    const file = await entry('markdown/ab/abcdef.json', 90);
    expect(await markUsed(file)).toBe(true);
    expect(Date.now() - (await stat(file)).mtimeMs).toBeLessThan(DAY);
    expect(await sweepUnusedEntries(renderDir)).toEqual({ removed: 0, bytes: 0 });
    expect(existsSync(file)).toBe(true);
    // A missing entry is a miss, and is not made by being marked.
    const missing = path.join(renderDir, 'markdown/cd/cdef.json');
    expect(await markUsed(missing)).toBe(false);
    expect(existsSync(missing)).toBe(false);
  });

  it('sweeps at most once a day', async () => {
    await entry('cards/ab/first.png', 90);
    expect((await sweepUnusedEntries(renderDir))?.removed).toBe(1);
    const later = await entry('cards/ab/second.png', 90);
    // Within the day: not again. A day on, or with the mark set in the future: again.
    expect(await sweepUnusedEntries(renderDir, { now: Date.now() + DAY - 60_000 })).toBeUndefined();
    expect(existsSync(later)).toBe(true);
    expect((await sweepUnusedEntries(renderDir, { now: Date.now() + DAY + 60_000 }))?.removed).toBe(
      1,
    );
    await entry('cards/ab/third.png', 90);
    const future = new Date(Date.now() + 10 * DAY);
    await utimes(path.join(renderDir, SWEPT_MARK), future, future);
    expect((await sweepUnusedEntries(renderDir))?.removed).toBe(1);
  });

  it('leaves a cache with no render yet as it is', async () => {
    expect(await sweepUnusedEntries(renderDir)).toBeUndefined();
    expect(existsSync(renderDir)).toBe(false);
  });
});
