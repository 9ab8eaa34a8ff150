import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Random } from '../../scripts/lib/prng.ts';
import { misspell } from '../../scripts/lib/typo-queries.ts';
import { SiteSearch } from '../../src/mcp/search.ts';
import { folderReader } from '../../src/mcp/site-reader.ts';
import { readMergeList } from '../../src/search/merge-list.ts';
import { readVocabulary } from '../../src/search/vocabulary-files.ts';
import { sitePart } from '../../src/shard/part.ts';
import { loadSiteModel, type PageModel, type SiteModel } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { SnapshotStore } from '../../src/snapshot/store.ts';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';
import { pullSyntheticSite } from '../helpers/synthetic-site.ts';

/**
 * Search on a site merged from four parts, against the same site rendered whole: a synthetic
 * site of 320 pages in five site spaces (four held whole, each by another part, and one spread
 * over all four), searched as `offprint mcp` searches it (the site's own Pagefind script, every bundle
 * merged, the title-first rule).
 */

const PARTS = 4;
let temp: Awaited<ReturnType<typeof tempDir>>;
let model: SiteModel;
let snapshot: Snapshot;
let whole: SiteSearch;
let merged: SiteSearch;
/** The site rendered whole, its search index written as several bundles. */
let bundled: SiteSearch;
let bundles: number;
/** The merged site's list of bundles besides `pagefind/`. */
let mergedList: string[];

async function offprint(...args: string[]) {
  return offprintWith({}, ...args);
}

async function offprintWith(env: NodeJS.ProcessEnv, ...args: string[]) {
  const result = await runCli(args, { env }).done;
  expect(result.code, result.stderr).toBe(0);
  return result;
}

beforeAll(async () => {
  temp = await tempDir('offprint-shard-search-');
  const cache = await pullSyntheticSite(temp.dir, { pages: 320, seed: 7, spaces: 5 });
  await offprint('render', '--cache', cache, '--out', path.join(temp.dir, 'whole'));
  // About 80 KB of search documents a bundle: the 320 pages make several.
  const small = { OFFPRINT_TEST_SEARCH_BUNDLE_BYTES: '80000' };
  const bundledDir = path.join(temp.dir, 'bundled');
  await offprintWith(small, 'render', '--cache', cache, '--out', bundledDir);
  bundles = 1 + (await readMergeList(path.join(bundledDir, 'pagefind'))).length;
  const parts: string[] = [];
  for (let k = 1; k <= PARTS; k++) {
    const out = path.join(temp.dir, 'parts', String(k));
    // Each part's index in two or three bundles, as a large part's is: the merge lists them
    // under the part's place.
    const partBundles = { OFFPRINT_TEST_SEARCH_BUNDLE_BYTES: '120000' };
    await offprintWith(
      partBundles,
      'render',
      '--shard',
      `${k}/${PARTS}`,
      '--cache',
      cache,
      '--out',
      out,
    );
    parts.push(out);
  }
  await offprint('merge', ...parts, '--out', path.join(temp.dir, 'merged'), '--cache', cache);
  mergedList = await readMergeList(path.join(temp.dir, 'merged', 'pagefind'));
  snapshot = await Snapshot.open((await new SnapshotStore(cache).current()) as string);
  model = await loadSiteModel(snapshot, {});
  const log = () => {};
  whole = new SiteSearch(await folderReader(path.join(temp.dir, 'whole')), log, 1 << 30);
  merged = new SiteSearch(await folderReader(path.join(temp.dir, 'merged')), log, 1 << 30);
  bundled = new SiteSearch(await folderReader(bundledDir), log, 1 << 30);
}, 600_000);

afterAll(async () => {
  whole?.close();
  merged?.close();
  bundled?.close();
  await temp?.cleanup();
});

/** The site spaces one part holds whole, and those spread over several. */
function spacesByPart(): { whole: string[]; spread: string[] } {
  const holders = new Map<string, Set<number>>();
  for (let index = 0; index < PARTS; index++) {
    for (const page of sitePart(model, snapshot, { index, count: PARTS }).pages) {
      const parts = holders.get(page.siteSpaceId) ?? new Set();
      parts.add(index);
      holders.set(page.siteSpaceId, parts);
    }
  }
  const ids = [...holders.keys()];
  return {
    whole: ids.filter((id) => holders.get(id)?.size === 1),
    spread: ids.filter((id) => (holders.get(id)?.size ?? 0) > 1),
  };
}

const searchable = (page: PageModel) => page.indexable && !page.local;

/** `count` items of `items`, drawn without repeats by the seeded generator. */
function seededSample<T>(random: Random, items: readonly T[], count: number): T[] {
  const left = [...items];
  const drawn: T[] = [];
  while (drawn.length < count && left.length > 0)
    drawn.push(left.splice(random.int(0, left.length - 1), 1)[0] as T);
  return drawn;
}

describe('search over a site merged from parts', () => {
  it('holds some site spaces whole and spreads others (the shapes this file tests)', () => {
    const { whole: held, spread } = spacesByPart();
    expect(held.length).toBe(4);
    expect(spread.length).toBe(1);
  });

  it("lists every part's bundles, each under its part's place", () => {
    for (let k = 2; k <= PARTS; k++) expect(mergedList).toContain(`parts/${k}/`);
    expect(mergedList).toContain('bundles/2/');
    expect(mergedList).toContain(`parts/${PARTS}/bundles/2/`);
    expect(mergedList.length).toBeGreaterThanOrEqual(2 * PARTS - 1);
  });

  it('puts a page first for its own title, on 200 seeded titles', async () => {
    const random = new Random(60);
    const titles = [...new Set(model.pages.filter(searchable).map((page) => page.title))];
    const chosen = seededSample(random, titles, 200);
    expect(chosen).toHaveLength(200);
    const missed: string[] = [];
    for (const title of chosen) {
      const { hits } = await merged.search(title, 5);
      if (hits[0]?.title !== title) missed.push(`${title} → ${hits[0]?.title ?? 'nothing'}`);
    }
    expect(missed).toEqual([]);
  }, 300_000);

  it('finds in a site space held whole by one part what the unsharded site finds', async () => {
    const random = new Random(61);
    let compared = 0;
    for (const space of spacesByPart().whole) {
      const words = [
        ...new Set(
          model.pages
            .filter((page) => page.siteSpaceId === space && searchable(page))
            .flatMap((page) => page.title.toLowerCase().match(/[a-z]{5,}/g) ?? []),
        ),
      ];
      for (const word of seededSample(random, words, 10)) {
        const filters = { space };
        const [a, b] = await Promise.all([
          whole.search(word, 100, filters),
          merged.search(word, 100, filters),
        ]);
        expect(b.total, `${word} in ${space}`).toBe(a.total);
        expect(new Set(b.hits.map((hit) => hit.path)), `${word} in ${space}`).toEqual(
          new Set(a.hits.map((hit) => hit.path)),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(10);
  }, 300_000);

  it('finds, in a site space spread over parts and over the whole site, what the unsharded site finds', async () => {
    // Words of the spread space's titles: each is on some parts' pages and not on others', the
    // shape in which a bundle without the word would match a shorter one.
    const [spread] = spacesByPart().spread;
    const words = [
      ...new Set(
        model.pages
          .filter((page) => page.siteSpaceId === spread && searchable(page))
          .flatMap((page) => page.title.toLowerCase().match(/[a-z]{6,}/g) ?? []),
      ),
    ];
    const chosen = seededSample(new Random(62), words, 12);
    expect(chosen.length).toBeGreaterThanOrEqual(10);
    let listed = 0;
    for (const word of chosen) {
      for (const filters of [{ space: spread as string }, {} as Record<string, string>]) {
        const [a, b, c] = await Promise.all(
          [whole, merged, bundled].map((search) => search.search(word, 100, filters)),
        );
        const scope = `${word} in ${filters.space ?? 'the whole site'}`;
        // All the pages found, when they fit in one answer (the first hundred of a longer list
        // are in each bundle's own score order).
        const pages = (answer: typeof a) =>
          (a?.total ?? 0) <= 100 ? new Set(answer?.hits.map((hit) => hit.path)) : undefined;
        expect(b?.total, `merged: ${scope}`).toBe(a?.total);
        expect(pages(b), `merged: ${scope}`).toEqual(pages(a));
        expect(c?.total, `bundled: ${scope}`).toBe(a?.total);
        expect(pages(c), `bundled: ${scope}`).toEqual(pages(a));
        if ((a?.total ?? 0) <= 100) listed++;
      }
    }
    expect(listed).toBeGreaterThanOrEqual(12);
  }, 300_000);

  it('finds in a site written as several bundles what one bundle finds, in every site space', async () => {
    expect(bundles).toBeGreaterThanOrEqual(4);
    const random = new Random(63);
    const spaces = [...spacesByPart().whole, ...spacesByPart().spread];
    for (const space of spaces) {
      const words = [
        ...new Set(
          model.pages
            .filter((page) => page.siteSpaceId === space && searchable(page))
            .flatMap((page) => page.title.toLowerCase().match(/[a-z]{5,}/g) ?? []),
        ),
      ];
      for (const word of seededSample(random, words, 4)) {
        const [a, c] = await Promise.all([
          whole.search(word, 100, { space }),
          bundled.search(word, 100, { space }),
        ]);
        expect(c.total, `${word} in ${space}`).toBe(a.total);
        expect(new Set(c.hits.map((hit) => hit.path)), `${word} in ${space}`).toEqual(
          new Set(a.hits.map((hit) => hit.path)),
        );
      }
    }
  }, 300_000);

  it('finds for two words, each on some parts only, what the unsharded site finds', async () => {
    // A bundle holding neither a word nor a shorter one it begins with would match the other
    // word alone.
    const { whole: held } = spacesByPart();
    const random = new Random(64);
    const titleWords = (space: string | undefined) => [
      ...new Set(
        model.pages
          .filter((page) => page.siteSpaceId === space && searchable(page))
          .flatMap((page) => page.title.toLowerCase().match(/[a-z]{6,}/g) ?? []),
      ),
    ];
    const first = seededSample(random, titleWords(held[0]), 6);
    const second = seededSample(random, titleWords(held[1]), 6);
    for (const [at, word] of first.entries()) {
      const query = `${word} ${second[at]}`;
      const [a, b, c] = await Promise.all(
        [whole, merged, bundled].map((search) => search.search(query, 10)),
      );
      expect(b?.total, `merged: ${query}`).toBe(a?.total);
      expect(c?.total, `bundled: ${query}`).toBe(a?.total);
    }
  }, 300_000);

  it('ships the vocabulary of the site rendered whole, and corrects a typo to the same word and pages', async () => {
    // The parts' vocabularies added up are the whole site's, word for word and count for count.
    const vocabulary = await readVocabulary(path.join(temp.dir, 'whole', 'pagefind'));
    expect(vocabulary.size).toBeGreaterThan(50);
    expect(await readVocabulary(path.join(temp.dir, 'merged', 'pagefind'))).toEqual(vocabulary);
    expect(await readVocabulary(path.join(temp.dir, 'bundled', 'pagefind'))).toEqual(vocabulary);
    const random = new Random(65);
    const words = [
      ...new Set(
        model.pages
          .filter(searchable)
          .flatMap((page) => page.title.toLowerCase().match(/[a-z]{6,}/g) ?? []),
      ),
    ];
    let corrected = 0;
    for (const word of seededSample(random, words, 8)) {
      const typo = misspell(random, word, 'swapped');
      const [a, b, c] = await Promise.all(
        [whole, merged, bundled].map((search) => search.search(typo, 10)),
      );
      expect(b?.correctedQuery, `merged: ${typo}`).toBe(a?.correctedQuery);
      expect(c?.correctedQuery, `bundled: ${typo}`).toBe(a?.correctedQuery);
      expect(b?.total, `merged: ${typo}`).toBe(a?.total);
      expect(c?.total, `bundled: ${typo}`).toBe(a?.total);
      // Corrected to the word or to another form of it ("workesr" to "worker", on more pages
      // than "workers"): either finds the word's pages.
      if (a?.correctedQuery !== undefined) {
        corrected++;
        expect(a.total, `${typo} → ${a.correctedQuery}`).toBe((await whole.search(word, 10)).total);
      }
    }
    expect(corrected).toBeGreaterThanOrEqual(6);
  }, 300_000);
});
