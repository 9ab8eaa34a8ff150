import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CliResult, runCli } from '../helpers/cli.ts';
import { readTree, tempDir } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';
import { startWebServer } from '../helpers/web-server.ts';

// Each case runs `offprint pull` as a process; the 503 case retries for a few seconds on purpose.
vi.setConfig({ testTimeout: 60_000 });

/**
 * The mistakes a new user makes with the API's URL and the cache folder, through `offprint
 * pull` as a subprocess: each is one line on stderr that names the option to fix, with no
 * stack, no HTML and no token; an unusable URL is refused before any request, and a cache in
 * an unexpected state is left exactly as it was.
 */
describe('offprint pull, told in the user words', () => {
  let platform: LocalPlatform;
  let web: Awaited<ReturnType<typeof startWebServer>>;
  let temp: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    temp = await tempDir('offprint-user-errors-');
    platform = await startPlatform();
    web = await startWebServer();
  });
  afterAll(async () => {
    await platform?.close();
    await web?.close();
    await temp?.cleanup();
  });

  function pull(apiUrl: string, cache = path.join(temp.dir, 'cache')): Promise<CliResult> {
    const args = ['pull', '--api-url', apiUrl, '--org', 'acme-rockets', '--site', 'docs'];
    return runCli([...args, '--cache', cache], { env: { OFFPRINT_TOKEN: TOKEN } }).done;
  }

  /** The line: exit code, one line, no stack, no markup, no token, the option named. */
  function expectOneLine(result: CliResult, code: number, message: RegExp, option: string) {
    expect(result.code, result.stderr).toBe(code);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    const line = lines[0] as string;
    expect(line).toMatch(/^offprint: /);
    expect(line).toMatch(message);
    expect(line).toContain(option);
    expect(line).not.toMatch(/^\s+at /m);
    expect(line).not.toMatch(/<[a-z!/]/i);
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  }

  describe('an API URL that answers a web page', () => {
    it.each([
      [
        '200-html',
        /→ 200: http:\/\/127\.0\.0\.1:\d+\/200-html\/v1 did not answer JSON \(it sent text\/html\)/,
      ],
      ['404-html', /→ 404: .* did not answer JSON \(it sent text\/html\)/],
      ['200-badjson', /→ 200: .* \(it sent application\/json that is not valid JSON\)/],
      ['200-empty', /→ 200: .* \(it sent an empty body as text\/html\)/],
    ])('%s: status and content type, and what --api-url should be', async (segment, message) => {
      const result = await pull(`${web.url}/${segment}`);
      expectOneLine(result, 1, message, '--api-url');
      expect(result.stderr).toContain(
        "it should be the API's base URL, such as https://api.gitbook.com (/v1 is appended)",
      );
      // Not retried: the same page would come back.
      expect(web.requests(segment)).toBe(1);
    });

    it('a first pull that fails leaves no cache folder behind', async () => {
      const cache = path.join(temp.dir, 'first-pull-cache');
      const result = await pull(`${web.url}/200-html`, cache);
      expect(result.code, result.stderr).toBe(1);
      expect(existsSync(cache)).toBe(false);
    });

    it('503 pages: retried as any server error, then told the same way', async () => {
      const result = await pull(`${web.url}/503-html`);
      expectOneLine(
        result,
        1,
        /→ 503: .* did not answer JSON \(it sent text\/html\) .*\(gave up after 6 attempts\)$/,
        '--api-url',
      );
      expect(web.requests('503-html')).toBe(6);
    });
  });

  describe('a URL no request can reach is refused at once', () => {
    it.each([
      ['htp', /--api-url htp:\/\/.* is not an http or https URL \(it starts with htp:\)/],
      ['ftp', /--api-url ftp:\/\/.* is not an http or https URL/],
    ])('%s://: before any request, exit 2', async (scheme, message) => {
      // A segment of its own: the server counts what reached it.
      const segment = `200-html-${scheme}`;
      const result = await pull(`${web.url.replace(/^http/, scheme)}/${segment}`);
      expectOneLine(result, 2, message, '--api-url');
      expect(web.requests(segment)).toBe(0);
    });

    it('a user name and password in the URL: exit 2, and the password is not repeated', async () => {
      const result = await pull(web.url.replace('//', '//me:pa55word@'));
      expectOneLine(result, 2, /--api-url holds a user name or password/, '--api-url');
      expect(result.stderr).not.toContain('pa55word');
    });

    it('a port fetch refuses (1): one attempt, naming the port', async () => {
      const result = await pull('http://127.0.0.1:1');
      expectOneLine(
        result,
        1,
        /failed: fetch never connects to port 1 \(one of the "bad ports" of the fetch standard\) — give --api-url another port$/,
        '--api-url',
      );
      expect(result.stderr).not.toContain('attempts');
    });
  });

  describe('a cache folder in an unexpected state', () => {
    it.each([
      [
        "a folder of the user's files",
        'a folder',
        async (at: string) => {
          await mkdir(path.join(at, 'drafts'), { recursive: true });
          await writeFile(path.join(at, 'notes.txt'), 'my notes');
          await writeFile(path.join(at, 'drafts', 'a.md'), '# mine');
        },
      ],
      ['a file', 'a file', (at: string) => writeFile(at, 'my file')],
    ])(
      'snapshot is %s: told before any request, and the cache left as it was',
      async (_, kind, make) => {
        const cache = path.join(temp.dir, `cache-${kind.replace(' ', '-')}`);
        await mkdir(cache, { recursive: true });
        await make(path.join(cache, 'snapshot'));
        const listing = () => readdir(cache, { recursive: true }).then((names) => names.sort());
        const namesBefore = await listing();
        const before = await readTree(cache);
        const requestsBefore = platform.requests.length;

        const result = await pull(platform.url, cache);
        expectOneLine(
          result,
          1,
          new RegExp(
            `cache-${kind.replace(' ', '-')}/snapshot is ${kind}, where Offprint keeps the link to the current snapshot: move it out of the cache \\(Offprint does not remove it\\) or choose another --cache$`,
          ),
          '--cache',
        );
        expect(platform.requests.length).toBe(requestsBefore);
        expect(await listing()).toEqual(namesBefore);
        const after = await readTree(cache);
        expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
        for (const [file, bytes] of before) expect(after.get(file)?.equals(bytes), file).toBe(true);
      },
    );
  });

  describe('mistakes the platform answers', () => {
    it('a wrong token: the 401 in one line', async () => {
      const result = await runCli(
        [
          'pull',
          '--api-url',
          platform.url,
          '--org',
          'acme-rockets',
          '--site',
          'docs',
          '--cache',
          path.join(temp.dir, 'c401'),
        ],
        { env: { OFFPRINT_TOKEN: 'not-the-token' } },
      ).done;
      expectOneLine(
        result,
        1,
        /GET \/orgs\/acme-rockets\/sites\/docs\/published → 401: invalid API token$/,
        '401',
      );
      expect(result.stderr).not.toContain('not-the-token');
    });

    it('a wrong organization: the 404 in one line', async () => {
      const result = await runCli(
        [
          'pull',
          '--api-url',
          platform.url,
          '--org',
          'no-such-org',
          '--site',
          'docs',
          '--cache',
          path.join(temp.dir, 'c404'),
        ],
        { env: { OFFPRINT_TOKEN: TOKEN } },
      ).done;
      expectOneLine(result, 1, /GET \/orgs\/no-such-org\/sites\/docs\/published → 404: /, '404');
    });
  });
});
