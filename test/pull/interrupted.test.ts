import { appendFile, readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.ts';
import { pull } from '../../src/pull/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { runCli } from '../helpers/cli.ts';
import { copyFolder, readTree, tempDir } from '../helpers/fs.ts';
import { EXAMPLE_DIR, type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

describe('a pull killed mid-way', () => {
  let platform: LocalPlatform;
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let folder: string;
  afterAll(async () => {
    await platform?.close();
    await temp?.cleanup();
  });
  beforeAll(async () => {
    temp = await tempDir();
    folder = await copyFolder(EXAMPLE_DIR, path.join(temp.dir, 'site'));
    platform = await startPlatform({ dir: folder });
  });

  it('leaves the previous snapshot intact, and the next pull completes', async () => {
    const client = new PlatformClient({ apiUrl: platform.url, token: TOKEN });
    const organizationId = (await client.list('listOrganizations', {}))[0]?.id as string;
    const siteId = (await client.list('listSites', { organizationId })).find(
      (s) => s.visibility === 'public',
    )?.id as string;
    const cacheDir = path.join(temp.dir, 'cache');
    const base = { apiUrl: platform.url, token: TOKEN, organizationId, siteId, cacheDir };
    const first = await pull(base);
    const link = await readlink(path.join(cacheDir, 'snapshot'));
    const before = await readTree(path.join(cacheDir, 'snapshot'));

    // Change every space so the next pull must fetch pages, and slow the platform down.
    for (const space of first.manifest.spaces) {
      await appendFile(
        path.join(folder, 'spaces', space.spaceId, 'README.md'),
        '\n\nEdited after the first pull.\n',
      );
    }
    await platform.reload();
    platform.setFaults({ latencyMs: 40 });
    const { child, done } = runCli(
      [
        'pull',
        '--api-url',
        platform.url,
        '--org',
        organizationId,
        '--site',
        siteId,
        '--cache',
        cacheDir,
        '--concurrency',
        '2',
      ],
      { env: { OFFPRINT_TOKEN: TOKEN } },
    );
    // Kill it once it is into the page downloads.
    const started = platform.requests.length;
    const deadline = Date.now() + 20_000;
    while (
      !platform.requests.slice(started).some((r) => r.path.includes('/content/page/')) &&
      Date.now() < deadline
    ) {
      await sleep(5);
    }
    child.kill('SIGKILL');
    const result = await done;
    platform.setFaults({});
    expect(result.signal).toBe('SIGKILL');

    expect(await readlink(path.join(cacheDir, 'snapshot'))).toBe(link);
    const after = await readTree(path.join(cacheDir, 'snapshot'));
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [file, bytes] of before) expect(after.get(file)?.equals(bytes), file).toBe(true);
    await Snapshot.open(path.join(cacheDir, 'snapshot'));

    const next = await pull(base);
    expect(next.stats.spacesFetched).toBe(first.manifest.spaces.length);
    const leftovers = (await readdir(path.join(cacheDir, 'snapshots'))).filter((n) =>
      n.startsWith('.staging-'),
    );
    expect(leftovers).toEqual([]);
  });
});
