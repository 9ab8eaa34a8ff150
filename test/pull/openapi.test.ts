import { readFile, realpath, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressPolicy } from '../../src/api/address-policy.ts';
import { PlatformClient } from '../../src/api/client.ts';
import { PullError, pull } from '../../src/pull/index.ts';
import { externalRefs } from '../../src/pull/openapi-specs.ts';
import { SpecFetcher } from '../../src/pull/spec-fetch.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { copyFolder, readTree, tempDir } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';
import { fastRetry, snapshotOf } from '../helpers/pull.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/openapi/site', import.meta.url));

describe('pull: OpenAPI specs named by URL and by the config', () => {
  let platform: LocalPlatform;
  let site: string;
  const temp: { cleanup: () => Promise<void> }[] = [];
  const fresh = async () => {
    const t = await tempDir('offprint-openapi-');
    temp.push(t);
    return t.dir;
  };
  const hosted = (file: string) => `${platform.url}/hosted/${file}`;
  const options = (cacheDir: string, warnings: string[] = []) => ({
    apiUrl: platform.url,
    token: TOKEN,
    organizationId: 'acme',
    siteId: 'docs',
    cacheDir,
    retry: fastRetry,
    onWarning: (message: string) => warnings.push(message),
  });
  const hostedRequests = (from: number) =>
    platform.requests.slice(from).filter((r) => r.path.startsWith('/hosted/'));

  beforeAll(async () => {
    // A copy: one test changes a hosted file.
    site = await copyFolder(FIXTURE, path.join(await fresh(), 'site'));
    platform = await startPlatform({ dir: site });
  });
  afterAll(async () => {
    await platform?.close();
    for (const t of temp) await t.cleanup();
  });

  it('stores each spec and the documents its $refs reach, fetched once each', async () => {
    const cache = await fresh();
    const before = platform.requests.length;
    const result = await pull(options(cache));
    const snapshot = await Snapshot.open(snapshotOf(cache));
    const { documents, named } = await snapshot.openapi();
    expect(named).toEqual({});
    for (const file of ['petstore.yaml', 'schemas/pet.yaml', 'webhooks.yaml', 'evil.yaml']) {
      const read = await snapshot.openapiDocument(hosted(file));
      if (!read || !('bytes' in read))
        throw new Error(`${file} not stored: ${JSON.stringify(read)}`);
      expect(read.bytes.equals(await readFile(path.join(site, 'hosted', file)))).toBe(true);
      expect(read.document).toMatchObject({
        contentType: 'text/yaml; charset=utf-8',
        etag: expect.stringMatching(/^".+"$/),
        lastModified: expect.stringMatching(/GMT$/),
      });
    }
    // Named by two blocks and by a $ref cycle: one request each.
    const paths = hostedRequests(before).map((r) => r.path);
    expect(paths.sort()).toEqual([
      '/hosted/evil.yaml',
      '/hosted/petstore.yaml',
      '/hosted/schemas/pet.yaml',
      '/hosted/webhooks.yaml',
    ]);
    // A block inside a code fence is no block; a revision file's download URL is no spec URL.
    const keys = Object.keys(documents);
    expect(keys.some((k) => k.includes('only-in-code'))).toBe(false);
    expect(keys.some((k) => k.includes('/_files/'))).toBe(false);
    expect(result.stats.specs).toEqual({ fetched: 4, revalidated: 0, reused: 0, failed: 5 });
  });

  it('refuses private hosts and file: URLs, in pages and in $refs, with a warning each; the pull succeeds', async () => {
    const cache = await fresh();
    const warnings: string[] = [];
    await pull(options(cache, warnings));
    const { documents } = await (await Snapshot.open(snapshotOf(cache))).openapi();
    expect(documents['http://localhost:9/hosted/petstore.yaml']).toEqual({
      error: 'refused: localhost resolves to 127.0.0.1, which is not a public address (loopback)',
    });
    expect(documents['http://10.0.0.7/spec.json?key=s3cret']).toEqual({
      error: 'refused: 10.0.0.7 is not a public address (private)',
    });
    expect(documents['file:///etc/passwd']).toEqual({
      error: 'refused: file: URLs are not fetched (only http and https)',
    });
    // $refs of evil.yaml:
    expect(documents['file:///etc/hostname']).toEqual({
      error: 'refused: file: URLs are not fetched (only http and https)',
    });
    expect(documents['http://169.254.169.254/latest/meta-data/']).toEqual({
      error: 'refused: 169.254.169.254 is not a public address (link-local)',
    });
    expect(warnings.filter((w) => w.startsWith('OpenAPI spec '))).toHaveLength(5);
    expect(warnings).toContain(
      'OpenAPI spec http://10.0.0.7/spec.json?… left out: refused: 10.0.0.7 is not a public address (private)',
    );
    expect(warnings.join('\n')).not.toContain('s3cret');
  });

  it('revalidates on the next pull: a conditional request, a 304, the previous bytes linked', async () => {
    const cache = await fresh();
    await pull(options(cache));
    const first = await Snapshot.open(snapshotOf(cache));
    const petstore = await first.openapiDocument(hosted('petstore.yaml'));
    if (!petstore || !('bytes' in petstore)) throw new Error('petstore.yaml not stored');
    const inode = (await stat(first.blobFile(petstore.document.sha256))).ino;
    const firstDir = await realpath(snapshotOf(cache));

    const before = platform.requests.length;
    const result = await pull(options(cache));
    const requests = hostedRequests(before);
    expect(requests).toHaveLength(4);
    for (const request of requests)
      expect(request).toMatchObject({ status: 304, conditional: true });
    expect(result.stats.specs).toMatchObject({ fetched: 0, revalidated: 4 });
    const second = await Snapshot.open(snapshotOf(cache));
    expect(await realpath(snapshotOf(cache))).not.toBe(firstDir);
    expect((await stat(second.blobFile(petstore.document.sha256))).ino).toBe(inode);
    expect(await second.openapi()).toEqual(await first.openapi());
  });

  it('fetches a spec again when it changed', async () => {
    const cache = await fresh();
    await pull(options(cache));
    const file = path.join(site, 'hosted', 'webhooks.yaml');
    const original = await readFile(file);
    try {
      await writeFile(file, `${original.toString('utf8')}# edited\n`);
      const result = await pull(options(cache));
      expect(result.stats.specs).toMatchObject({ fetched: 1, revalidated: 3 });
      const read = await (await Snapshot.open(snapshotOf(cache))).openapiDocument(
        hosted('webhooks.yaml'),
      );
      expect(read && 'bytes' in read && read.bytes.toString('utf8')).toMatch(/# edited\n$/);
    } finally {
      await writeFile(file, original);
    }
  });

  it('records a spec over the byte limit as an error, and does not follow its $refs', async () => {
    const cache = await fresh();
    const warnings: string[] = [];
    await pull({ ...options(cache, warnings), maxSpecBytes: 300 });
    const { documents } = await (await Snapshot.open(snapshotOf(cache))).openapi();
    expect(documents[hosted('petstore.yaml')]).toEqual({
      error: 'larger than the 300-byte limit on a spec',
    });
    expect(documents[hosted('schemas/pet.yaml')]).toBeUndefined();
    expect(documents[hosted('webhooks.yaml')]).toMatchObject({ size: expect.any(Number) });
    expect(warnings).toContain(
      `OpenAPI spec ${hosted('petstore.yaml')} left out: larger than the 300-byte limit on a spec`,
    );
  });

  it('pulls named specs from the config: files inside its folder (with their $refs) and URLs', async () => {
    const folder = await fresh();
    const outside = await fresh();
    await copyFolder(path.join(FIXTURE, '..', 'named'), folder);
    await writeFile(path.join(outside, 'secret.yaml'), 'secret: true\n');
    await symlink(path.join(outside, 'secret.yaml'), path.join(folder, 'specs', 'linked.yaml'));
    const cache = path.join(folder, '.offprint');
    const warnings: string[] = [];
    const result = await pull({
      ...options(cache, warnings),
      openapi: {
        folder,
        specs: {
          billing: 'specs/billing.yaml',
          petstore: hosted('petstore.yaml'),
          linked: 'specs/linked.yaml',
        },
      },
    });
    const snapshot = await Snapshot.open(snapshotOf(cache));
    const { documents, named } = await snapshot.openapi();
    expect(named).toEqual({
      billing: 'local:///specs/billing.yaml',
      petstore: hosted('petstore.yaml'),
      linked: 'local:///specs/linked.yaml',
    });
    const billing = await snapshot.openapiDocument('local:///specs/billing.yaml');
    expect(billing && 'bytes' in billing && billing.bytes.toString('utf8')).toContain(
      'title: Billing',
    );
    // Its $refs: a sibling, and one a folder up (still inside the config's folder).
    expect(documents['local:///specs/common.yaml']).toMatchObject({ size: expect.any(Number) });
    expect(documents['local:///types/money.yaml']).toMatchObject({ size: expect.any(Number) });
    expect(documents['local:///specs/linked.yaml']).toEqual({
      error: "specs/linked.yaml is a link that leaves the config file's folder",
    });
    expect(result.stats.specs.failed).toBeGreaterThan(0);

    // Unchanged local files are linked from the previous snapshot, not stored anew.
    const again = await pull({
      ...options(cache),
      openapi: { folder, specs: { billing: 'specs/billing.yaml' } },
    });
    expect(again.stats.specs).toMatchObject({ reused: 3 });
    // No warning or record ever shows the machine's own paths.
    const text = [...(await readTree(snapshotOf(cache))).values()].join('\n');
    expect(text).not.toContain(outside);
  });

  it('refuses a named spec whose path leaves the config folder, before any request', async () => {
    const folder = await fresh();
    const before = platform.requests.length;
    for (const escaping of ['../elsewhere.yaml', '/etc/passwd']) {
      await expect(
        pull({
          ...options(path.join(folder, 'cache')),
          openapi: { folder, specs: { x: escaping } },
        }),
      ).rejects.toThrow(PullError);
    }
    await expect(
      pull({
        ...options(path.join(folder, 'cache')),
        openapi: { folder, specs: { billing: '../elsewhere.yaml' } },
      }),
    ).rejects.toThrow(`openapi spec "billing": ../elsewhere.yaml leaves the config file's folder`);
    expect(platform.requests.length).toBe(before);
  });

  it('a remote document cannot read local files through a local:/// $ref', async () => {
    const cache = await fresh();
    const file = path.join(site, 'hosted', 'webhooks.yaml');
    const original = await readFile(file);
    try {
      await writeFile(file, `${original}x-steal: { $ref: 'local:///specs/billing.yaml' }\n`);
      const folder = await fresh();
      await copyFolder(path.join(FIXTURE, '..', 'named'), folder);
      await pull({ ...options(cache), openapi: { folder, specs: {} } });
      const { documents } = await (await Snapshot.open(snapshotOf(cache))).openapi();
      expect(documents['local:///specs/billing.yaml']).toEqual({
        error: 'refused: a local file is read only as a spec named in the config, or a $ref of one',
      });
    } finally {
      await writeFile(file, original);
    }
  });
});

describe('SpecFetcher: the rules for spec URLs', () => {
  let platform: LocalPlatform;
  let other: Server;
  let otherHost: string;
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    platform = await startPlatform({ dir: FIXTURE });
    // A spec host that is not the API's: it records what it was sent.
    other = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      const redirects: Record<string, string> = {
        '/to-private': 'http://10.0.0.7/spec.yaml',
        '/to-file': 'file:///etc/passwd',
        '/loop': '/loop',
        '/to-api': `${platform.url}/hosted/webhooks.yaml`,
      };
      const location = redirects[req.url ?? ''];
      if (location) {
        res.writeHead(302, { location });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/yaml' });
      res.end('openapi: 3.1.0\n');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherHost = `127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await platform?.close();
    await new Promise((resolve) => other?.close(resolve));
  });

  // The second server can only listen on loopback, which the policy refuses: the test trusts its
  // host:port explicitly (`trustedHosts`, which no flag or config key can set), so what is under
  // test is what the transport sends there, not the address rule (tested on its own).
  const fetcher = (shareKey?: string) => {
    const client = new PlatformClient({
      apiUrl: platform.url,
      token: TOKEN,
      shareKey,
      retry: fastRetry,
    });
    const policy = new AddressPolicy({ apiUrl: platform.url, trustedHosts: [otherHost] });
    return new SpecFetcher(client.transport, policy, 1024 * 1024);
  };

  it('never sends the token or a share key to a host that is not the API', async () => {
    const result = await fetcher('share-key-123').fetch(`http://${otherHost}/spec.yaml`);
    expect(result.kind).toBe('fetched');
    const request = seen.at(-1);
    expect(request?.url).toBe('/spec.yaml');
    expect(request?.headers.authorization).toBeUndefined();
    expect(JSON.stringify(request)).not.toContain(TOKEN);
    expect(JSON.stringify(request)).not.toContain('share-key-123');
  });

  it('checks every redirect hop, and stops after five', async () => {
    const f = fetcher();
    expect(await f.fetch(`http://${otherHost}/to-private`)).toEqual({
      kind: 'failed',
      error:
        'refused (redirected to http://10.0.0.7/spec.yaml): 10.0.0.7 is not a public address (private)',
    });
    expect(await f.fetch(`http://${otherHost}/to-file`)).toMatchObject({
      kind: 'failed',
      error: expect.stringMatching(/^refused \(redirected to file:\/\/\/etc\/passwd\): file: URLs/),
    });
    const loops = seen.length;
    expect(await f.fetch(`http://${otherHost}/loop`)).toEqual({
      kind: 'failed',
      error: 'more than 5 redirects',
    });
    expect(seen.length - loops).toBe(6);
    const followed = await f.fetch(`http://${otherHost}/to-api`);
    expect(followed.kind).toBe('fetched');
  });

  it('without trust, the second server (loopback) is refused', async () => {
    const client = new PlatformClient({ apiUrl: platform.url, token: TOKEN });
    const strict = new SpecFetcher(
      client.transport,
      new AddressPolicy({ apiUrl: platform.url }),
      1024,
    );
    const count = seen.length;
    expect(await strict.fetch(`http://${otherHost}/spec.yaml`)).toEqual({
      kind: 'failed',
      error: 'refused: 127.0.0.1 is not a public address (loopback)',
    });
    expect(seen.length).toBe(count);
  });
});

describe('externalRefs', () => {
  it('finds $refs to other documents in YAML and JSON, not local ones', () => {
    const yaml =
      "a: { $ref: './b.yaml#/X' }\nb: [{ $ref: '#/c' }, { $ref: 'https://x.example/s.json' }]\n";
    expect(externalRefs(new TextEncoder().encode(yaml))).toEqual([
      './b.yaml#/X',
      'https://x.example/s.json',
    ]);
    const json = JSON.stringify({ x: { $ref: 'other.json' }, y: { $ref: 42 } });
    expect(externalRefs(new TextEncoder().encode(json))).toEqual(['other.json']);
    expect(externalRefs(new TextEncoder().encode(': not: [yaml'))).toEqual([]);
  });
});
