import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.ts';
import { PullError, pull } from '../../src/pull/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { shareLinksOf } from '../helpers/example.ts';
import { copyFolder, readTree, tempDir } from '../helpers/fs.ts';
import { EXAMPLE_DIR, type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';
import { pullOptions, siteIds } from '../helpers/pull.ts';

describe('pulling through share links', () => {
  let platform: LocalPlatform;
  let organizationId: string;
  let links: Awaited<ReturnType<typeof shareLinksOf>>;
  let cache: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    platform = await startPlatform();
    const client = new PlatformClient({ apiUrl: platform.url, token: TOKEN });
    organizationId = (await client.list('listOrganizations', {}))[0]?.id as string;
    links = await shareLinksOf();
    cache = await tempDir();
  });
  afterAll(async () => {
    await platform?.close();
    await cache?.cleanup();
  });

  const pullWith = (shareKey: string, dir: string) =>
    pull({
      apiUrl: platform.url,
      token: TOKEN,
      shareKey,
      organizationId,
      siteId: links.siteId,
      cacheDir: dir,
    });

  it('reads the site with an active link and never stores the key', async () => {
    const key = links.active[0]?.key as string;
    const result = await pullWith(key, path.join(cache.dir, 'ok'));
    expect(result.manifest.viaShareLink).toBe(true);
    expect(result.manifest.counts.pages).toBeGreaterThan(0);
    for (const [file, bytes] of await readTree(path.join(cache.dir, 'ok'))) {
      expect(bytes.toString('latin1').includes(key), `${file} contains the share key`).toBe(false);
    }
  });

  it('says the key is wrong, without printing it', async () => {
    const error = await pullWith('not-the-key-1234', path.join(cache.dir, 'wrong')).catch((e) => e);
    expect(error).toBeInstanceOf(PullError);
    expect(error.message).toMatch(/404.*check --share-key/);
    expect(error.message).not.toContain('not-the-key-1234');
  });

  it('refuses an inactive link', async () => {
    const inactive = links.inactive[0]?.key as string;
    expect(inactive).toBeTruthy();
    const error = await pullWith(inactive, path.join(cache.dir, 'inactive')).catch((e) => e);
    expect(error).toBeInstanceOf(PullError);
    expect(error.message).toContain('check --share-key');
  });
});

describe('pulling a change request', () => {
  it("stands the change request's content in for its space, and records it", async () => {
    const platform = await startPlatform();
    const cache = await tempDir();
    try {
      const client = new PlatformClient({ apiUrl: platform.url, token: TOKEN });
      const organizationId = (await client.list('listOrganizations', {}))[0]?.id as string;
      const siteId = (await client.list('listSites', { organizationId })).find(
        (s) => s.visibility === 'public',
      )?.id as string;
      const siteSpaces = await client.list('listSiteSpaces', { organizationId, siteId });
      let target: { spaceId: string; number: number; subject: string } | undefined;
      for (const siteSpace of siteSpaces) {
        const [cr] = await client.list('listChangeRequests', { spaceId: siteSpace.space.id });
        if (cr) target = { spaceId: siteSpace.space.id, number: cr.number, subject: cr.subject };
      }
      if (!target) throw new Error('the example has no change request');
      const base = { apiUrl: platform.url, token: TOKEN, organizationId, siteId };
      const main = await pull({ ...base, cacheDir: path.join(cache.dir, 'main') });
      const preview = await pull({
        ...base,
        cacheDir: path.join(cache.dir, 'cr'),
        changeRequest: { spaceId: target.spaceId, changeRequestId: String(target.number) },
      });
      const entry = preview.manifest.spaces.find((s) => s.spaceId === target.spaceId);
      expect(entry?.changeRequest).toMatchObject({
        number: target.number,
        subject: target.subject,
      });
      const mainEntry = main.manifest.spaces.find((s) => s.spaceId === target.spaceId);
      expect(entry?.revision).not.toBe(mainEntry?.revision);
      const mainText = await allMarkdown(path.join(cache.dir, 'main', 'snapshot'), target.spaceId);
      const crText = await allMarkdown(path.join(cache.dir, 'cr', 'snapshot'), target.spaceId);
      expect(crText).not.toBe(mainText);

      const wrongSpace = await pull({
        ...base,
        cacheDir: path.join(cache.dir, 'x'),
        changeRequest: { spaceId: 'nope', changeRequestId: '1' },
      }).catch((e) => e);
      expect(wrongSpace).toBeInstanceOf(PullError);
      expect(wrongSpace.message).toContain('not part of site');
    } finally {
      await platform.close();
      await cache.cleanup();
    }
  });
});

describe('what a change request changes', () => {
  let cache: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    cache = await tempDir();
  });
  afterAll(() => cache?.cleanup());

  /** Pulls the example's change request #1 of `api` from `site` (a site folder). */
  async function pullRequest(site: string, dir: string) {
    const platform = await startPlatform({ dir: site });
    try {
      const result = await pull({
        ...pullOptions(platform, await siteIds(platform), path.join(cache.dir, dir)),
        changeRequest: { spaceId: 'api', changeRequestId: '1' },
      });
      return Snapshot.open(result.snapshotDir);
    } finally {
      await platform.close();
    }
  }

  const summary = (changes: { pages: Array<Record<string, unknown>> } | undefined) =>
    (changes?.pages ?? [])
      .map(({ change, path, previousPath, edited }) =>
        [change, path, previousPath, edited && 'edited'].filter(Boolean).join(' '),
      )
      .sort();

  it('lists the pages it adds, edits, moves and removes, and keeps what edited and removed pages were', async () => {
    const snapshot = await pullRequest(EXAMPLE_DIR, 'example');
    const changes = await snapshot.changes('api');
    expect(summary(changes)).toEqual([
      'added endpoints/manifests',
      'edited endpoints/payloads edited',
      'edited rate-limits edited',
      'moved endpoints/events endpoints/webhooks',
      'removed sdks',
    ]);
    // A new title is reported with the one it replaces; the other pages keep theirs.
    expect(changes?.pages.find((p) => p.path === 'rate-limits')).toMatchObject({
      title: 'Request limits and pagination',
      previousTitle: 'Pagination and rate limits',
    });
    expect(changes?.pages.filter((p) => p.previousTitle !== undefined)).toHaveLength(1);
    expect(changes?.liveSince).toBeUndefined();
    expect(changes?.baseRevision).toBe(changes?.currentRevision);
    const payloads = changes?.pages.find((p) => p.path === 'endpoints/payloads')?.pageId as string;
    const sdks = changes?.pages.find((p) => p.path === 'sdks')?.pageId as string;
    expect(await snapshot.basePageMarkdown('api', payloads)).toContain(
      'The API does not check mass yet',
    );
    expect(await snapshot.pageMarkdown('api', payloads)).not.toContain('does not check mass yet');
    expect(await snapshot.basePageMarkdown('api', sdks)).toMatch(/^# SDKs/m);
    // The other spaces of the site are the published ones: no changes recorded for them.
    expect(await snapshot.changes('guides-v2')).toBeUndefined();
  });

  it('says which pages the live space changed since the request started', async () => {
    const site = await copyFolder(EXAMPLE_DIR, path.join(cache.dir, 'moved-on-site'));
    // The request started from a revision whose Errors page read differently.
    const started = path.join(site, 'spaces/api/.change-requests/1/.started-from');
    await mkdir(started, { recursive: true });
    await writeFile(path.join(started, 'errors.md'), '# Errors\n\nAn older errors page.\n');
    const snapshot = await pullRequest(site, 'moved-on');
    const changes = await snapshot.changes('api');
    expect(changes?.baseRevision).not.toBe(changes?.currentRevision);
    // The request did not touch Errors: it is not one of its changes, but a change made live.
    expect(summary(changes)).not.toContain('edited errors edited');
    expect(summary({ pages: changes?.liveSince ?? [] })).toEqual(['edited errors edited']);
  });
});

async function allMarkdown(dir: string, spaceId: string): Promise<string> {
  const snapshot = await Snapshot.open(dir);
  const revision = await snapshot.revision(spaceId);
  const texts: string[] = [];
  const stack = [...revision.pages];
  while (stack.length) {
    const page = stack.pop();
    if (!page) break;
    texts.push((await snapshot.pageMarkdown(spaceId, page.id)) ?? '');
    stack.push(...(page.pages ?? []));
  }
  return texts.sort().join('\n');
}
