import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { useExampleCache } from '../helpers/example-cache.ts';

vi.setConfig({ testTimeout: 120_000 });

/**
 * The cache a CI job keeps (examples/github-actions/deploy.yml, the README's GitLab job): the
 * example built once (test/global-setup.ts) is the first run; its cache folder, restored as
 * actions/cache restores it, serves the next run, which makes no image variant.
 */
describe('a cache kept between CI runs', () => {
  const example = useExampleCache('offprint-ci-cache-');

  it('makes no image variant on the next build, even into a fresh output', async () => {
    const variants = (
      await readdir(path.join(example.cache, 'render', 'images'), { recursive: true })
    ).filter((file) => /-\d+w-q\d+-\w+-d\d+\.\w+$/.test(file));
    expect(variants.length).toBeGreaterThan(0);

    const out = path.join(example.dir, 'dist');
    const args = ['build', '--example', '-v', '--cache', example.cache, '--out', out];
    const next = await runCli(args).done;
    expect(next.code, next.stderr).toBe(0);
    // A fresh output is rendered in full: every image shown is wanted, and every variant found.
    expect(next.stdout).toContain(
      `images: 0 variants made, ${variants.length} reused from the cache`,
    );
    expect(next.stdout).not.toMatch(/image variants took/);
  });
});
