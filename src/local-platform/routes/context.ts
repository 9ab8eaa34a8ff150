import type { z } from 'zod';
import { parseOrThrow } from '../../utils/issues.ts';
import { badRequest, notFound } from '../errors.ts';
import type { RouteContext } from '../http.ts';
import type { SiteRecord, SpaceRecord } from '../model.ts';
import type { RefStyle } from '../references.ts';
import type { SerializeContext } from '../resources.ts';
import type { LocalState } from '../state.ts';

/** What every route handler sees besides its request. */
export interface Platform {
  local: LocalState;
  origin: string;
  pageSize: number;
  refStyle: RefStyle;
}

export type Ctx = RouteContext<Platform>;

export function ser(ctx: Ctx): SerializeContext {
  return { model: ctx.state.local.data, origin: ctx.state.origin };
}

export function param(ctx: Ctx, name: string): string {
  return ctx.params[name] ?? '';
}

export function organizationOf(ctx: Ctx) {
  const org = ctx.state.local.data.organization;
  if (param(ctx, 'org') !== org.id) throw notFound(`organization ${param(ctx, 'org')}`);
  return org;
}

/** The site of the path; with `shareKey` rules for reads of share-link sites. */
export function siteOf(ctx: Ctx, options: { guarded?: boolean } = {}): SiteRecord {
  organizationOf(ctx);
  const id = param(ctx, 'site');
  const site = ctx.state.local.site(id);
  // A share-link site without a valid key answers as if it did not exist.
  if (
    !site ||
    (options.guarded && !ctx.state.local.siteReadable(site, ctx.query.get('shareKey')))
  ) {
    throw notFound(`site ${id}`);
  }
  return site;
}

export function spaceOf(ctx: Ctx, options: { guarded?: boolean } = {}): SpaceRecord {
  const id = param(ctx, 'space');
  const space = ctx.state.local.space(id);
  if (
    !space ||
    (options.guarded && !ctx.state.local.spaceReadable(id, ctx.query.get('shareKey')))
  ) {
    throw notFound(`space ${id}`);
  }
  return space;
}

/** The JSON body checked against `schema`; a 400 names the first offending field. */
export async function bodyOf<T extends z.ZodType>(ctx: Ctx, schema: T): Promise<z.infer<T>> {
  return parseOrThrow(schema, await ctx.body(), (field, detail) =>
    badRequest(`${field ? `${field}: ` : ''}${detail}`),
  );
}

/** A boolean query parameter: absent → undefined, `true`/`false`, anything else → 400. */
export function booleanQuery(ctx: Ctx, name: string): boolean | undefined {
  const raw = ctx.query.get(name);
  if (raw === null) return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw badRequest(`${name} must be true or false`);
}
