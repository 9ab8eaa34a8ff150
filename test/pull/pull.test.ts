import { readFile, readlink, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.ts';
import { PullError, pull } from '../../src/pull/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { copyFolder, readTree, tempDir } from '../helpers/fs.ts';
import { EXAMPLE_DIR, type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';
import { comparable, pullOptions as options, siteIds } from '../helpers/pull.ts';

describe('pull', () => {
  let platform: LocalPlatform;
  let ids: Awaited<ReturnType<typeof siteIds>>;
  const temp: { cleanup: () => Promise<void> }[] = [];
  const fresh = async () => {
    const t = await tempDir();
    temp.push(t);
    return t.dir;
  };

  beforeAll(async () => {
    platform = await startPlatform();
    ids = await siteIds(platform);
  });
  afterAll(async () => {
    await platform?.close();
    for (const t of temp) await t.cleanup();
  });

  it('writes a complete, readable snapshot of the example', async () => {
    const cache = await fresh();
    const result = await pull(options(platform, ids, cache));
    const snapshot = await Snapshot.open(path.join(cache, 'snapshot'));
    expect(snapshot.manifest.siteId).toBe(ids.siteId);
    expect(snapshot.manifest.counts.pages).toBeGreaterThanOrEqual(25);
    expect(result.stats.spacesReused).toBe(0);
    const structure = await snapshot.structure();
    expect(structure.sections.length).toBeGreaterThanOrEqual(2);
    expect(structure.sectionGroups.length).toBeGreaterThanOrEqual(1);
    for (const entry of snapshot.manifest.spaces) {
      const revision = await snapshot.revision(entry.spaceId);
      expect(revision.id).toBe(entry.revision);
      let withMarkdown = 0;
      for (const page of revision.pages) {
        if ((await snapshot.pageMarkdown(entry.spaceId, page.id)) !== undefined) withMarkdown++;
      }
      expect(withMarkdown).toBeGreaterThan(0);
      for (const file of entry.files) {
        const bytes = await readFile(snapshot.blobFile(file.sha256));
        expect(bytes.byteLength).toBe(file.size);
      }
    }
    const text = [...(await readTree(cache)).values()].map((b) => b.toString('latin1')).join('\n');
    expect(text).not.toContain(TOKEN);
  });

  it('leaves out files over the size limit with a warning naming each, and pulls the rest', async () => {
    const cache = await fresh();
    const warnings: string[] = [];
    const limit = 800;
    const result = await pull({
      ...options(platform, ids, cache),
      maxFileBytes: limit,
      onWarning: (message) => warnings.push(message),
    });
    const kept = result.manifest.spaces.flatMap((s) => s.files);
    expect(kept.length).toBeGreaterThan(0);
    for (const file of kept) expect(file.size).toBeLessThanOrEqual(limit);
    const left = warnings.filter((w) => / left out: /.test(w));
    expect(left.length).toBeGreaterThan(0);
    for (const warning of left)
      expect(warning).toMatch(
        new RegExp(
          `^file "[^"]+" \\(id \\w+, space [\\w-]+\\) left out: its declared size \\d+ bytes exceeds the ${limit}-byte limit$`,
        ),
      );
    expect(result.stats.filesDownloaded).toBe(kept.length);
  });

  it('produces the same snapshot through 429s, 503s, latency and dropped connections', async () => {
    const cleanCache = await fresh();
    await pull(options(platform, ids, cleanCache));
    const faultyCache = await fresh();
    platform.setFaults({ latencyMs: 5, every429: 7, retryAfter: 0, every503: 11, everyDrop: 13 });
    try {
      await pull(options(platform, ids, faultyCache));
    } finally {
      platform.setFaults({});
    }
    expect(await comparable(path.join(faultyCache, 'snapshot'))).toEqual(
      await comparable(path.join(cleanCache, 'snapshot')),
    );
  });

  it('re-pulls an unchanged site with only the structure requests', async () => {
    const cache = await fresh();
    await pull(options(platform, ids, cache));
    const before = platform.requests.length;
    const second = await pull(options(platform, ids, cache));
    const made = platform.requests.slice(before);
    expect(second.stats.spacesFetched).toBe(0);
    expect(second.stats.filesDownloaded).toBe(0);
    expect(made.some((r) => r.path.includes('/content'))).toBe(false);
    expect(made.some((r) => r.path.startsWith('/_files') || r.path.includes('/files/'))).toBe(
      false,
    );
    expect(made.length).toBe(second.stats.requests);
  });

  it('refetches only the space whose revision changed, and of it only the edited page', async () => {
    const { dir } = await tempDir();
    const folder = await copyFolder(EXAMPLE_DIR, path.join(dir, 'site'));
    const local = await startPlatform({ dir: folder });
    try {
      const localIds = await siteIds(local);
      const cache = path.join(dir, 'cache');
      const first = await pull(options(local, localIds, cache));
      // Not the api space: a page there names a spec on the local platform's own host, where
      // files live too, and page reuse refetches such a page whenever its revision moves.
      const changed = first.manifest.spaces.find((space) => space.spaceId !== 'api');
      if (!changed) throw new Error('no space');
      const readme = path.join(folder, 'spaces', changed.spaceId, 'README.md');
      await writeFile(readme, `${await readFile(readme, 'utf8')}\n\nA new closing paragraph.\n`);
      await local.reload();
      const before = local.requests.length;
      const second = await pull(options(local, localIds, cache));
      const pageRequests = local.requests
        .slice(before)
        .filter((r) => r.path.includes('/content/page/'));
      expect(second.stats.spacesFetched).toBe(1);
      expect(second.stats.spacesReused).toBe(first.manifest.spaces.length - 1);
      expect(second.stats.filesDownloaded).toBe(0);
      expect(pageRequests.length).toBe(1);
      expect(second.stats.pagesReused).toBe(changed.pages - 1);
      expect(pageRequests.every((r) => r.path.startsWith(`/v1/spaces/${changed.spaceId}/`))).toBe(
        true,
      );
      const snapshot = await Snapshot.open(path.join(cache, 'snapshot'));
      const revision = await snapshot.revision(changed.spaceId);
      const texts = await Promise.all(
        revision.pages.map((p) => snapshot.pageMarkdown(changed.spaceId, p.id)),
      );
      expect(texts.some((t) => t?.includes('A new closing paragraph.'))).toBe(true);
    } finally {
      await local.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves the previous snapshot in place when a pull fails', async () => {
    const cache = await fresh();
    await pull(options(platform, ids, cache));
    const link = await readlink(path.join(cache, 'snapshot'));
    const before = await comparable(path.join(cache, 'snapshot'));
    platform.setFaults({ every503: 1 });
    try {
      await expect(
        pull({ ...options(platform, ids, cache), retry: { attempts: 2, baseDelayMs: 1 } }),
      ).rejects.toThrow(/503/);
    } finally {
      platform.setFaults({});
    }
    expect(await readlink(path.join(cache, 'snapshot'))).toBe(link);
    expect(await comparable(path.join(cache, 'snapshot'))).toEqual(before);
  });

  it('warns about an unpublished site and pulls it anyway', async () => {
    const { dir } = await tempDir();
    const local = await startPlatform();
    try {
      const localIds = await siteIds(local);
      local.model.mutateSite(localIds.siteId, { published: false });
      const warnings: string[] = [];
      const result = await pull({
        ...options(local, localIds, dir),
        onWarning: (w) => warnings.push(w),
      });
      expect(result.manifest.published).toBe(false);
      expect(warnings).toEqual([`site ${localIds.siteId} is not published: building it anyway`]);
    } finally {
      await local.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a visitor-auth site unless allowed, and says why', async () => {
    const { dir } = await tempDir();
    const local = await startPlatform();
    try {
      const localIds = await siteIds(local);
      const client = new PlatformClient({ apiUrl: local.url, token: TOKEN });
      await client.request('updateSite', localIds, { body: { visibility: 'visitor-auth' } });
      const error = await pull(options(local, localIds, dir)).catch((e) => e);
      expect(error).toBeInstanceOf(PullError);
      expect(error.message).toMatch(/visitor authentication.*--allow-visitor-auth/);
      const allowed = await pull({ ...options(local, localIds, dir), allowVisitorAuth: true });
      expect(allowed.manifest.visibility).toBe('visitor-auth');
    } finally {
      await local.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
