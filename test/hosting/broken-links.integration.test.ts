import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrokenLinkReport } from '../../src/hosting/index.ts';
import { runCli } from '../helpers/cli.ts';
import { readTree, tempDir } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

/**
 * A site with a link to a missing page and one to a missing heading (test/fixtures/hosting,
 * site `broken`), pulled over the local platform and rendered with and without
 * `--fail-on-broken-links`.
 */
const FIXTURE = fileURLToPath(new URL('../fixtures/hosting', import.meta.url));

let platform: LocalPlatform;
let temp: Awaited<ReturnType<typeof tempDir>>;
let cache: string;
let out: string;

const offprint = (args: string[]) => runCli(args, { env: { OFFPRINT_TOKEN: TOKEN } }).done;
const render = (...extra: string[]) =>
  offprint(['render', '--cache', cache, '--out', out, ...extra]);

beforeAll(async () => {
  temp = await tempDir();
  cache = path.join(temp.dir, 'cache');
  out = path.join(temp.dir, 'dist');
  platform = await startPlatform({ dir: FIXTURE });
  const pulled = await offprint([
    'pull',
    ...['--api-url', platform.url, '--org', 'hostco', '--site', 'broken', '--cache', cache],
  ]);
  if (pulled.code !== 0) throw new Error(`pull failed: ${pulled.stderr}`);
}, 60_000);

afterAll(async () => {
  await platform?.close();
  await temp?.cleanup();
});

describe('the broken-link report', () => {
  it('is printed as one summary line and written in full to <cache>/broken-links.json', async () => {
    const result = await render();
    expect(result.code).toBe(0);
    const reportFile = path.join(cache, 'broken-links.json');
    expect(result.stderr).toContain(
      `warning: 3 broken links (1 in the output, 1 unresolved in markdown, 1 reported by the platform): / → /other/#no-such-heading (no such anchor); /:3 → missing.md (no such page); / → missing.md (reported by the platform); full report in ${reportFile}`,
    );
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as BrokenLinkReport;
    expect(report.total).toBe(3);
    expect(report.output).toEqual([
      { page: '/', target: '/other/#no-such-heading', reason: 'no-anchor' },
    ]);
    // Each says why: no such anchor, no such page, reported by the platform.
    expect(report.markdown).toEqual([
      { page: '/', target: 'missing.md', line: 3, reason: 'no-page' },
    ]);
    expect(report.platform).toEqual([
      { spaceId: 'broken', page: '/', target: 'missing.md', reason: 'platform-reported' },
    ]);
    // The link to a heading that exists is not in it; nor is the report in the output.
    expect(JSON.stringify(report)).not.toContain('#present');
    expect(await readdir(out)).not.toContain('broken-links.json');
  }, 120_000);

  it('with --fail-on-broken-links fails the render, naming the count and the first, and leaves dist/ as it was', async () => {
    const before = await readTree(out);
    // Another site URL: the render cannot reuse the output, so the check runs on a staged one.
    const result = await render('--site-url', 'https://changed.example', '--fail-on-broken-links');
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `offprint: 3 broken links, the first: / → /other/#no-such-heading (no such anchor); ${out} left as it was (full report in ${path.join(cache, 'broken-links.json')})`,
    ]);
    expect(await readTree(out)).toEqual(before);
    expect((await readdir(temp.dir)).filter((name) => name.includes('staging'))).toEqual([]);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).not.toContain('changed.example');
  }, 120_000);

  it('also fails a render that finds the output unchanged', async () => {
    const before = await readTree(out);
    const result = await render('--fail-on-broken-links');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^offprint: 3 broken links, the first: /);
    expect(await readTree(out)).toEqual(before);
  }, 120_000);
});

describe('--site-url', () => {
  it('refuses a URL that is not http(s) in one line, before anything is written', async () => {
    const before = await readTree(out);
    const result = await render('--site-url', 'javascript:alert(1)');
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'offprint: --site-url must be an http(s) URL such as https://docs.example.com, got javascript:alert(1)',
    ]);
    expect(await readTree(out)).toEqual(before);
  }, 60_000);
});

describe('the bundled example', () => {
  it('renders without a broken link', async () => {
    const { cacheDir, outDir } = inject('exampleBuild');
    const report = JSON.parse(
      await readFile(path.join(cacheDir, 'broken-links.json'), 'utf8'),
    ) as BrokenLinkReport;
    expect(report.outDir).toBe(outDir);
    expect(report).toMatchObject({ total: 0, output: [], markdown: [], platform: [] });
  });
});
