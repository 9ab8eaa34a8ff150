import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { EXAMPLE_PAGES_DIR, EXAMPLE_THEME_DIR } from '../../src/cli/site-source.ts';
import { runCli } from '../helpers/cli.ts';
import { useExampleCache } from '../helpers/example-cache.ts';
import { copyFolder, readTree } from '../helpers/fs.ts';

/**
 * Issue #56: the bundled example is a new user's first build. It prints no warning (a warning
 * is something the team should fix in its content; what the platform offers and a static site
 * shows otherwise is a note), and a build of one snapshot writes the same bytes every time, the
 * search index included, so a deploy's diff holds only what changed.
 */

/** Paths whose bytes differ between two trees, or that only one of them has. */
function differences(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((file) => {
    const left = a.get(file);
    const right = b.get(file);
    return !left || !right || !left.equals(right);
  });
}

describe('the example’s first build', () => {
  it('prints no warning', () => {
    // The global setup's build: `offprint build --example` into a new cache and output.
    const { stdout, stderr } = inject('exampleBuild');
    expect(stdout).toMatch(/^rendered \d+ pages/m);
    expect(stderr.split('\n').filter((line) => line.startsWith('warning:'))).toEqual([]);
  });
});

describe('two renders of one snapshot', () => {
  const example = useExampleCache('offprint-same-bytes-');

  it('write the same bytes, search files included', async () => {
    const render = async (cacheDir: string, outDir: string) => {
      const args = ['render', '--cache', cacheDir, '--out', outDir];
      const local = ['--pages', EXAMPLE_PAGES_DIR, '--theme', EXAMPLE_THEME_DIR];
      const result = await runCli([...args, ...local]).done;
      expect(result.code, result.stderr).toBe(0);
      // Rendered in full: an output the last render did not write is never left as it was.
      expect(result.stdout).toMatch(/^rendered \d+ pages .* into /m);
      expect(result.stdout).not.toMatch(/unchanged since the last render|nothing changed/);
      return readTree(outDir);
    };
    // One with the render cache the first build left (markdown, diagrams and images reused), one
    // with none: the snapshot alone, as a CI machine without a kept cache has it.
    const warm = await render(example.cache, path.join(example.dir, 'warm'));
    const cold = await copyFolder(example.cache, path.join(example.dir, 'cold-cache'));
    await rm(path.join(cold, 'render'), { recursive: true, force: true });
    const fresh = await render(cold, path.join(example.dir, 'cold'));
    const first = await readTree(inject('exampleBuild').outDir);

    expect([...first.keys()].filter((file) => file.startsWith('pagefind/filter/'))).not.toEqual([]);
    expect(first.size).toBeGreaterThan(200);
    expect(differences(first, warm)).toEqual([]);
    expect(differences(first, fresh)).toEqual([]);
  }, 240_000);
});
