import { existsSync } from 'node:fs';
import { readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { copyFolder, readTree, tempDir } from '../helpers/fs.ts';
import { debris, editPage, signalAt } from '../helpers/interrupt.ts';
import { smallCopy } from '../helpers/small-site.ts';

vi.setConfig({ testTimeout: 120_000 });

/**
 * Runs stopped by a signal at known points (OFFPRINT_TEST_PAUSE): SIGINT and SIGTERM leave
 * nothing behind and the previous output and snapshot as they were, with one line; SIGKILL
 * leaves debris that the next run sweeps, and the output as it was until a complete run.
 */
describe('an interrupted render', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let cache: string;
  let out: string;
  let previous: Map<string, Buffer>;
  const pids: number[] = [];
  const render = () => ['render', '--cache', cache, '--out', out];

  beforeAll(async () => {
    temp = await tempDir('offprint-interrupt-');
    // The small site: the signals stop the same points of a render, each render takes seconds.
    ({ cache, out } = await smallCopy(temp.dir));
    // One page changed: each render here goes all the way to its swap, reusing the rest.
    await editPage(cache, 'Edited once.');
    previous = await readTree(out);
  });
  afterAll(() => temp.cleanup());

  it.each([
    ['markdown', 'SIGINT', 130],
    ['search', 'SIGTERM', 143],
  ] as const)(
    'stopped at %s by %s: exit %i, one line, nothing left, dist/ unchanged',
    async (point, signal, code) => {
      const result = await signalAt(render(), [[point, signal]], pids);
      expect(result.code, result.stderr).toBe(code);
      expect(result.stderr.trim().split('\n').at(-1)).toBe(`interrupted: ${out}/ unchanged`);
      expect(result.left, 'processes of the run left running').toEqual([]);
      expect(await debris(cache, out, pids)).toEqual([]);
      expect(await readTree(out)).toEqual(previous);
    },
  );

  it('a second Ctrl+C while the first is handled exits at once', async () => {
    const stops = [
      ['markdown', 'SIGINT'],
      ['interrupt', 'SIGINT'],
    ] as const;
    const result = await signalAt(render(), [...stops], pids);
    expect(result.code).toBe(130);
    expect(result.left, 'processes of the run left running').toEqual([]);
    expect(result.stderr).not.toContain('interrupted:');
    expect(await readTree(out)).toEqual(previous);
  });

  it('killed in Astro and in the middle of its swap: dist/ as it was, then put back and swept by the next run', async () => {
    expect((await signalAt(render(), [['astro', 'SIGKILL']], pids)).signal).toBe('SIGKILL');
    expect((await debris(cache, out, pids)).length).toBeGreaterThan(0);
    expect(await readTree(out)).toEqual(previous);
    // Between the swap's two renames: no dist/ at all, the previous one set aside.
    const killed = await signalAt(render(), [['swap-between', 'SIGKILL']], pids);
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(out)).toBe(false);

    const next = await runCli(render()).done;
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toMatch(/^removed what interrupted runs left: .*\(put back as dist\)/m);
    expect(next.stdout).toMatch(/rendered \d+ pages/);
    expect(await debris(cache, out, pids)).toEqual([]);
    expect(existsSync(path.join(out, 'pagefind', 'pagefind.js'))).toBe(true);
  });

  it('stopped at its swap, after a complete run: the new dist/ stays as it was', async () => {
    await editPage(cache, 'Edited twice.');
    const complete = await readTree(out);
    const result = await signalAt(render(), [['swap', 'SIGINT']], pids);
    expect(result.code, result.stderr).toBe(130);
    expect(result.left, 'processes of the run left running').toEqual([]);
    expect(await debris(cache, out, pids)).toEqual([]);
    expect(await readTree(out)).toEqual(complete);
  });
});

describe('an interrupted pull', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let cache: string;
  const pull = () => ['pull', '--example', '--cache', cache];

  beforeAll(async () => {
    temp = await tempDir('offprint-interrupt-pull-');
    cache = await copyFolder(inject('exampleBuild').cacheDir, path.join(temp.dir, 'cache'));
  });
  afterAll(() => temp.cleanup());

  it('keeps the snapshot on SIGINT, SIGTERM and SIGKILL; the next pull sweeps and succeeds', async () => {
    const link = path.join(cache, 'snapshot');
    const before = await readlink(link);
    const snapshot = await readTree(path.join(cache, before));
    const out = path.join(temp.dir, 'dist');
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      const result = await signalAt(pull(), [['pull', signal]]);
      expect(result.code, result.stderr).toBe(code);
      expect(result.left, 'processes of the run left running').toEqual([]);
      expect(result.stderr.trim().split('\n').at(-1)).toBe(
        `interrupted: ${path.join(cache, 'snapshot')} unchanged`,
      );
      expect(await debris(cache, out, [])).toEqual([]);
    }
    expect((await signalAt(pull(), [['pull', 'SIGKILL']])).signal).toBe('SIGKILL');
    expect(
      (await debris(cache, out, [])).some((name) => name.startsWith('snapshots/.staging-')),
    ).toBe(true);
    expect(await readlink(link)).toBe(before);
    expect(await readTree(path.join(cache, before))).toEqual(snapshot);

    const next = await runCli(pull()).done;
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toMatch(/^removed what interrupted runs left: snapshots\/\.staging-/m);
    expect(await debris(cache, out, [])).toEqual([]);
  });
});

describe('a pull interrupted while it makes image variants', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    temp = await tempDir('offprint-interrupt-images-');
  });
  afterAll(() => temp.cleanup());

  it('leaves no variant half-written: what was being written goes with the run', async () => {
    const cache = path.join(temp.dir, 'cache');
    // Held as a variant is written, before it takes its name: a signal now cuts it short.
    const result = await signalAt(
      ['pull', '--example', '--cache', cache],
      [['image-variant', 'SIGINT']],
    );
    expect(result.code, result.stderr).toBe(130);
    expect(result.left, 'processes of the run left running').toEqual([]);
    const images = path.join(cache, 'render', 'images');
    const names = (await readdir(images, { recursive: true })).map(String);
    expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // Every variant there is whole: it decodes.
    for (const name of names.filter((name) => /\.(webp|jpg|png)$/.test(name)))
      await expect(sharp(path.join(images, name)).stats()).resolves.toBeDefined();
  });

  it('with --no-image-variants makes none', async () => {
    const cache = path.join(temp.dir, 'cache-none');
    const result = await runCli(['pull', '--example', '--cache', cache, '--no-image-variants'])
      .done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('images');
    expect(existsSync(path.join(cache, 'render', 'images'))).toBe(false);
  });
});
