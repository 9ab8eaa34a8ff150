import { z } from 'zod';
import type * as api from '../../api/schemas/index.ts';
import { paginate } from '../envelope.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Router } from '../http.ts';
import { stableId } from '../ids.ts';
import type { SiteRecord } from '../model.ts';
import { type Body, organizationJson, siteJson } from '../resources.ts';
import { searchContent } from '../search.ts';
import { bodyOf, booleanQuery, type Ctx, organizationOf, type Platform, ser } from './context.ts';

const CreateSite = z.object({
  type: z.string().optional(),
  title: z.string().min(2).max(128).optional(),
  visibility: z.enum(['public', 'unlisted', 'share-link', 'visitor-auth']).optional(),
  spaces: z.array(z.string()).optional(),
});

export function orgRoutes(router: Router<Platform>): void {
  router
    .add('GET', '/orgs', (ctx) => ({
      body: paginate(
        ctx.state.local.organizations().map((org) => organizationJson(ser(ctx), org)),
        ctx.query,
        ctx.state.pageSize,
      ),
    }))
    .add('GET', '/orgs/:org', (ctx) => ({ body: organizationJson(ser(ctx), organizationOf(ctx)) }))
    .add('GET', '/orgs/:org/link-invites/:invite', (ctx) => {
      const invites = organizationOf(ctx).extra.invites;
      const invite = Array.isArray(invites)
        ? (invites as { id?: unknown; role?: unknown }[]).find((i) => i?.id === ctx.params.invite)
        : undefined;
      if (!invite) throw notFound(`invite ${ctx.params.invite}`);
      const body: Body<typeof api.Invite> = {
        object: 'invite',
        id: String(invite.id),
        role: String(invite.role ?? 'read'),
      };
      return { body };
    })
    .add('GET', '/email-domains/:domain/orgs', (ctx) => {
      const domain = (ctx.params.domain ?? '').toLowerCase();
      const orgs = ctx.state.local.organizations().filter((org) => {
        const domains = org.extra.emailDomains;
        return Array.isArray(domains) && domains.some((d) => String(d).toLowerCase() === domain);
      });
      return { body: { organizations: orgs.map((org) => organizationJson(ser(ctx), org)) } };
    })
    .add('GET', '/orgs/:org/sites', (ctx) => {
      organizationOf(ctx);
      return {
        body: paginate(
          filterSites(ctx).map((site) => siteJson(ser(ctx), site)),
          ctx.query,
          ctx.state.pageSize,
        ),
      };
    })
    .add('POST', '/orgs/:org/sites', async (ctx) => {
      const org = organizationOf(ctx);
      const body = await bodyOf(ctx, CreateSite);
      const data = ctx.state.local.data;
      for (const spaceId of body.spaces ?? []) {
        if (!data.spaces.has(spaceId)) throw badRequest(`spaces: unknown space ${spaceId}`);
      }
      data.created += 1;
      const site: SiteRecord = {
        id: stableId('created-site', org.id, data.created),
        title: body.title ?? 'Untitled site',
        visibility: body.visibility ?? 'public',
        published: false,
        customizations: {},
        shareLinks: [],
        sectionGroups: [],
        sections: [],
        siteSpaces: (body.spaces ?? []).map((space, i) => ({
          id: stableId('created-site-space', org.id, data.created, i),
          space,
          path: space,
          default: i === 0,
          extra: {},
        })),
        createdAt: new Date().toISOString(),
        created: 0,
      };
      data.sites.push(site);
      return { status: 201, body: siteJson(ser(ctx), site) };
    })
    .add('GET', '/orgs/:org/search', (ctx) => {
      organizationOf(ctx);
      const query = searchQuery(ctx);
      const results = ctx.state.local.spaces().flatMap((space) => {
        const hits = searchContent(space.content, query);
        if (hits.length === 0) return [];
        return [
          {
            id: space.id,
            title: space.title,
            pages: hits.map(({ page, sections }) => ({
              id: page.id,
              title: page.title,
              path: page.path,
              sections: sections.map((s) => ({
                id: s.id,
                title: s.title,
                path: s.id ? `${page.path}#${s.id}` : page.path,
                body: s.body,
              })),
              urls: { app: `${ctx.state.origin}/app/s/${space.id}/${page.path}` },
            })),
          },
        ];
      });
      return { body: paginate(results, ctx.query, ctx.state.pageSize) };
    });
}

/** `query` of the search routes: required, at most 512 characters. */
export function searchQuery(ctx: Ctx): string {
  const query = ctx.query.get('query');
  if (!query) throw badRequest('query is required');
  if (query.length > 512) throw badRequest('query must be at most 512 characters');
  return query;
}

/** `ORG/sites` filters: `published`, `title` (contains), `space` (holds it), `type`. */
function filterSites(ctx: Ctx): SiteRecord[] {
  const published = booleanQuery(ctx, 'published');
  const title = ctx.query.get('title')?.toLowerCase();
  const space = ctx.query.get('space');
  const types = ctx.query.getAll('type').flatMap((t) => t.split(','));
  return ctx.state.local
    .sites()
    .filter(
      (site) =>
        (published === undefined || site.published === published) &&
        (!title || site.title.toLowerCase().includes(title)) &&
        (!space ||
          ctx.state.local.siteSpacesOf(site).some(({ siteSpace }) => siteSpace.space === space)) &&
        (types.length === 0 || types.includes('basic')),
    );
}
