import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../src/local-platform/server.ts';
import { api, listAll, start, TOKEN } from './helpers.ts';

describe('local platform over HTTP', () => {
  let platform: LocalPlatform;
  beforeAll(async () => {
    platform = await start({ token: TOKEN, pageSize: 2 });
  });
  afterAll(() => platform?.close());

  it('listens on 127.0.0.1 at a random port', () => {
    expect(platform.url).toBe(`http://127.0.0.1:${platform.port}`);
    expect(platform.port).toBeGreaterThan(0);
  });

  describe('auth', () => {
    it('answers 401 without a token or with a wrong one, 200 with the right one', async () => {
      const missing = await api(platform, '/orgs', { token: null });
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toBe('Bearer');
      expect(missing.json).toEqual({
        error: { code: 401, message: expect.stringContaining('Authorization') },
      });
      expect((await api(platform, '/orgs', { token: 'wrong' })).status).toBe(401);
      expect((await api(platform, '/orgs')).status).toBe(200);
    });

    it('accepts any or no token when none is configured', async () => {
      const open = await start();
      try {
        expect((await api(open, '/orgs', { token: null })).status).toBe(200);
        expect((await api(open, '/orgs', { token: 'anything' })).status).toBe(200);
      } finally {
        await open.close();
      }
    });
  });

  describe('envelopes and pagination', () => {
    it('pages through a list with opaque cursors, next absent on the last page', async () => {
      const first = await api(platform, '/spaces/guides/content/files?limit=1');
      expect(first.json.count).toBe(4);
      expect(first.json.items).toHaveLength(1);
      expect(typeof first.json.next.page).toBe('string');
      const { items, pages } = await listAll(platform, '/spaces/guides/content/files?limit=1');
      expect(pages).toBe(4);
      expect(items.map((f) => f.name)).toEqual([
        'diagram.svg',
        'guide.pdf',
        'logo.png',
        'screen shot (1).png',
      ]);
      const last = await api(
        platform,
        `/spaces/guides/content/files?limit=3&page=${first.json.next.page}`,
      );
      expect(last.json.items).toHaveLength(3);
      expect(last.json.next).toBeUndefined();
    });

    it('uses the configured page size without limit', async () => {
      const { json } = await api(platform, '/orgs/acme/sites/docs/site-spaces');
      expect(json.items).toHaveLength(2);
      expect(json.count).toBe(3);
      expect((await listAll(platform, '/orgs/acme/sites/docs/site-spaces')).pages).toBe(2);
    });

    it.each([
      ['limit over 1000', '?limit=1001', /limit must be an integer from 1 to 1000/],
      ['limit 0', '?limit=0', /limit must be/],
      ['a non-numeric limit', '?limit=ten', /limit must be/],
      ['a forged cursor', '?page=b2Zmc2V0Oi0x', /invalid page cursor/],
      ['garbage as cursor', '?page=%%%', /invalid page cursor|percent/],
    ])('answers 400 for %s', async (_, query, message) => {
      const { status, json } = await api(platform, `/spaces/guides/content/files${query}`);
      expect(status).toBe(400);
      expect(json.error.code).toBe(400);
      expect(json.error.message).toMatch(message);
    });

    it('accepts limit=1000', async () => {
      expect(
        (await api(platform, '/spaces/guides/content/files?limit=1000')).json.items,
      ).toHaveLength(4);
    });
  });

  describe('errors', () => {
    it.each([
      ['/nope', 'no such route'],
      ['/orgs/other', 'organization other not found'],
      ['/orgs/acme/sites/nope', 'site nope not found'],
      ['/spaces/nope', 'space nope not found'],
      ['/spaces/guides/content/page/nope', 'page nope not found'],
      ['/spaces/guides/content/files/nope', 'file nope not found'],
      ['/spaces/guides/change-requests/99', 'change request 99 not found'],
      ['/orgs/acme/sites/docs/share-links/nope', 'share link nope not found'],
    ])('%s → 404 JSON', async (path, message) => {
      const method = path.includes('share-links') ? 'DELETE' : 'GET';
      const { status, json, headers } = await api(platform, path, { method });
      expect(status).toBe(404);
      expect(headers.get('content-type')).toMatch(/^application\/json/);
      expect(json.error.code).toBe(404);
      expect(json.error.message).toContain(message);
    });

    it('answers 404 JSON outside /v1 too', async () => {
      const response = await fetch(`${platform.url}/elsewhere`);
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe(404);
    });

    it('answers 405 with Allow for a wrong method', async () => {
      const { status, json, headers } = await api(platform, '/orgs', { method: 'DELETE' });
      expect(status).toBe(405);
      expect(json.error.code).toBe(405);
      expect(headers.get('allow')).toBe('GET');
    });

    it('answers 400 for bad input', async () => {
      const invalidJson = await fetch(`${platform.url}/v1/orgs/acme/sites/docs`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${TOKEN}` },
        body: '{nope',
      });
      expect(invalidJson.status).toBe(400);
      const badTitle = await api(platform, '/orgs/acme/sites/docs', {
        method: 'PATCH',
        body: { title: 'x' },
      });
      expect(badTitle.status).toBe(400);
      expect(badTitle.json.error.message).toMatch(/^title: /);
      expect((await api(platform, '/orgs/acme/sites?published=maybe')).status).toBe(400);
      expect((await api(platform, '/spaces/guides/links?status=weird')).status).toBe(400);
      const pageId = platform.model.space('guides')?.content.pageIdByFile.get('README.md');
      expect((await api(platform, `/spaces/guides/content/page/${pageId}?format=pdf`)).status).toBe(
        400,
      );
    });

    it('treats ids as opaque lookups, never as paths', async () => {
      for (const id of ['..%2F..%2Forganization.yaml', '%2e%2e', 'guides%00']) {
        expect((await api(platform, `/spaces/${id}`)).status).toBe(404);
      }
      const traversal = await fetch(`${platform.url}/_files/..%2F..%2Forganization.yaml/x/y`);
      expect(traversal.status).toBe(404);
    });
  });

  describe('request log', () => {
    it('records method, path and status, with share keys masked', async () => {
      const before = platform.requests.length;
      await api(platform, '/orgs/acme/sites/preview/published?shareKey=open-sesame-1234');
      await api(platform, '/nope');
      expect(platform.requests.slice(before)).toEqual([
        { method: 'GET', path: '/v1/orgs/acme/sites/preview/published?shareKey=***', status: 200 },
        { method: 'GET', path: '/v1/nope', status: 404 },
      ]);
    });
  });
});

describe('fault injection', () => {
  let platform: LocalPlatform;
  beforeAll(async () => {
    platform = await start();
  });
  afterAll(() => platform?.close());

  it('answers every Nth request 429 with Retry-After, deterministically', async () => {
    platform.setFaults({ every429: 3, retryAfter: 7 });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 6; i++) {
      const { status, headers, json } = await api(platform, '/orgs');
      statuses.push(status);
      if (status === 429) {
        retryAfter = headers.get('retry-after');
        expect(json.error.code).toBe(429);
      }
    }
    expect(statuses).toEqual([200, 200, 429, 200, 200, 429]);
    expect(retryAfter).toBe('7');
    platform.setFaults({});
  });

  it('answers 503 and drops connections on their own periods, on file downloads too', async () => {
    platform.setFaults({ every503: 2, everyDrop: 3 });
    const file = (await api(platform, '/spaces/guides/content/files')).json; // request 1
    const outcomes: Array<number | 'dropped'> = [];
    for (let i = 0; i < 4; i++) {
      try {
        outcomes.push((await fetch(file.items[0].downloadURL)).status); // requests 2..5
      } catch {
        outcomes.push('dropped');
      }
    }
    platform.setFaults({});
    expect(outcomes).toEqual([503, 'dropped', 503, 200]);
    expect(platform.requests.some((r) => r.status === 0)).toBe(true);
  });

  it('adds latency', async () => {
    platform.setFaults({ latencyMs: 150 });
    const started = Date.now();
    await api(platform, '/orgs');
    platform.setFaults({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('can start with faults', async () => {
    const faulty = await start({ faults: { every503: 1 } });
    try {
      expect((await api(faulty, '/orgs')).status).toBe(503);
    } finally {
      await faulty.close();
    }
  });
});
