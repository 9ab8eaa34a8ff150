import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite as makeSiteFolder } from '../../scripts/lib/make-site.ts';
import { makeOneSpaceSite } from '../../scripts/lib/one-space-site.ts';
import { Random } from '../../scripts/lib/prng.ts';
import type { Page } from '../../src/api/schemas/index.ts';
import { pull } from '../../src/pull/index.ts';
import {
  BALANCE_TOLERANCE,
  maxShards,
  parseShard,
  planShards,
  type ShardPlan,
} from '../../src/shard/plan.ts';
import { buildSiteModel, loadSiteModel, type SiteModel } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { tempDir } from '../helpers/fs.ts';
import { EXAMPLE_DIR, startPlatform, TOKEN } from '../helpers/platform.ts';
import { doc, group, makeSite } from '../site/helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A site folder served by the local platform, pulled, and its snapshot opened. */
async function pulled(dir: string, organizationId: string): Promise<Snapshot> {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  const platform = await startPlatform({ dir });
  try {
    const result = await pull({
      apiUrl: platform.url,
      token: TOKEN,
      organizationId,
      siteId: 'docs',
      cacheDir: path.join(temp.dir, 'cache'),
    });
    return await Snapshot.open(result.snapshotDir);
  } finally {
    await platform.close();
  }
}

async function folder(write: (out: string) => void): Promise<string> {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  const out = path.join(temp.dir, 'site');
  write(out);
  return out;
}

/** Every page of the model in exactly one part, `partOf` agreeing, no part empty. */
function expectPartition(model: SiteModel, plan: ShardPlan, count: number): void {
  expect(plan.parts.map((part) => part.index)).toEqual([...Array(count).keys()]);
  const listed = plan.parts.flatMap((part) => part.pages);
  expect(listed.toSorted()).toEqual(model.pages.map((page) => page.key).toSorted());
  for (const part of plan.parts) {
    expect(part.pages.length, `part ${part.index}`).toBeGreaterThan(0);
    for (const key of part.pages) expect(plan.partOf(key)).toBe(part.index);
  }
  expect(plan.partOf('no-such:page')).toBeUndefined();
}

const heaviest = (plan: ShardPlan) => Math.max(...plan.parts.map((part) => part.weight));
const idealOf = (plan: ShardPlan) =>
  plan.parts.reduce((sum, part) => sum + part.weight, 0) / plan.parts.length;

describe('parseShard', () => {
  it('reads K/N, 1-based in the text, 0-based in the result', () => {
    expect(parseShard('2/4')).toEqual({ index: 1, count: 4 });
    expect(parseShard('1/1')).toEqual({ index: 0, count: 1 });
    expect(parseShard('4/4')).toEqual({ index: 3, count: 4 });
  });

  it('names the bad text and what is wrong with it', () => {
    expect(() => parseShard('5/4')).toThrow('--shard 5/4: K must be between 1 and N');
    expect(() => parseShard('0/4')).toThrow('--shard 0/4: K must be between 1 and N');
    expect(() => parseShard('1/0')).toThrow('--shard 1/0: N must be at least 1');
    expect(() => parseShard('two/4')).toThrow('--shard two/4: expected K/N, such as 1/4');
    expect(() => parseShard('1/4/2')).toThrow('--shard 1/4/2: expected K/N');
  });
});

describe('the shard plan of the example', () => {
  let snapshot: Snapshot;
  let model: SiteModel;
  beforeAll(async () => {
    snapshot = await pulled(EXAMPLE_DIR, 'acme-rockets');
    model = await loadSiteModel(snapshot);
  });

  it('puts every page in exactly one part for every N the site allows', () => {
    const most = maxShards(model);
    // Its site spaces' top-level entries: more than its site spaces.
    expect(most).toBeGreaterThan(model.siteSpaces.length);
    for (let count = 1; count <= most; count++) {
      expectPartition(model, planShards(model, count), count);
    }
  });

  it('keeps whole site spaces while that balances, and N = 1 is the whole site', () => {
    const one = planShards(model, 1);
    expect(one.parts[0]?.pages).toEqual(model.pages.map((page) => page.key));
    expect(one.parts[0]?.units.every((unit) => unit.group === undefined)).toBe(true);
    expect(one.parts[0]?.weight).toBe(model.pages.length);
  });

  it('gives the same plan from a second build of the model', async () => {
    const again = await loadSiteModel(await Snapshot.open(snapshot.dir));
    expect(again).not.toBe(model);
    for (let count = 1; count <= maxShards(model); count++) {
      const first = planShards(model, count);
      const second = planShards(again, count);
      expect(JSON.stringify(second.parts)).toBe(JSON.stringify(first.parts));
    }
  });

  it('refuses N the site cannot give, naming N and how many parts it allows', () => {
    const most = maxShards(model);
    const spaces = new Set(model.pages.map((page) => page.siteSpaceId)).size;
    expect(() => planShards(model, most + 1)).toThrow(
      `cannot split the site into ${most + 1} parts: it allows 1 to ${most} (${spaces} site spaces with pages, ${most} top-level page-tree entries in all); ask for fewer`,
    );
    expect(() => planShards(model, 0)).toThrow(
      'cannot split the site into 0 parts: it allows 1 to',
    );
    expect(() => planShards(model, 1.5)).toThrow('into 1.5 parts');
  });
});

describe('the shard plan of synthetic sites', () => {
  it('keeps every page in one part and balances a 600-page site by its site spaces', async () => {
    const dir = await folder((out) => makeSiteFolder({ pages: 600, out, seed: 3 }));
    const model = await loadSiteModel(await pulled(dir, 'synth'));
    expect(model.pages).toHaveLength(600);
    // Three site spaces of 200 pages: three parts of one whole site space each.
    const three = planShards(model, 3);
    expect(three.parts.map((part) => part.units)).toEqual(
      model.siteSpaces.map((space) => [{ siteSpaceId: space.id }]),
    );
    expect(three.parts.map((part) => part.weight)).toEqual([200, 200, 200]);
    for (let count = 1; count <= maxShards(model); count++) {
      expectPartition(model, planShards(model, count), count);
    }
    // Five parts of three 200-page spaces: split until the heaviest is within the tolerance.
    const five = planShards(model, 5);
    expect(heaviest(five)).toBeLessThanOrEqual(BALANCE_TOLERANCE * 120);
  }, 120_000);

  it('splits one huge site space by its top-level groups, never inside one', async () => {
    // Home, then groups of 100, 100 and 49 pages.
    const dir = await folder((out) => makeOneSpaceSite({ pages: 250, out }));
    const model = await loadSiteModel(await pulled(dir, 'scale'));
    expect(model.pages).toHaveLength(250);
    expect(maxShards(model)).toBe(4);
    const plan = planShards(model, 3);
    expectPartition(model, plan, 3);
    const units = plan.parts.flatMap((part) => part.units);
    expect(units).toHaveLength(4);
    expect(units.every((unit) => unit.siteSpaceId === 'big' && unit.group)).toBe(true);
    // The heaviest first: 100 and 100 to parts 0 and 1, 49 to part 2, the home page to part 2.
    expect(plan.parts.map((part) => part.weight)).toEqual([100, 100, 50]);
    for (const part of plan.parts) {
      const groups = new Set(part.pages.map((key) => model.topLevelKeyOf(key)));
      expect(groups.size).toBe(part.units.length);
    }
    expect(() => planShards(model, 5)).toThrow(
      'it allows 1 to 4 (1 site space with pages, 4 top-level page-tree entries in all)',
    );
  }, 120_000);

  it('keeps a single top-level group heavier than a part whole', () => {
    const pages = (n: number, prefix: string): Page[] =>
      Array.from({ length: n }, (_, i) => doc(`${prefix}/p${i}`, `${prefix} ${i}`));
    const model = buildSiteModel(
      makeSite({
        spaces: [
          { id: 'big', path: 'big', default: true, pages: [group('All', pages(10, 'all'))] },
          { id: 'small', path: 'small', pages: pages(2, 'small') },
        ],
      }),
    );
    const plan = planShards(model, 2);
    expect(plan.parts.map((part) => [part.pages.length, part.units])).toEqual([
      [10, [{ siteSpaceId: 'big' }]],
      [2, [{ siteSpaceId: 'small' }]],
    ]);
    // Three parts need the small space's two pages apart: big stays one unit.
    expect(planShards(model, 3).parts.map((part) => part.pages.length)).toEqual([10, 1, 1]);
  });

  /** A site space of `groups` top-level groups of `size` pages each. */
  const spaceOf = (id: string, groups: number, size: number) => ({
    id,
    path: id,
    default: id === 'a',
    pages: Array.from({ length: groups }, (_, g) =>
      group(
        `${id}${g}`,
        Array.from({ length: size }, (_, i) => doc(`${id}${g}/p${i}`, `Page ${i}`)),
        { id: `${id}-g${g}` },
      ),
    ),
  });
  const splitSpaces = (plan: ShardPlan) => [
    ...new Set(
      plan.parts.flatMap((part) => part.units.filter((u) => u.group).map((u) => u.siteSpaceId)),
    ),
  ];

  it('splits a site space heavier than the ideal part even when whole would be within the tolerance', () => {
    // 105 + 95 pages in two parts: whole, 105 / 95 is within 1.1 × 100, split it is 100 / 100.
    const model = buildSiteModel(makeSite({ spaces: [spaceOf('a', 21, 5), spaceOf('b', 1, 95)] }));
    const plan = planShards(model, 2);
    expect(splitSpaces(plan)).toEqual(['a']);
    expect(plan.parts.map((part) => part.weight)).toEqual([100, 100]);
  });

  it('splits a site space no heavier than the ideal when whole spaces leave a part too heavy', () => {
    // Five spaces of 40 pages in four parts: whole, 80 / 40 / 40 / 40; one split, 50 each.
    const model = buildSiteModel(
      makeSite({ spaces: ['a', 'b', 'c', 'd', 'e'].map((id) => spaceOf(id, 4, 10)) }),
    );
    const plan = planShards(model, 4);
    expect(splitSpaces(plan)).toEqual(['a']);
    expect(plan.parts.map((part) => part.weight)).toEqual([50, 50, 50, 50]);
  });

  it('keeps a site space whole when splitting it would not lighten the heaviest part', () => {
    // x is one 10-page group, heavier than the ideal 6 whatever happens; z need not split.
    const model = buildSiteModel(makeSite({ spaces: [spaceOf('x', 1, 10), spaceOf('z', 2, 1)] }));
    const plan = planShards(model, 2);
    expect(plan.parts.map((part) => [part.units, part.weight])).toEqual([
      [[{ siteSpaceId: 'x' }], 10],
      [[{ siteSpaceId: 'z' }], 2],
    ]);
  });

  it('weighs pages by their markdown size when given one', () => {
    const model = buildSiteModel(
      makeSite({
        spaces: [
          { id: 'a', path: 'a', default: true, pages: [doc('a1', 'A1', {}, [doc('a2', 'A2')])] },
          { id: 'b', path: 'b', pages: [doc('b1', 'B1')] },
        ],
      }),
    );
    // By count, a (2 pages, one top-level entry) is heavier; with b's page at 10 KB, b is.
    expect(planShards(model, 2).parts[0]?.units).toEqual([{ siteSpaceId: 'a' }]);
    const sized = planShards(model, 2, {
      markdownBytes: (page) => (page.siteSpaceId === 'b' ? 10 * 1024 : 0),
    });
    expect(sized.parts.map((part) => [part.units, part.weight])).toEqual([
      [[{ siteSpaceId: 'b' }], 11],
      [[{ siteSpaceId: 'a' }], 2],
    ]);
  });

  it('stays within ideal + (1 - 1/N) × the largest unit, and 1.5 × ideal with many units', () => {
    // 40 site spaces of 1 to 6 top-level groups of 1 to 30 pages: many units, none large.
    const rng = new Random(60);
    const spaces = Array.from({ length: 40 }, (_, s) => ({
      id: `s${s}`,
      path: `s${s}`,
      default: s === 0,
      pages: Array.from({ length: rng.int(1, 6) }, (_, g) =>
        group(
          `g${s}-${g}`,
          Array.from({ length: rng.int(1, 30) }, (_, i) => doc(`g${g}/p${i}`, `Page ${i}`)),
          { id: `g${s}-${g}` },
        ),
      ),
    }));
    const model = buildSiteModel(makeSite({ spaces }));
    for (let count = 2; count <= 16; count++) {
      const plan = planShards(model, count);
      expectPartition(model, plan, count);
      const ideal = idealOf(plan);
      const largest = Math.max(
        ...plan.parts.flatMap((part) =>
          part.units.map(
            (unit) =>
              model.pages.filter((page) =>
                unit.group
                  ? page.siteSpaceId === unit.siteSpaceId &&
                    model.topLevelKeyOf(page.key) === unit.group
                  : page.siteSpaceId === unit.siteSpaceId,
              ).length,
          ),
        ),
      );
      // LPT: the part that took the last unit was the lightest, so at most the ideal before it.
      expect(heaviest(plan), `N = ${count}`).toBeLessThanOrEqual(ideal + (1 - 1 / count) * largest);
      expect(heaviest(plan), `N = ${count}`).toBeLessThanOrEqual(1.5 * ideal);
    }
  });
});
