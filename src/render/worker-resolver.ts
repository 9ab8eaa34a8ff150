import type { Resolver, ResponsiveImage } from '../markdown/index.ts';
import { loadSiteModel } from '../site/index.ts';
import { Snapshot } from '../snapshot/read.ts';

export interface WorkerResolverData {
  snapshotDir: string;
  base?: string;
  /** The image stage's variants, by content hash (`SiteModel.useImages`). */
  images?: [string, ResponsiveImage][];
}

/**
 * Run in each markdown worker (src/markdown/pool.ts): the worker builds the same site model
 * from the snapshot (a fraction of a second even for 10,000 pages) and resolves each job's
 * references relative to its page, whose key the job carries as its context.
 */
export async function createResolver(
  data: WorkerResolverData,
): Promise<(pageKey: string | undefined) => Resolver> {
  const model = await loadSiteModel(await Snapshot.open(data.snapshotDir), { base: data.base });
  if (data.images) model.useImages(new Map(data.images));
  return (pageKey) => {
    if (!pageKey) throw new Error('a render job needs its page key as context');
    return model.resolverFor(pageKey);
  };
}
