/**
 * `src/shard`: the shard plan. Which of N parts renders each page of the site, decided from the
 * site model alone, so every job of a CI matrix computes the same split (docs/sharding.md).
 *
 * A unit is a whole site space, or, for a site space heavier than one part should be, one of its
 * top-level page-tree entries (a group or a page, with its descendants). Units go to parts by
 * greedy longest-processing-time: heaviest first, each to the lightest part so far.
 */
import type { PageModel, SiteModel } from '../site/index.ts';

/** What the user asked for that the site cannot give (the command line exits 2 on it). */
export class ShardError extends Error {
  override name = 'ShardError';
}

/** A unit of the plan: a whole site space, or one top-level entry of it (`group`, its key). */
export interface UnitRef {
  siteSpaceId: string;
  /** The key of the top-level page-tree entry; absent for a whole site space. */
  group?: string;
}

export interface ShardPart {
  /** 0-based (`--shard 1/N` is part 0). */
  index: number;
  /** Its units, in the order they were assigned (heaviest first). */
  units: UnitRef[];
  /** Its pages' keys (`PageModel.key`), in site order. */
  pages: string[];
  weight: number;
}

export interface ShardPlan {
  parts: ShardPart[];
  /** The part index of a page key; undefined for a key the site does not have. */
  partOf(pageKey: string): number | undefined;
}

export interface ShardPlanOptions {
  /**
   * The size in bytes of a page's markdown, when the caller has it (the site model does not:
   * the markdown is in the snapshot). Without it every page weighs 1: the plan balances page
   * counts.
   */
  markdownBytes?: (page: PageModel) => number | undefined;
}

interface Unit {
  ref: UnitRef;
  /** Its pages' positions in `model.pages`, ascending. */
  pages: number[];
  weight: number;
  /** Position of its first page in site order: the tie-break, so equal weights keep site order. */
  first: number;
}

/** A site space's pages and their top-level entries, in site order. */
interface SpaceUnits {
  whole: Unit;
  groups: Unit[];
}

/** `K/N` of `--shard`, 1-based in the text; `index` is 0-based. */
export function parseShard(text: string): { index: number; count: number } {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) throw new ShardError(`--shard ${text}: expected K/N, such as 1/4`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (!Number.isSafeInteger(count) || count < 1)
    throw new ShardError(`--shard ${text}: N must be at least 1`);
  if (!Number.isSafeInteger(index) || index < 1 || index > count)
    throw new ShardError(`--shard ${text}: K must be between 1 and N`);
  return { index: index - 1, count };
}

/**
 * Splits the site's pages into `count` parts. Pure and deterministic: it reads only the model's
 * page list (in site order) and `markdownBytes`, and orders with explicit comparators.
 */
export function planShards(
  model: SiteModel,
  count: number,
  options: ShardPlanOptions = {},
): ShardPlan {
  const spaces = spaceUnits(model, options);
  const finest = spaces.reduce((sum, space) => sum + space.groups.length, 0);
  const allowed = Math.max(1, finest);
  if (!Number.isInteger(count) || count < 1 || count > allowed) {
    throw new ShardError(
      `cannot split the site into ${count} parts: it allows 1 to ${allowed} (${describeFinest(spaces.length, finest)}); ask for fewer`,
    );
  }
  const { parts, positions } = chooseAndAssign(spaces, count);
  const byKey = new Map<string, number>();
  for (const part of parts) {
    part.pages = (positions[part.index] as number[])
      .sort((a, b) => a - b)
      .map((at) => (model.pages[at] as PageModel).key);
    for (const key of part.pages) byKey.set(key, part.index);
  }
  return { parts, partOf: (pageKey) => byKey.get(pageKey) };
}

/** The most parts a site allows: one per top-level entry of every site space (at least 1). */
export function maxShards(model: SiteModel): number {
  return Math.max(
    1,
    spaceUnits(model, {}).reduce((sum, space) => sum + space.groups.length, 0),
  );
}

function describeFinest(spaces: number, finest: number): string {
  const entries = `${finest} top-level page-tree ${finest === 1 ? 'entry' : 'entries'}`;
  return `${spaces} site space${spaces === 1 ? '' : 's'} with pages, ${entries} in all`;
}

/**
 * How far above the ideal part (total ÷ count) the heaviest part may be before one more site
 * space is split: whole site spaces keep a space's pages, assets and search together in one
 * part, but a matrix waits for its slowest job.
 */
export const BALANCE_TOLERANCE = 1.1;

/**
 * Site spaces heavier than the ideal part split into their top-level entries, and the units go
 * to parts heaviest first. While that leaves a part empty, or the heaviest part above
 * `BALANCE_TOLERANCE` × the ideal, the heaviest site space still whole splits too and the units
 * are assigned again; a split is kept in the result only when it lightens the heaviest part.
 * So any count up to the finest split is possible, and a plan above the tolerance is the best
 * of the splits tried, the last of which had every site space split.
 */
function chooseAndAssign(
  spaces: readonly SpaceUnits[],
  count: number,
): { parts: ShardPart[]; positions: number[][] } {
  const total = spaces.reduce((sum, space) => sum + space.whole.weight, 0);
  const ideal = total / count;
  const split = spaces.map((space) => space.groups.length > 1 && space.whole.weight > ideal);
  const stillWhole = spaces
    .map((space, i) => ({ space, i }))
    .filter(({ space, i }) => !split[i] && space.groups.length > 1)
    .sort((a, b) => heaviestFirst(a.space.whole, b.space.whole));
  let best: { parts: ShardPart[]; positions: number[][]; heaviest: number } | undefined;
  for (;;) {
    const units = spaces.flatMap((space, i) => (split[i] ? space.groups : [space.whole]));
    if (units.length >= count) {
      const plan = assign(units, count);
      const heaviest = Math.max(...plan.parts.map((part) => part.weight));
      // A split that does not lighten the heaviest part is not taken.
      if (!best || heaviest < best.heaviest) best = { ...plan, heaviest };
      if (heaviest <= BALANCE_TOLERANCE * ideal) return best;
    }
    const next = stillWhole.shift();
    // `count` is at most the finest split's units, so `best` is set once every space is split.
    if (!next) return best as { parts: ShardPart[]; positions: number[][] };
    split[next.i] = true;
  }
}

/** Greedy longest-processing-time: heaviest unit first, each to the lightest part (lowest index on a tie). */
function assign(
  units: readonly Unit[],
  count: number,
): { parts: ShardPart[]; positions: number[][] } {
  const parts: ShardPart[] = Array.from({ length: count }, (_, index) => ({
    index,
    units: [],
    pages: [],
    weight: 0,
  }));
  const positions: number[][] = parts.map(() => []);
  for (const unit of [...units].sort(heaviestFirst)) {
    let lightest = 0;
    for (let i = 1; i < parts.length; i++) {
      if ((parts[i] as ShardPart).weight < (parts[lightest] as ShardPart).weight) lightest = i;
    }
    const part = parts[lightest] as ShardPart;
    part.units.push(unit.ref);
    part.weight += unit.weight;
    (positions[lightest] as number[]).push(...unit.pages);
  }
  return { parts, positions };
}

/** Heavier first; equal weights in site order. */
function heaviestFirst(a: Unit, b: Unit): number {
  return b.weight - a.weight || a.first - b.first;
}

/** Each site space with pages, and its top-level entries with pages, from the model's pages. */
function spaceUnits(model: SiteModel, options: ShardPlanOptions): SpaceUnits[] {
  const spaces = new Map<string, { whole: Unit; groups: Map<string, Unit> }>();
  for (const [at, page] of model.pages.entries()) {
    const bytes = options.markdownBytes?.(page);
    const weight = 1 + (bytes !== undefined && bytes > 0 ? bytes / 1024 : 0);
    let space = spaces.get(page.siteSpaceId);
    if (!space) {
      const ref = { siteSpaceId: page.siteSpaceId };
      space = { whole: { ref, pages: [], weight: 0, first: at }, groups: new Map() };
      spaces.set(page.siteSpaceId, space);
    }
    const groupKey = model.topLevelKeyOf(page.key);
    let group = space.groups.get(groupKey);
    if (!group) {
      const ref = { siteSpaceId: page.siteSpaceId, group: groupKey };
      group = { ref, pages: [], weight: 0, first: at };
      space.groups.set(groupKey, group);
    }
    for (const unit of [space.whole, group]) {
      unit.pages.push(at);
      unit.weight += weight;
    }
  }
  // Insertion order is site order (the loop walks `model.pages` in order); sorted again by
  // first page so the order never rests on how a Map iterates.
  return [...spaces.values()]
    .map((space) => ({
      whole: space.whole,
      groups: [...space.groups.values()].sort((a, b) => a.first - b.first),
    }))
    .sort((a, b) => a.whole.first - b.whole.first);
}
