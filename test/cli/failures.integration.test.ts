import { cp, mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type CliResult, runCli } from '../helpers/cli.ts';
import { shareLinksOf } from '../helpers/example.ts';
import { copyFolder, readTree, tempDir } from '../helpers/fs.ts';
import { EXAMPLE_DIR, type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

// Each test runs `offprint` as a process (about a second of start-up, more on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

/**
 * The failures a user meets, through `offprint build` as a subprocess against the local platform:
 * each exits non-zero with one line naming what failed, prints no secret, and leaves the dist/
 * of the previous good build byte-for-byte as it was.
 */
describe('offprint build when something is wrong', () => {
  let platform: LocalPlatform;
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let outDir: string;
  let cacheDir: string;
  let goodDist: Map<string, Buffer>;
  const org = 'acme-rockets';
  const site = 'docs';

  beforeAll(async () => {
    temp = await tempDir('offprint-cli-');
    const folder = await copyFolder(EXAMPLE_DIR, path.join(temp.dir, 'site'));
    platform = await startPlatform({ dir: folder });
    outDir = path.join(temp.dir, 'dist');
    cacheDir = path.join(temp.dir, 'cache');
    // The good build of the global setup stands in for the previous run's cache and dist/.
    const { outDir: builtOut, cacheDir: builtCache } = inject('exampleBuild');
    await cp(builtOut, outDir, { recursive: true, verbatimSymlinks: true });
    await cp(builtCache, cacheDir, { recursive: true, verbatimSymlinks: true });
    goodDist = await readTree(outDir);
    expect(goodDist.has('index.html')).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await platform?.close();
    await temp?.cleanup();
  });

  function build(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
    const flags = new Map([
      ['--api-url', platform.url],
      ['--org', org],
      ['--site', site],
      ['--cache', cacheDir],
      ['--out', outDir],
    ]);
    for (let i = 0; i < args.length; i += 2) flags.set(args[i] as string, args[i + 1] as string);
    return runCli(['build', ...[...flags].flat()], { env }).done;
  }

  /** One error line on stderr, nothing secret anywhere, and the previous dist/ as it was. */
  async function expectCleanFailure(result: CliResult, code: number, message: RegExp) {
    expect(result.code, result.stderr).toBe(code);
    const lines = result.stderr.trim().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^offprint: /);
    expect(lines[0]).toMatch(message);
    for (const secret of [TOKEN, ...(await shareLinksOf()).active.map((l) => l.key)]) {
      expect(result.stdout + result.stderr).not.toContain(secret);
    }
    const after = await readTree(outDir);
    expect([...after.keys()].sort()).toEqual([...goodDist.keys()].sort());
    for (const [file, bytes] of goodDist) expect(after.get(file)?.equals(bytes), file).toBe(true);
  }

  it('missing token: exit 2, says how to give one', async () => {
    const result = await build([], { OFFPRINT_TOKEN: '' });
    await expectCleanFailure(
      result,
      2,
      /no API token: set OFFPRINT_TOKEN or pass --token-file PATH/,
    );
  });

  it('wrong token: the 401 with method, path and message', async () => {
    const result = await build([], { OFFPRINT_TOKEN: 'not-the-token' });
    await expectCleanFailure(result, 1, /GET \/orgs\/acme-rockets\/sites\/docs\/published → 401: /);
    expect(result.stderr).not.toContain('not-the-token');
  });

  it('wrong site id: the 404 names the site path', async () => {
    const result = await build(['--site', 'no-such-site'], { OFFPRINT_TOKEN: TOKEN });
    await expectCleanFailure(
      result,
      1,
      /GET \/orgs\/acme-rockets\/sites\/no-such-site\/published → 404: /,
    );
  });

  it('wrong share key: says to check --share-key, never prints it', async () => {
    const { siteId } = await shareLinksOf();
    const result = await build(['--site', siteId, '--share-key', 'wrong-key-0000'], {
      OFFPRINT_TOKEN: TOKEN,
    });
    await expectCleanFailure(
      result,
      1,
      /→ 404: .* — check --share-key: the key may be wrong, or its share link inactive/,
    );
    expect(result.stderr).not.toContain('wrong-key-0000');
  });

  it('unreachable API: the request that failed and why', async () => {
    const result = await build(['--api-url', `http://127.0.0.1:${await closedPort()}`], {
      OFFPRINT_TOKEN: TOKEN,
    });
    await expectCleanFailure(
      result,
      1,
      /GET \/orgs\/acme-rockets\/sites\/docs\/published failed: .*ECONNREFUSED/,
    );
  });

  it('a response that breaks its schema: the endpoint and the field', async () => {
    const original = platform.model.site(site)?.title as string;
    // A title of the wrong type: lengths outside the spec are only warnings (docs/validation.md).
    platform.model.mutateSite(site, { title: 42 as unknown as string });
    try {
      const result = await build([], { OFFPRINT_TOKEN: TOKEN });
      await expectCleanFailure(
        result,
        1,
        /GET \/orgs\/acme-rockets\/sites\/docs\/published \(getPublishedContentSite\) returned a response that does not match the API: site\.title: /,
      );
    } finally {
      platform.model.mutateSite(site, { title: original });
    }
  });

  it('an unwritable --out: names the directory', async () => {
    const blocker = path.join(temp.dir, 'a-file');
    await writeFile(blocker, 'not a directory');
    const result = await build(['--out', path.join(blocker, 'dist')], { OFFPRINT_TOKEN: TOKEN });
    await expectCleanFailure(
      result,
      1,
      /cannot write --out .*a-file\/dist: a parent is not a directory/,
    );
  });

  it('a bad option value: exit 2 naming the flag', async () => {
    await mkdir(path.join(temp.dir, 'x'), { recursive: true });
    const result = await build(['--change-request', 'nocolon'], { OFFPRINT_TOKEN: TOKEN });
    await expectCleanFailure(result, 2, /--change-request: expected SPACE:NUMBER, got "nocolon"/);
  });
});

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
