import { Router } from '../http.ts';
import type { Platform } from './context.ts';
import { orgRoutes } from './orgs.ts';
import { siteRoutes } from './sites.ts';
import { spaceRoutes } from './spaces.ts';
import { structureRoutes } from './structure.ts';

export type { Platform } from './context.ts';

/** Every `/v1` route of the local platform (paths here are without the `/v1` prefix). */
export function createRouter(): Router<Platform> {
  const router = new Router<Platform>();
  orgRoutes(router);
  siteRoutes(router);
  structureRoutes(router);
  spaceRoutes(router);
  return router;
}
