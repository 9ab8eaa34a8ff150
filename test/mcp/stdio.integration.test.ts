import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StaticServer } from '../../src/serve/static.ts';
import { serveExample } from '../helpers/built-site.ts';
import { BIN } from '../helpers/cli.ts';
import { call, connectStdio, hits, type StdioSession, text } from './helpers.ts';

const { outDir } = inject('exampleBuild');

/** The example's public root, as its llms.txt names it. */
const PUBLIC_ROOT = 'https://docs.acme-rockets.example/docs/';

let served: StaticServer;
beforeAll(async () => {
  served = (await serveExample()).server;
});
afterAll(() => served?.close());

// The same tests over the built folder and over the same folder served over HTTP.
describe.each([
  { kind: 'folder', site: () => outDir, root: () => PUBLIC_ROOT },
  { kind: 'URL', site: () => served.url, root: () => served.url },
])('offprint mcp over stdio, the example as a $kind', ({ site, root }) => {
  let session: StdioSession;
  beforeAll(async () => {
    session = await connectStdio([site()]);
  });
  afterAll(() => session?.close());

  it('initializes and lists its three tools', async () => {
    expect(session.client.getServerVersion()?.name).toBe('offprint');
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'list_pages',
      'read_page',
      'search_docs',
    ]);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
  });

  it('search_docs finds a page by a word only that page holds, with its title, URL and section', async () => {
    const [first] = hits(await call(session.client, 'search_docs', { query: 'thermistors' }));
    expect(first).toMatchObject({
      title: 'Sensor calibration',
      url: `${root()}telemetry/hardware/calibration/`,
      section: 'Telemetry kit',
    });
    expect(first?.excerpt).toMatch(/thermistors/i);
    expect(first?.excerpt).not.toContain('<mark>');
  });

  it('search_docs ranks as the site does and honours limit', async () => {
    const found = await call(session.client, 'search_docs', { query: 'rocketctl', limit: 2 });
    const results = hits(found);
    expect(results).toHaveLength(2);
    expect((found.structuredContent as { total: number }).total).toBeGreaterThan(2);
    // v2's install page, then the French variant's (v1's ranks third).
    expect(results.map((hit) => hit.title)).toEqual(['Install rocketctl', 'Installer rocketctl']);
    // The same data as text, for clients that read text only.
    expect(JSON.parse(text(found))).toEqual(found.structuredContent);
  });

  it('search_docs puts the page titled as the query first, as the search dialog does', async () => {
    // Pagefind alone ranks "Telemetry kit", "Telemetry streaming" (twice) and "Telemetry
    // webhooks" above the page titled "Telemetry".
    const [first] = hits(
      await call(session.client, 'search_docs', { query: 'Telemetry', limit: 3 }),
    );
    expect(first).toMatchObject({ title: 'Telemetry', url: `${root()}api/reference/telemetry/` });
  });

  it("read_page returns a page's markdown copy byte for byte, by URL, path or .md path", async () => {
    const file = await readFile(path.join(outDir, 'telemetry/hardware/calibration.md'), 'utf8');
    for (const url of [
      `${root()}telemetry/hardware/calibration/`,
      '/docs/telemetry/hardware/calibration/',
      'telemetry/hardware/calibration/',
      'telemetry/hardware/calibration.md',
      `${root()}telemetry/hardware/calibration/?utm=1#sensors`,
    ]) {
      const page = await call(session.client, 'read_page', { url });
      expect(page.isError, url).toBeFalsy();
      expect(text(page), url).toBe(file);
    }
    const home = await call(session.client, 'read_page', { url: root() });
    expect(text(home)).toBe(await readFile(path.join(outDir, 'index.md'), 'utf8'));
  });

  it("list_pages lists llms.txt's pages, by section, in parts", async () => {
    const all = await call(session.client, 'list_pages', {});
    const listed = all.structuredContent as {
      total: number;
      sections: string[];
      pages: { title: string; url: string; section: string }[];
    };
    expect(listed.sections).toEqual([
      'Guides (v2)',
      'Guides (v1 (legacy))',
      'Guides (Français)',
      'API reference',
      'Telemetry kit',
    ]);
    expect(listed.pages[0]).toMatchObject({
      title: 'Welcome',
      url: root(),
      section: 'Guides (v2)',
    });
    expect(listed.pages).toContainEqual(
      expect.objectContaining({
        title: 'Sensor calibration',
        url: `${root()}telemetry/hardware/calibration/`,
      }),
    );
    const kit = await call(session.client, 'list_pages', {
      section: 'telemetry kit',
      offset: 1,
      limit: 2,
    });
    const part = kit.structuredContent as typeof listed;
    expect(part.total).toBe(6);
    expect(part.pages.map((page) => page.title)).toEqual([
      'Hardware',
      'Wiring the flight computer',
    ]);
    const none = await call(session.client, 'list_pages', { section: 'No such part' });
    expect(none.isError).toBe(true);
    expect(text(none)).toContain('"Telemetry kit"');
  });

  it("lists each page as a resource and reads it as the page's markdown", async () => {
    const { resources } = await session.client.listResources();
    expect(resources.length).toBeGreaterThan(40);
    const calibration = resources.find(
      (r) => r.uri === 'offprint://page/telemetry/hardware/calibration.md',
    );
    expect(calibration).toMatchObject({ name: 'Sensor calibration', mimeType: 'text/markdown' });
    const read = await session.client.readResource({ uri: calibration?.uri as string });
    expect((read.contents[0] as { text: string }).text).toBe(
      await readFile(path.join(outDir, 'telemetry/hardware/calibration.md'), 'utf8'),
    );
  });

  it('answers an unknown page with a tool error naming it', async () => {
    const missing = await call(session.client, 'read_page', { url: 'no/such/page/' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/^no page at "no\/such\/page\/" .*no no\/such\/page\.md/);
  });

  it('reads no file outside the site, however the path is written', async () => {
    for (const url of [
      '../../etc/passwd',
      '../../../../../../etc/passwd',
      '%2e%2e/%2e%2e/etc/passwd',
      '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '..%2f..%2fetc%2fpasswd',
      '..\\..\\etc\\passwd',
      '..%5c..%5cetc%5cpasswd',
      '/etc/passwd',
      '/../../etc/passwd',
      'file:///etc/passwd',
      `${root()}../../etc/passwd`,
      `${root()}%2e%2e/%2e%2e/etc/passwd`,
      `${root()}a/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
      'C:\\Windows\\win.ini',
      'telemetry/hardware/calibration.md\u0000.png',
    ]) {
      const answer = await call(session.client, 'read_page', { url });
      expect(answer.isError, url).toBe(true);
      expect(text(answer), url).not.toMatch(/root:/);
    }
  });

  it('refuses a URL of another origin without requesting it', async () => {
    let requests = 0;
    const other = createServer((_req, res) => {
      requests++;
      res.end('# Another origin\n');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/docs/`;
    try {
      for (const url of [
        'https://evil.example/docs/index.md',
        '//evil.example/docs/',
        otherUrl,
        `${otherUrl}index.md`,
      ]) {
        const answer = await call(session.client, 'read_page', { url });
        expect(answer.isError, url).toBe(true);
        expect(text(answer), url).toMatch(/is not a page of this site/);
      }
      expect(requests).toBe(0);
    } finally {
      other.close();
    }
  });

  it('writes nothing but the protocol on stdout, and nothing on stderr in normal use', () => {
    // Anything else on stdout would have broken the client's framing before this test.
    expect(session.stderr()).toBe('');
  });
});

describe('offprint mcp over a folder that is not an Offprint build', () => {
  let folder: string;
  let session: StdioSession;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'offprint-mcp-'));
    await writeFile(path.join(folder, 'index.md'), '# Not built by Offprint\n');
    session = await connectStdio([folder]);
  });
  afterAll(async () => {
    await session?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('starts, warns on stderr, and each tool says what is wrong', async () => {
    expect(session.stderr()).toMatch(/not an Offprint build/);
    const searched = await call(session.client, 'search_docs', { query: 'anything' });
    expect(searched.isError).toBe(true);
    expect(text(searched)).toMatch(
      /is not an Offprint build: it has no pagefind\/pagefind-entry\.json/,
    );
    const listed = await call(session.client, 'list_pages', {});
    expect(listed.isError).toBe(true);
    expect(text(listed)).toMatch(/is not an Offprint build/);
  });
});

// An assistant ends its session by closing the server's stdin, with no message first. The SDK's
// own client would send SIGTERM after two seconds, which hid a server that never ended.
describe('offprint mcp ends with its client', () => {
  it.each([
    { after: 'before any tool call', calls: [] },
    {
      after: 'after a search',
      calls: [{ name: 'search_docs', arguments: { query: 'rocketctl' } }],
    },
    {
      after: 'after a search and a page read',
      calls: [
        { name: 'search_docs', arguments: { query: 'thermistors' } },
        { name: 'read_page', arguments: { url: 'telemetry/hardware/calibration/' } },
      ],
    },
  ])('exits 0 when stdin closes $after', async ({ calls }) => {
    const child = spawn(process.execPath, [BIN, 'mcp', outDir], {
      env: { ...process.env, CI: 'true' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const answers = jsonLines(child.stdout);
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'offprint-test', version: '1.0.0' },
      },
    });
    expect((await answers.next()).value).toMatchObject({ id: 0, result: {} });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    for (const [index, params] of calls.entries()) {
      send({ jsonrpc: '2.0', id: index + 1, method: 'tools/call', params });
      const answer = (await answers.next()).value;
      expect(answer).toMatchObject({ id: index + 1, result: { content: [{ type: 'text' }] } });
      expect(answer.result.isError).toBeFalsy();
    }
    child.stdin.end();
    // The test's timeout is the bound: a server that keeps running fails it.
    expect(await exited).toBe(0);
  });
});

/** The JSON-RPC messages a server writes, one a line. */
async function* jsonLines(stream: NodeJS.ReadableStream) {
  let buffered = '';
  for await (const chunk of stream) {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      yield JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
    }
  }
}

describe('offprint mcp with a site that cannot be opened', () => {
  it('fails with one line on stderr', async () => {
    const { runCli } = await import('../helpers/cli.ts');
    const { done } = runCli(['mcp', '/no/such/folder']);
    const result = await done;
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe('offprint: cannot read /no/such/folder: ENOENT');
  });
});
