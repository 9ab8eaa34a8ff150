import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.ts';
import { changedSpaces } from '../../src/preview/revisions.ts';
import { pull } from '../../src/pull/index.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';
import { EXAMPLE_DIR, type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

describe("preview's revision check", () => {
  let platform: LocalPlatform;
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let folder: string;
  beforeAll(async () => {
    temp = await tempDir('offprint-revisions-');
    folder = await copyFolder(EXAMPLE_DIR, path.join(temp.dir, 'site'));
    platform = await startPlatform({ dir: folder });
  });
  afterAll(async () => {
    await platform?.close();
    await temp?.cleanup();
  });

  it("costs one request per space, and sees a change request's and a space's new revisions", async () => {
    const { manifest } = await pull({
      apiUrl: platform.url,
      token: TOKEN,
      organizationId: 'acme-rockets',
      siteId: 'docs',
      cacheDir: path.join(temp.dir, 'cache'),
      changeRequest: { spaceId: 'api', changeRequestId: '1' },
    });
    expect(manifest.spaces.find((s) => s.spaceId === 'api')?.changeRequest?.number).toBe(1);
    const client = new PlatformClient({ apiUrl: platform.url, token: TOKEN });

    const before = platform.requests.length;
    expect(await changedSpaces(client, manifest)).toEqual([]);
    const requests = platform.requests.slice(before);
    expect(requests).toHaveLength(manifest.spaces.length);
    for (const request of requests) {
      expect(request.method).toBe('GET');
      expect(request.path).toMatch(/^\/v1\/spaces\/[\w-]+(\/change-requests\/[\w-]+)?$/);
    }

    // Edit the change request's copy of a page, and the main content of another space.
    await appendFile(
      path.join(folder, 'spaces/api/.change-requests/1/endpoints/payloads.md'),
      '\n\nA reviewer note.\n',
    );
    await appendFile(path.join(folder, 'spaces/telemetry/README.md'), '\n\nA new paragraph.\n');
    await platform.reload();
    expect((await changedSpaces(client, manifest)).sort()).toEqual(['api', 'telemetry']);
  });
});
