import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.ts';
import { PullError, pull } from '../../src/pull/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { shareLinksOf } from '../helpers/example.ts';
import { readTree, tempDir } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

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
