import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareSpecs, type SpecInputs, SpecLibrary } from '../../src/openapi/library.ts';
import { specReusable } from '../../src/render/reuse-policy.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/openapi/', import.meta.url));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'offprint-specs-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Stores texts as blobs, by content hash, as a snapshot does. */
async function store(text: string): Promise<string> {
  const sha = createHash('sha256').update(text).digest('hex');
  await writeFile(path.join(dir, sha), text);
  return sha;
}

async function inputs(common: string): Promise<SpecInputs> {
  const fleet = await store(await readFile(`${FIXTURES}fleet.yaml`, 'utf8'));
  return {
    files: [
      { spaceId: 'api', path: '.gitbook/assets/fleet.yaml', name: 'fleet.yaml', sha256: fleet },
      {
        spaceId: 'api',
        path: '.gitbook/assets/common.yaml',
        name: 'common.yaml',
        sha256: await store(common),
      },
      {
        spaceId: 'api',
        path: '.gitbook/assets/logo.json',
        name: 'logo.json',
        sha256: await store('{"not":"a spec"}'),
      },
    ],
    documents: {
      'https://specs.example/depot.json': {
        sha256: await store(await readFile(`${FIXTURES}depot.swagger.json`, 'utf8')),
      },
      'https://10.0.0.7/private.json': { error: 'refused: 10.0.0.7 is a private address' },
    },
    named: { depot: 'https://specs.example/depot.json', internal: 'https://10.0.0.7/private.json' },
    blobFile: (sha) => path.join(dir, sha),
  };
}

describe('prepareSpecs', () => {
  it('loads each spec once, reuses it while its documents are unchanged, and loads it again when a sibling changes', async () => {
    const common = await readFile(`${FIXTURES}common.yaml`, 'utf8');
    const cache = path.join(dir, 'render');
    const first = await prepareSpecs(await inputs(common), cache, specReusable);
    // fleet.yaml and the fetched Swagger spec; common.yaml and logo.json are not spec roots.
    expect(first.stats).toEqual({ specs: 2, parsed: 2, documents: 3, reused: 0, failed: 0 });
    const again = await prepareSpecs(await inputs(common), cache, specReusable);
    expect(again.stats).toEqual({ specs: 2, parsed: 0, documents: 0, reused: 2, failed: 0 });
    expect(again.index).toEqual(first.index);
    const edited = await prepareSpecs(
      await inputs(common.replace('not_found', 'missing')),
      cache,
      specReusable,
    );
    expect(edited.stats).toEqual({ specs: 2, parsed: 1, documents: 2, reused: 1, failed: 0 });
    expect(edited.index.digest).not.toBe(first.index.digest);
  });

  it("parses a document once when it is a spec of its own and another spec's $ref target", async () => {
    const common = `openapi: 3.0.3\ninfo: { title: Common, version: '1' }\npaths: {}\n${await readFile(`${FIXTURES}common.yaml`, 'utf8')}`;
    const { stats } = await prepareSpecs(
      await inputs(common),
      path.join(dir, 'render'),
      specReusable,
    );
    expect(stats).toEqual({ specs: 3, parsed: 3, documents: 3, reused: 0, failed: 0 });
  });

  it('serves specs by file, URL and name, and says why one cannot be had', async () => {
    const prepared = await prepareSpecs(
      await inputs(await readFile(`${FIXTURES}common.yaml`, 'utf8')),
      path.join(dir, 'render'),
      specReusable,
    );
    const library = new SpecLibrary(prepared.index, path.join(dir, 'render'));
    const fleetSha = (await inputs('')).files[0]?.sha256 as string;
    const byFile = await library.get(`file:api:${fleetSha}`);
    expect(byFile.ok && byFile.document.info).toMatchObject({ title: 'Fleet API' });
    const byName = await library.get('name:depot');
    const byUrl = await library.get('url:https://specs.example/depot.json');
    expect(byName.ok && byUrl.ok && byName.document === byUrl.document).toBe(true);
    expect(await library.get('name:internal')).toEqual({
      ok: false,
      reason: 'refused: 10.0.0.7 is a private address',
    });
    const unknown = await library.get('url:https://elsewhere.example/x.json');
    expect(unknown.ok ? '' : unknown.reason).toMatch(/not in the snapshot/);
  });
});
