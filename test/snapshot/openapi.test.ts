import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobPath, SNAPSHOT_FORMAT } from '../../src/snapshot/format.ts';
import { specRefKey } from '../../src/snapshot/openapi.ts';
import { Snapshot, SnapshotError } from '../../src/snapshot/read.ts';
import { tempDir } from '../helpers/fs.ts';

const SHA = 'a'.repeat(64);

async function snapshotWith(dir: string, openapi?: string): Promise<Snapshot> {
  await mkdir(dir, { recursive: true });
  const manifest = {
    format: SNAPSHOT_FORMAT,
    generator: 'offprint',
    apiUrl: 'http://127.0.0.1:1/v1',
    organizationId: 'o',
    siteId: 's',
    siteTitle: 'S',
    visibility: 'public',
    published: true,
    viaShareLink: false,
    fetchedAt: new Date(0).toISOString(),
    spaces: [],
    counts: { sections: 0, siteSpaces: 0, spaces: 0, pages: 0, files: 0, fileBytes: 0 },
  };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  if (openapi !== undefined) await writeFile(path.join(dir, 'openapi.json'), openapi);
  return Snapshot.open(dir);
}

describe('Snapshot.openapi', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    temp = await tempDir('offprint-snapshot-openapi-');
  });
  afterAll(() => temp.cleanup());

  it('reads a snapshot without openapi.json as empty', async () => {
    const snapshot = await snapshotWith(path.join(temp.dir, 'none'));
    expect(await snapshot.openapi()).toEqual({ documents: {}, named: {} });
    expect(await snapshot.openapiDocument('https://x.example/a.yaml')).toBeUndefined();
  });

  it('gives each document with its bytes, or the error the pull recorded', async () => {
    const dir = path.join(temp.dir, 'some');
    const snapshot = await snapshotWith(
      dir,
      JSON.stringify({
        documents: {
          'https://x.example/a.yaml': { sha256: SHA, size: 5, etag: '"e"' },
          'https://10.0.0.7/b.json': { error: 'refused: 10.0.0.7 is not a public address' },
        },
        named: { a: 'https://x.example/a.yaml' },
      }),
    );
    await mkdir(path.join(dir, 'files'));
    await writeFile(path.join(dir, blobPath(SHA)), 'a: 1\n');
    const a = await snapshot.openapiDocument('https://x.example/a.yaml');
    expect(a && 'bytes' in a && a.bytes.toString()).toBe('a: 1\n');
    expect(await snapshot.openapiDocument('https://10.0.0.7/b.json')).toEqual({
      key: 'https://10.0.0.7/b.json',
      error: 'refused: 10.0.0.7 is not a public address',
    });
    expect(await snapshot.openapiDocument('constructor')).toBeUndefined();
  });

  it('names the file and the field of a damaged openapi.json', async () => {
    const snapshot = await snapshotWith(
      path.join(temp.dir, 'damaged'),
      JSON.stringify({ documents: { x: { sha256: 'nope', size: 1 } }, named: {} }),
    );
    await expect(snapshot.openapi()).rejects.toThrow(SnapshotError);
    await expect(snapshot.openapi()).rejects.toThrow(/openapi\.json: documents\.x/);
  });
});

describe('specRefKey', () => {
  it('resolves a $ref against its document, the same way in pull and render', () => {
    const base = 'https://raw.example.com/acme/openapi.yaml';
    expect(specRefKey('./schemas/pet.yaml#/Pet', base)).toBe(
      'https://raw.example.com/acme/schemas/pet.yaml',
    );
    expect(specRefKey('#/components/schemas/Pet', base)).toBeUndefined();
    expect(specRefKey('https://other.example/s.json#/x', base)).toBe(
      'https://other.example/s.json',
    );
    expect(specRefKey('file:///etc/passwd', base)).toBe('file:///etc/passwd');
    // From a local document, relative refs stay local and cannot climb out of its root.
    expect(specRefKey('../types/money.yaml', 'local:///specs/billing.yaml')).toBe(
      'local:///types/money.yaml',
    );
    expect(specRefKey('../../../etc/passwd', 'local:///specs/billing.yaml')).toBe(
      'local:///etc/passwd',
    );
  });
});
