import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { EXAMPLE_PAGES_DIR, EXAMPLE_THEME_DIR } from '../../src/cli/site-source.ts';
import { readVocabulary } from '../../src/search/vocabulary-files.ts';
import { runCli } from '../helpers/cli.ts';
import { useExampleCache } from '../helpers/example-cache.ts';
import { readTree } from '../helpers/fs.ts';

/**
 * `render --shard K/N` and `merge`, as a CI matrix runs them: each part from the example's
 * snapshot with the example build's flags, the merge from the parts alone. The merged site is
 * the example build byte for byte, its search files aside; and the merge refuses what would not
 * make one site, before it writes anything.
 */

const example = useExampleCache('offprint-shard-');
const LOCAL = ['--pages', EXAMPLE_PAGES_DIR, '--theme', EXAMPLE_THEME_DIR];

async function offprint(...args: string[]) {
  return runCli(args, { env: inject('exampleBuild').env }).done;
}

/** Renders part K of N into `<dir>/parts-N/K` and returns the folder. */
async function renderPart(k: number, n: number, extra: string[] = []): Promise<string> {
  const out = path.join(example.dir, `parts-${n}${extra.length ? '-x' : ''}`, String(k));
  const result = await offprint(
    'render',
    '--shard',
    `${k}/${n}`,
    '--out',
    out,
    '--cache',
    example.cache,
    ...LOCAL,
    ...extra,
  );
  expect(result.code, result.stderr).toBe(0);
  return out;
}

async function renderParts(n: number): Promise<string[]> {
  // One after another: each part takes both cores' worth of Astro, as a matrix job would.
  const parts: string[] = [];
  for (let k = 1; k <= n; k++) parts.push(await renderPart(k, n));
  return parts;
}

/** Every file of an output but the search bundle (which differs by design: one per part). */
async function withoutSearch(dir: string): Promise<Map<string, Buffer>> {
  const tree = await readTree(dir);
  for (const file of [...tree.keys()]) if (file.startsWith('pagefind/')) tree.delete(file);
  return tree;
}

describe('render --shard K/N and merge', () => {
  const partsOf = new Map<number, string[]>();

  // One part (the merge of a whole site) and three (a first, a middle and a last part): two
  // parts are a first and a last, which three already show, for two more renders of the site.
  it.each([1, 3])(
    'merges %i part(s) into the unsharded build, byte for byte but for the search files',
    async (n) => {
      const parts = await renderParts(n);
      partsOf.set(n, parts);
      const out = path.join(example.dir, `merged-${n}`);
      // In reverse order: the merge sorts the parts by their manifests.
      const merged = await offprint(
        'merge',
        ...[...parts].reverse(),
        '--out',
        out,
        '--cache',
        example.cache,
      );
      expect(merged.code, merged.stderr).toBe(0);
      expect(merged.stdout).toMatch(
        new RegExp(`merged ${n} parts?: 57 pages \\(\\+5 redirects\\)`),
      );

      const expected = await withoutSearch(inject('exampleBuild').outDir);
      const actual = await withoutSearch(out);
      expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
      const differing = [...expected].filter(([file, bytes]) => !actual.get(file)?.equals(bytes));
      expect(differing.map(([file]) => file)).toEqual([]);

      // One bundle per part: part 1's is the site's, the others' under it, listed to merge.
      const list = JSON.parse(
        await readFile(path.join(out, 'pagefind/offprint-bundles.json'), 'utf8'),
      );
      expect(list).toEqual({
        merge: Array.from({ length: n - 1 }, (_, i) => `parts/${i + 2}/`),
      });
      for (const bundle of ['', ...list.merge])
        expect(existsSync(path.join(out, 'pagefind', bundle, 'pagefind-entry.json'))).toBe(true);
      // No part's own files reach the site.
      expect(existsSync(path.join(out, '_offprint/part'))).toBe(false);
      // The site's vocabulary (typo correction) is the parts' added up: the unsharded build's,
      // in pagefind/ alone.
      const vocabulary = await readVocabulary(path.join(out, 'pagefind'));
      expect(vocabulary.size).toBeGreaterThan(500);
      expect(vocabulary).toEqual(
        await readVocabulary(path.join(inject('exampleBuild').outDir, 'pagefind')),
      );
      for (const bundle of list.merge)
        expect(existsSync(path.join(out, 'pagefind', bundle, 'offprint-words'))).toBe(false);
    },
    600_000,
  );

  it('splits the pages without overlap: every page in exactly one part', async () => {
    const parts = partsOf.get(3) ?? (await renderParts(3));
    const pagesOf = await Promise.all(
      parts.map(async (part) =>
        [...(await readTree(part)).keys()].filter(
          (file) => file.endsWith('.html') && file !== '404.html',
        ),
      ),
    );
    const all = pagesOf.flat();
    expect(new Set(all).size).toBe(all.length);
    for (const pages of pagesOf) expect(pages.length).toBeGreaterThan(0);
  }, 300_000);

  it('refuses a missing, a doubled or a foreign part, and an output that overlaps a part, writing nothing', async () => {
    const parts = partsOf.get(3) ?? (await renderParts(3));
    const [one, two, three] = parts as [string, string, string];
    const out = path.join(example.dir, 'refused');
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, 'notes.txt'), 'mine');
    const merge = (...args: string[]) => offprint('merge', ...args, '--cache', example.cache);

    const missing = await merge(one, three, '--out', path.join(example.dir, 'fresh'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing part 2 of 3/);

    const doubled = await merge(one, one, two, three, '--out', path.join(example.dir, 'fresh'));
    expect(doubled.code).toBe(2);
    expect(doubled.stderr).toMatch(/part 1 of 3 is given twice/);

    // A part rendered with other flags is another render's, though its N is the same.
    const foreign = await renderPart(2, 3, ['--no-try-it']);
    const mixed = await merge(one, foreign, three, '--out', path.join(example.dir, 'fresh'));
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/parts of different renders/);
    expect(existsSync(path.join(example.dir, 'fresh'))).toBe(false);

    const notOurs = await merge(one, two, three, '--out', out);
    expect(notOurs.code).toBe(2);
    expect(notOurs.stderr).toMatch(
      /--out .*refused.* is a folder of 1 entry Offprint did not write/,
    );
    expect(await readFile(path.join(out, 'notes.txt'), 'utf8')).toBe('mine');

    const overlap = await merge(one, two, three, '--out', one);
    expect(overlap.code).toBe(2);
    expect(overlap.stderr).toMatch(/overlap/);
    expect(existsSync(path.join(one, '_offprint/part/manifest.json'))).toBe(true);

    const notAPart = await merge(out, two, three, '--out', path.join(example.dir, 'fresh'));
    expect(notAPart.code).toBe(2);
    expect(notAPart.stderr).toMatch(/is not a part of a sharded render/);
    for (const result of [missing, doubled, mixed, notOurs, overlap, notAPart])
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
  }, 300_000);

  it('checks links across the parts: a page another part should hold is reported, and --fail-on-broken-links keeps the last output', async () => {
    const parts = partsOf.get(3) ?? (await renderParts(3));
    const out = path.join(example.dir, 'checked');
    const first = await offprint('merge', ...parts, '--out', out, '--cache', example.cache);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toMatch(/broken link/);
    const before = await readTree(out);

    // A page of part 2 lost (a damaged artifact): the other parts' links to it now lead nowhere.
    const two = parts[1] as string;
    const tree = await readTree(two);
    // One that part 1's pages link to (not a redirect, not a page only its own part links).
    const linkedFromFirst = [...(await readTree(parts[0] as string)).entries()]
      .filter(([file]) => file.endsWith('.html'))
      .map(([, html]) => html.toString('utf8'))
      .join('\n');
    const victim = [...tree.keys()].find(
      (file) =>
        file.endsWith('/index.html') &&
        !file.startsWith('pagefind/') &&
        linkedFromFirst.includes(`href="/docs/${file.slice(0, -'index.html'.length)}"`),
    ) as string;
    expect(victim).toBeDefined();
    const saved = tree.get(victim) as Buffer;
    await rm(path.join(two, victim));
    try {
      const failed = await offprint(
        'merge',
        ...parts,
        '--out',
        out,
        '--cache',
        example.cache,
        '--fail-on-broken-links',
      );
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/broken links? across the parts/);
      const report = JSON.parse(
        await readFile(path.join(example.cache, 'broken-links.json'), 'utf8'),
      );
      const url = `/docs/${victim.slice(0, -'index.html'.length)}`;
      expect(report.output.some((b: { target: string }) => b.target.startsWith(url))).toBe(true);
      // The output is the last merge's, untouched.
      expect(await readTree(out)).toEqual(before);
    } finally {
      await writeFile(path.join(two, victim), saved);
    }
  }, 300_000);

  it('refuses a K or an N the site cannot have, in one line', async () => {
    const tooMany = await offprint(
      'render',
      '--shard',
      '1/500',
      '--out',
      path.join(example.dir, 'x'),
      '--cache',
      example.cache,
    );
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toMatch(/cannot split the site into 500 parts: it allows 1 to \d+/);
    const badK = await offprint(
      'render',
      '--shard',
      '5/4',
      '--out',
      path.join(example.dir, 'x'),
      '--cache',
      example.cache,
    );
    expect(badK.code).toBe(2);
    expect(badK.stderr).toMatch(/--shard 5\/4: K must be between 1 and N/);
    for (const result of [tooMany, badK]) expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(path.join(example.dir, 'x'))).toBe(false);
  }, 120_000);
});
