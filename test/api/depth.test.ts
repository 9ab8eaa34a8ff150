import { describe, expect, it } from 'vitest';
import { MAX_PAGE_DEPTH, pruneDeepPages } from '../../src/api/depth.ts';
import { Revision } from '../../src/api/schemas/index.ts';
import { clientFor, startPlatform, TOKEN } from '../helpers/platform.ts';

/** A chain of `depth` pages, each the only child of the one above (built without recursion). */
function chain(depth: number): { pages: Record<string, unknown>[] } {
  let pages: Record<string, unknown>[] = [];
  for (let level = depth; level >= 1; level--)
    pages = [{ id: `p${level}`, title: `Level ${level}`, type: 'group', pages }];
  return { pages };
}

function depthOf(body: { pages: Record<string, unknown>[] }): number {
  let depth = 0;
  for (let pages = body.pages; pages.length > 0; depth++)
    pages = (pages[0]?.pages as Record<string, unknown>[]) ?? [];
  return depth;
}

describe('pruneDeepPages', () => {
  it('cuts a 10,000-deep tree at the limit, naming the page that lost its children', () => {
    const body = chain(10_000);
    const cuts = pruneDeepPages(body);
    expect(depthOf(body)).toBe(MAX_PAGE_DEPTH);
    expect(cuts).toEqual([
      `page "Level ${MAX_PAGE_DEPTH}" (id p${MAX_PAGE_DEPTH}) is nested ${MAX_PAGE_DEPTH} levels deep: its 1 child page(s) and their descendants are left out`,
    ]);
  });

  it('leaves a tree within the limit as it is', () => {
    const body = chain(MAX_PAGE_DEPTH);
    const before = JSON.stringify(body);
    expect(pruneDeepPages(body)).toEqual([]);
    expect(JSON.stringify(body)).toBe(before);
  });

  it('ignores bodies without pages and malformed entries', () => {
    expect(pruneDeepPages(null)).toEqual([]);
    expect(pruneDeepPages({ items: [] })).toEqual([]);
    expect(pruneDeepPages({ pages: [null, 'x', { pages: 'no' }] })).toEqual([]);
  });
});

describe('a 10,000-deep page tree', () => {
  it('overflows the recursive schema check unless pruned first', () => {
    expect(() => Revision.safeParse(chain(10_000))).toThrow(RangeError);
  });
});

describe('a page tree 10,000 levels deep over HTTP', () => {
  it('arrives validated, cut at the limit, with a warning naming the page', async () => {
    const platform = await startPlatform();
    const warnings: string[] = [];
    try {
      const client = clientFor(platform, { onWarning: (message) => warnings.push(message) });
      const [space] = platform.model.spaces();
      const pathname = `/v1/spaces/${space?.id}/content`;
      const revision = await (
        await fetch(`${platform.url}${pathname}`, { headers: { authorization: `Bearer ${TOKEN}` } })
      ).json();
      // Written as a string: JSON.stringify itself cannot go 10,000 levels deep.
      const opening = Array.from(
        { length: 10_000 },
        (_, i) => `{"id":"d${i + 1}","title":"Level ${i + 1}","type":"group","pages":[`,
      ).join('');
      revision.pages.push('__deep__');
      platform.respondRaw(
        pathname,
        JSON.stringify(revision).replace('"__deep__"', `${opening}${']}'.repeat(10_000)}`),
      );
      const content = await client.request('getSpaceContent', { spaceId: space?.id as string });
      expect(depthOf({ pages: [content.pages.at(-1) as Record<string, unknown>] })).toBe(
        MAX_PAGE_DEPTH,
      );
      expect(warnings).toEqual([
        `GET /spaces/${space?.id}/content: page "Level ${MAX_PAGE_DEPTH}" (id d${MAX_PAGE_DEPTH}) is nested ${MAX_PAGE_DEPTH} levels deep: its 1 child page(s) and their descendants are left out`,
      ]);
    } finally {
      await platform.close();
    }
  });
});
