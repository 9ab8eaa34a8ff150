import { statSync } from 'node:fs';
import type { AliasModel, AssetModel, PageModel, SiteModel } from '../site/index.ts';
import type { Snapshot } from '../snapshot/read.ts';
import { planShards, ShardError } from './plan.ts';

/**
 * What one render writes of the site: every page (an unsharded render), or the pages of one part
 * of the shard plan (`render --shard K/N`). Everything else a render computes (the model, the
 * sidebars, the site view) is the whole site's either way, so a page is written with the same
 * bytes whichever part renders it.
 */
export interface SitePart {
  /** 0-based; 0 for an unsharded render. */
  index: number;
  /** 1 for an unsharded render. */
  count: number;
  /** The pages written, in site order. */
  pages: readonly PageModel[];
  /** The redirect pages written: those of the part's pages. */
  aliases: readonly AliasModel[];
  /** The downloaded files written: each file is written by exactly one part. */
  assets: readonly AssetModel[];
  /** Whether `pageKey` is one of the part's pages. */
  has(pageKey: string): boolean;
  /** The page's position in the whole site's order (`model.pages`), for the merge to sort by. */
  sitePosition(page: PageModel): number;
}

/** `--shard K/N` as the render takes it (`index` 0-based). */
export interface ShardOption {
  index: number;
  count: number;
}

/** The whole site: what a render without `--shard` writes. */
export function wholeSite(model: SiteModel): SitePart {
  const positions = new Map(model.pages.map((page, at) => [page, at]));
  return {
    index: 0,
    count: 1,
    pages: model.pages,
    aliases: model.aliases,
    assets: model.assets,
    has: () => true,
    sitePosition: (page) => positions.get(page) ?? -1,
  };
}

/**
 * The part `shard` names. The plan weighs each page by its markdown's size in the snapshot (a
 * file's size: the same on every machine that has the snapshot), so every job computes it alike.
 */
export function sitePart(model: SiteModel, snapshot: Snapshot, shard: ShardOption): SitePart {
  const plan = planShards(model, shard.count, {
    markdownBytes: (page) => (page.local ? undefined : markdownSize(snapshot, page)),
  });
  const part = plan.parts[shard.index];
  if (!part) throw new ShardError(`--shard ${shard.index + 1}/${shard.count}: no such part`);
  const keys = new Set(part.pages);
  const positions = new Map(model.pages.map((page, at) => [page, at]));
  const pages = model.pages.filter((page) => keys.has(page.key));
  // A file belongs to the part with the first page of its space; a space without pages, to part 1.
  const spaceOwners = new Map<string, number>();
  for (const page of model.pages) {
    if (!spaceOwners.has(page.spaceId)) spaceOwners.set(page.spaceId, plan.partOf(page.key) ?? 0);
  }
  return {
    index: shard.index,
    count: shard.count,
    pages,
    aliases: model.aliases.filter((alias) => keys.has(alias.pageKey)),
    assets: model.assets.filter((asset) => (spaceOwners.get(asset.spaceId) ?? 0) === shard.index),
    has: (pageKey) => keys.has(pageKey),
    sitePosition: (page) => positions.get(page) ?? -1,
  };
}

function markdownSize(snapshot: Snapshot, page: PageModel): number | undefined {
  try {
    return statSync(snapshot.pageFile(page.source.spaceId, page.source.pageId)).size;
  } catch {
    return undefined;
  }
}
