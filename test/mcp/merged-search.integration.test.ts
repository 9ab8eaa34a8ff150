import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MERGE_FILE } from '../../src/search/merge-list.ts';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';
import { snapshotBase } from '../helpers/built-site.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';
import { type IndexedPage, pagesHolding, twoBundleSite } from '../helpers/merged-search.ts';
import { call, connectStdio, hits, type StdioSession, text } from './helpers.ts';

/** The example's public root, as its llms.txt names it. */
const PUBLIC_ROOT = 'https://docs.acme-rockets.example/docs/';

/**
 * `search_docs` on a site whose search is two Pagefind bundles, laid out as a merge of two parts
 * lays them out (`pagefind/`, `pagefind/parts/2/`, the merge file listing the second), indexed
 * from the built example by the real indexer: the first holds the Telemetry kit and every
 * other page of Guides v2, the second everything else.
 */
let cleanup: () => Promise<void>;
let siteDir: string;
let first: IndexedPage[];
let second: IndexedPage[];
let served: StaticServer;
let unsharded: StdioSession;
let temp: string;

beforeAll(async () => {
  const { outDir, cacheDir } = inject('exampleBuild');
  ({ dir: temp, cleanup } = await tempDir('offprint-mcp-merged-'));
  let guides = 0;
  ({ siteDir, first, second } = await twoBundleSite(
    outDir,
    temp,
    (indexed) =>
      indexed.space !== 'telemetry-kit' && (indexed.space !== 'guides-v2' || guides++ % 2 === 1),
  ));
  served = await serveStatic({ dir: siteDir, base: await snapshotBase(cacheDir) });
  unsharded = await connectStdio([outDir]);
});
afterAll(async () => {
  await unsharded?.close();
  await served?.close();
  await cleanup?.();
});

const urlsOf = (pages: IndexedPage[]) => pages.map((indexed) => indexed.url);

describe.each([
  { kind: 'folder', site: () => siteDir, root: () => PUBLIC_ROOT },
  { kind: 'URL', site: () => served.url, root: () => served.url },
])('search_docs over two bundles, the site as a $kind', ({ site, root }) => {
  let session: StdioSession;
  beforeAll(async () => {
    session = await connectStdio([site()]);
  });
  afterAll(() => session?.close());

  /** A hit's page as the indexer named it (`/concepts/`). */
  const pathOf = (url: string) => `/${url.slice(root().length)}`;

  it('finds pages of either bundle, and as many as the unsharded site finds', async () => {
    // Marlinspike is on pages of Guides v1 only, all in the second bundle: they come first.
    const holding = await pagesHolding(siteDir, [...first, ...second], 'Marlinspike');
    expect(holding.length).toBeGreaterThan(0);
    for (const url of holding) expect(urlsOf(second)).toContain(url);
    const found = hits(await call(session.client, 'search_docs', { query: 'Marlinspike' }));
    const top = found.slice(0, holding.length).map((hit) => pathOf(hit.url));
    expect(new Set(top)).toEqual(new Set(holding));
    // "thermistors" is on the Telemetry kit's calibration page only, in the first.
    const [calibration] = hits(await call(session.client, 'search_docs', { query: 'thermistors' }));
    expect(calibration).toMatchObject({ title: 'Sensor calibration', section: 'Telemetry kit' });
    expect(urlsOf(first)).toContain(pathOf(calibration?.url ?? ''));
    // Every page holding the word, in whichever bundle.
    const total = async (found: Promise<unknown>) =>
      ((await found) as { structuredContent: { total: number } }).structuredContent.total;
    const merged = await total(call(session.client, 'search_docs', { query: 'rocketctl' }));
    expect(merged).toBe(await total(call(unsharded.client, 'search_docs', { query: 'rocketctl' })));
  });

  it('puts the page titled as the query first, whichever bundle ranked higher', async () => {
    // Pagefind's merged order puts "Mission lifecycle" (the first bundle) above every page
    // titled "Missions" (the second).
    const [top] = hits(await call(session.client, 'search_docs', { query: 'Missions', limit: 3 }));
    expect(top?.title).toBe('Missions');
    expect(urlsOf(second)).toContain(pathOf(top?.url ?? ''));
  });
});

describe('search_docs on sites with one bundle or a broken list', () => {
  it('searches a site without a merge file (built before there was one) as its one bundle', async () => {
    const before = await copyFolder(inject('exampleBuild').outDir, path.join(temp, 'before'));
    await rm(path.join(before, 'pagefind', MERGE_FILE));
    const session = await connectStdio([before]);
    try {
      const [found] = hits(await call(session.client, 'search_docs', { query: 'thermistors' }));
      expect(found?.title).toBe('Sensor calibration');
      expect(session.stderr()).toBe('');
    } finally {
      await session.close();
    }
  });

  it('says which listed bundle did not load, in one line', async () => {
    const broken = await copyFolder(siteDir, path.join(temp, 'broken'));
    await writeFile(
      path.join(broken, 'pagefind', MERGE_FILE),
      JSON.stringify({ merge: ['parts/2/', 'parts/3/'] }),
    );
    const session = await connectStdio([broken]);
    try {
      const answer = await call(session.client, 'search_docs', { query: 'thermistors' });
      expect(answer.isError).toBe(true);
      expect(text(answer)).toMatch(
        /^the site's search bundle pagefind\/parts\/3\/ did not load \([^\n]+\)$/,
      );
    } finally {
      await session.close();
    }
  });
});
