import type { Resolver } from '../markdown/index.ts';
import { type ResolverData, createResolver as siteResolver } from '../site/index.ts';

/**
 * Run in each markdown worker (src/markdown/pool.ts): the site's references as plain data, copied
 * from the render's model (`SiteModel.resolverData`), resolve each job's references relative to
 * the site space of its page, which the job carries as its context.
 */
export function createResolver(data: ResolverData): (siteSpaceId: string | undefined) => Resolver {
  const resolvers = new Map<string, Resolver>();
  return (siteSpaceId) => {
    if (!siteSpaceId) throw new Error('a render job needs its site space as context');
    let resolver = resolvers.get(siteSpaceId);
    if (!resolver) {
      resolver = siteResolver(data, siteSpaceId);
      resolvers.set(siteSpaceId, resolver);
    }
    return resolver;
  };
}
