import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../src/api/client.ts';
import type { EndpointName } from '../../src/api/endpoints.ts';
import { ApiError, ApiSchemaError } from '../../src/api/errors.ts';
import type { RateWaitEvent } from '../../src/api/rate-gate.ts';
import type { SiteSpace } from '../../src/api/schemas/index.ts';
import { clientFor, type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

/** Ids of the example, discovered through the API itself so the test follows the example. */
interface Ids {
  organizationId: string;
  siteId: string;
  spaceId: string;
  pageId: string;
  changeRequestId: string;
}

async function discover(client: PlatformClient): Promise<Ids> {
  const [org] = await client.list('listOrganizations', {});
  if (!org) throw new Error('example has no organization');
  const organizationId = org.id;
  const sites = await client.list('listSites', { organizationId });
  const site = sites.find((s) => s.visibility === 'public');
  if (!site) throw new Error('example needs a public site');
  const ids = { organizationId, siteId: site.id };
  const siteSpaces = (await client.list('listSiteSpaces', ids)) as SiteSpace[];
  const spaceId = siteSpaces[0]?.space.id as string;
  const revision = await client.request('getSpaceContent', { spaceId });
  const withCr = await findSpaceWithChangeRequest(
    client,
    siteSpaces.map((s) => s.space.id),
  );
  return {
    organizationId,
    siteId: site.id,
    spaceId,
    pageId: revision.pages.find((p) => (p.type ?? 'document') === 'document')?.id as string,
    changeRequestId: withCr,
  };
}

async function findSpaceWithChangeRequest(
  client: PlatformClient,
  spaceIds: string[],
): Promise<string> {
  for (const spaceId of new Set(spaceIds)) {
    const [cr] = await client.list('listChangeRequests', { spaceId });
    if (cr) return `${spaceId}:${cr.number}`;
  }
  throw new Error('example has no change request');
}

describe('the API client against the local platform', () => {
  let platform: LocalPlatform;
  let client: PlatformClient;
  let ids: Ids;

  beforeAll(async () => {
    platform = await startPlatform({ pageSize: 2 });
    client = clientFor(platform);
    ids = await discover(client);
  });
  afterAll(() => platform?.close());

  it('reads every endpoint of the table and validates each response', async () => {
    const org = { organizationId: ids.organizationId };
    const site = { ...org, siteId: ids.siteId };
    const space = { spaceId: ids.spaceId };
    const [crSpace, crNumber] = ids.changeRequestId.split(':') as [string, string];
    const cr = { spaceId: crSpace, changeRequestId: crNumber };
    const crPageId = (await client.request('getChangeRequestContent', cr)).pages[0]?.id as string;
    const initial = {
      spaceId: crSpace,
      revisionId: (await client.request('getChangeRequest', cr)).revisionInitial,
    };
    // The one write the table keeps runs on the site the reads above have already seen.
    const calls = {
      listOrganizations: () => client.list('listOrganizations', {}),
      listSites: () => client.list('listSites', org),
      getSite: () => client.request('getSite', site),
      updateSite: () => client.request('updateSite', site, { body: { basename: 'docs' } }),
      getSiteAdaptiveSchema: () => client.request('getSiteAdaptiveSchema', site),
      getPublishedContentSite: () => client.request('getPublishedContentSite', site),
      listSiteSections: () => client.list('listSiteSections', site),
      listSiteSectionGroups: () => client.list('listSiteSectionGroups', site),
      listSiteSpaces: () => client.list('listSiteSpaces', site, { query: { default: true } }),
      getSpace: () => client.request('getSpace', space),
      listSpaceLinks: () => client.list('listSpaceLinks', space),
      getSpaceContent: () => client.request('getSpaceContent', space),
      listSpaceFiles: () => client.list('listSpaceFiles', space),
      getSpacePage: () =>
        client.request(
          'getSpacePage',
          { ...space, pageId: ids.pageId },
          { query: { format: 'markdown' } },
        ),
      getRevision: () => client.request('getRevision', initial),
      listRevisionFiles: () => client.list('listRevisionFiles', initial),
      getRevisionPage: () =>
        client.request(
          'getRevisionPage',
          { ...initial, pageId: crPageId },
          { query: { format: 'markdown' } },
        ),
      listChangeRequests: () => client.list('listChangeRequests', { spaceId: crSpace }),
      getChangeRequest: () => client.request('getChangeRequest', cr),
      getChangeRequestContent: () => client.request('getChangeRequestContent', cr),
      listChangeRequestFiles: () => client.list('listChangeRequestFiles', cr),
      getChangeRequestPage: () =>
        client.request(
          'getChangeRequestPage',
          { ...cr, pageId: crPageId },
          { query: { format: 'markdown' } },
        ),
    } satisfies Record<EndpointName, () => Promise<unknown>>;

    const failures: string[] = [];
    for (const [name, call] of Object.entries(calls)) {
      try {
        await call();
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('returns typed, validated resources', async () => {
    const published = await client.request('getPublishedContentSite', {
      organizationId: ids.organizationId,
      siteId: ids.siteId,
    });
    expect(published.object).toBe('published-content-site');
    expect(published.site.id).toBe(ids.siteId);
    expect(published.structure.structure.length).toBeGreaterThan(0);
    const markdownPage = await client.request(
      'getSpacePage',
      { spaceId: ids.spaceId, pageId: ids.pageId },
      { query: { format: 'markdown' } },
    );
    expect(typeof markdownPage.markdown).toBe('string');
  });

  it('follows next.page across at least three pages, in order, without repeats', async () => {
    const requestsBefore = platform.requests.length;
    const sections = await client.list(
      'listSiteSpaces',
      { organizationId: ids.organizationId, siteId: ids.siteId },
      { limit: 1 },
    );
    const pagesRead = platform.requests.length - requestsBefore;
    expect(sections.length).toBeGreaterThanOrEqual(3);
    expect(pagesRead).toBe(sections.length);
    expect(new Set(sections.map((s) => s.id)).size).toBe(sections.length);
  });

  it('refuses a page size over 1000 before asking', async () => {
    await expect(
      client.list('listSites', { organizationId: ids.organizationId }, { limit: 1001 }),
    ).rejects.toThrow(/limit must be an integer from 1 to 1000/);
  });

  it('names method, path, status and the platform message on 404', async () => {
    const error = await client
      .request('getSite', { organizationId: ids.organizationId, siteId: 'no-such-site' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.message).toMatch(
      new RegExp(`^GET /orgs/${ids.organizationId}/sites/no-such-site → 404: .+`),
    );
    expect(error.attempts).toBe(1);
  });

  it('says 401 when the token is missing or wrong, without printing it', async () => {
    const anonymous = clientFor(platform, { token: undefined });
    const missing = await anonymous.list('listOrganizations', {}).catch((e) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing.status).toBe(401);
    const wrongToken = 'wrong-token-0000';
    const wrong = await clientFor(platform, { token: wrongToken })
      .list('listOrganizations', {})
      .catch((e) => e);
    expect(wrong.status).toBe(401);
    expect(`${wrong.message}\n${wrong.stack}`).not.toContain(wrongToken);
  });
});

describe('retries', () => {
  let platform: LocalPlatform;
  afterAll(() => platform?.close());
  beforeAll(async () => {
    platform = await startPlatform();
  });

  it('get through injected 429, 503 and dropped connections', async () => {
    const client = clientFor(platform);
    const clean = await client.list('listOrganizations', {});
    platform.setFaults({ every429: 7, retryAfter: 0, every503: 11, everyDrop: 13 });
    const attempts: { status: number | undefined }[] = [];
    const faulty = clientFor(platform, { onAttempt: (event) => attempts.push(event) });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => faulty.list('listOrganizations', {})),
    );
    platform.setFaults({});
    for (const result of results) expect(result).toEqual(clean);
    const statuses = new Set(attempts.map((a) => a.status));
    expect(statuses.has(429)).toBe(true);
    expect(statuses.has(503)).toBe(true);
    expect(statuses.has(undefined)).toBe(true);
  });

  it('waits at least as long as Retry-After asks', async () => {
    platform.setFaults({ every429: 2, retryAfter: 1 });
    const client = clientFor(platform);
    await client.list('listOrganizations', {}); // request 1 passes
    const started = Date.now();
    await client.list('listOrganizations', {}); // request 2 is refused, retried after 1 s
    platform.setFaults({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('gives up after its attempts and says how many', async () => {
    platform.setFaults({ every503: 1 });
    const client = clientFor(platform, { retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 } });
    const error = await client.list('listOrganizations', {}).catch((e) => e);
    platform.setFaults({});
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(error.attempts).toBe(3);
    expect(error.message).toContain('gave up after 3 attempts');
  });

  it('times out a request that takes too long', async () => {
    platform.setFaults({ latencyMs: 500 });
    const client = clientFor(platform, { timeoutMs: 100, retry: { attempts: 2, baseDelayMs: 1 } });
    const error = await client.list('listOrganizations', {}).catch((e) => e);
    platform.setFaults({});
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('TIMEOUT');
    expect(error.attempts).toBe(2);
  });

  it('bounds requests in flight across the whole client', async () => {
    platform.setFaults({ latencyMs: 30 });
    let peak = 0;
    const client = clientFor(platform, { concurrency: 3 });
    const probe = setInterval(() => {
      peak = Math.max(peak, client.transport.activeCount);
    }, 2);
    await Promise.all(
      Array.from({ length: 12 }, () => client.transport.send({ method: 'GET', path: '/orgs' })),
    );
    clearInterval(probe);
    platform.setFaults({});
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(3);
  });

  it('holds every request once the window is spent, so in-flight requests collect no 429s', async () => {
    platform.setRateLimit({ limit: 10, windowSeconds: 1 });
    const waits: RateWaitEvent[] = [];
    const client = clientFor(platform, { concurrency: 8, onRateLimit: (e) => waits.push(e) });
    const start = platform.requests.length;
    // A query of its own: answers to earlier tests' abandoned attempts may still be logged.
    const probe = { method: 'GET', path: '/orgs', query: { probe: 'rate-window' } };
    await Promise.all(Array.from({ length: 35 }, () => client.transport.send(probe)));
    platform.setRateLimit(undefined);
    const made = platform.requests.slice(start).filter((r) => r.path.includes('probe=rate-window'));
    // Only requests already in flight when a window ends can be refused (without the gate, each
    // of the 25 requests past the first window would be refused, most of them several times).
    expect(made.filter((r) => r.status === 429).length).toBeLessThanOrEqual(17);
    expect(made.filter((r) => r.status === 200)).toHaveLength(35);
    expect(waits.some((w) => w.cause === 'window' && w.window?.limit === 10)).toBe(true);
  });

  it('does not count 429s as attempts: a request refused more often than its attempts still succeeds', async () => {
    platform.setRateLimit({ limit: 1, windowSeconds: 0.5 });
    const client = clientFor(platform, { concurrency: 4, retry: { attempts: 1 } });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => client.transport.send({ method: 'GET', path: '/orgs' })),
    );
    platform.setRateLimit(undefined);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  });
});

describe('schema violations', () => {
  /** A client of a fresh local platform, and the first site's ids and sections. */
  async function firstSite(platform: LocalPlatform) {
    const client = clientFor(platform);
    const [org] = await client.list('listOrganizations', {});
    const site = (await client.list('listSites', { organizationId: org?.id as string }))[0];
    const params = { organizationId: org?.id as string, siteId: site?.id as string };
    return { client, params, sections: await client.list('listSiteSections', params) };
  }

  it('name the endpoint and the failing field path', async () => {
    const platform = await startPlatform();
    try {
      const { client, params, sections } = await firstSite(platform);
      // A section path that is not a string breaks the contract (its length would not).
      platform.model.mutateSection(params.siteId, sections[0]?.id as string, {
        path: 42 as unknown as string,
      });
      const error = await client.list('listSiteSections', params).catch((e) => e);
      expect(error).toBeInstanceOf(ApiSchemaError);
      expect(error.message).toContain('listSiteSections');
      expect(error.message).toMatch(/items\[\d+\]\.path/);
    } finally {
      await platform.close();
    }
  });

  it("keep values outside the spec's lengths, and list them once per kind", async () => {
    const platform = await startPlatform();
    try {
      const { client, params, sections } = await firstSite(platform);
      for (const section of sections.slice(0, 2))
        platform.model.mutateSection(params.siteId, section.id, { path: 'x'.repeat(101) });
      const again = await client.list('listSiteSections', params);
      expect(again[0]?.path).toBe('x'.repeat(101));
      await client.list('listSiteSections', params);
      const warnings = client.outOfSpecWarnings();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^section path outside the spec's 1\.\.100 characters, kept as sent \(4\): GET \/orgs\/[^ ]+\/sites\/[^ ]+\/sections items\[0\]\.path; .*; and 1 more$/,
      );
    } finally {
      await platform.close();
    }
  });
});

describe('secrets', () => {
  it('never appear in errors, events or stacks', async () => {
    const platform = await startPlatform();
    const seen: string[] = [];
    try {
      const shareKey = 'share-key-secret-7d2a';
      const client = clientFor(platform, {
        shareKey,
        onAttempt: (event) => seen.push(JSON.stringify(event)),
      });
      const [org] = await client.list('listOrganizations', {});
      const sites = await client.list('listSites', { organizationId: org?.id as string });
      const shareSite = sites.find((s) => s.visibility === 'share-link');
      const error = await client
        .request('getPublishedContentSite', {
          organizationId: org?.id as string,
          siteId: shareSite?.id as string,
        })
        .catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      seen.push(error.message, String(error.stack), JSON.stringify(error));
      const unreachable = clientFor(platform, {
        apiUrl: 'http://127.0.0.1:1',
        retry: { attempts: 1 },
      });
      const network = await unreachable.list('listOrganizations', {}).catch((e) => e);
      seen.push(network.message, String(network.stack), JSON.stringify(network));
    } finally {
      await platform.close();
    }
    const all = seen.join('\n');
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain('share-key-secret-7d2a');
  });
});

describe('downloads', () => {
  it('refuse a file larger than the limit, without retrying, and accept one within it', async () => {
    const platform = await startPlatform();
    try {
      const client = clientFor(platform);
      const [org] = await client.list('listOrganizations', {});
      const sites = await client.list('listSites', { organizationId: org?.id as string });
      const siteSpaces = await client.list('listSiteSpaces', {
        organizationId: org?.id as string,
        siteId: sites.find((s) => s.visibility === 'public')?.id as string,
      });
      const revision = await client.request('getSpaceContent', {
        spaceId: siteSpaces[0]?.space.id as string,
      });
      const file = revision.files.find((f) => (f.size ?? 0) > 100);
      if (!file) throw new Error('the example has no file over 100 bytes');
      const bytes = await client.download(file.downloadURL);
      expect(bytes.byteLength).toBe(file.size);
      const attempts: unknown[] = [];
      const small = clientFor(platform, {
        maxDownloadBytes: 100,
        onAttempt: (e) => attempts.push(e),
      });
      const error = await small.download(file.downloadURL).catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.code).toBe('TOO_LARGE');
      expect(error.message).toContain('larger than 100 bytes');
      expect(attempts).toHaveLength(1);
    } finally {
      await platform.close();
    }
  });
});
