import { z } from 'zod';
import { paginate } from '../envelope.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Router } from '../http.ts';
import type { SiteRecord } from '../model.ts';
import { adaptiveSchemaJson, publishedJson, shareLinkJson, siteJson } from '../resources.ts';
import {
  createShareLink,
  findSection,
  findSiteSpace,
  setDefaultSection,
  setDefaultSiteSpace,
} from '../structure.ts';
import { bodyOf, type Ctx, type Platform, param, ser, siteOf } from './context.ts';

const Visibility = z.enum(['public', 'unlisted', 'share-link', 'visitor-auth']);

const UpdateSite = z.object({
  title: z.string().min(2).max(128).optional(),
  visibility: Visibility.optional(),
  basename: z.string().min(1).max(100).optional(),
  adaptiveContent: z.object({ enabled: z.boolean() }).optional(),
  defaultSiteSpace: z.string().optional(),
  defaultSiteSection: z.string().optional(),
  proxy: z.string().min(1).nullable().optional(),
});

const PutAdaptiveSchema = z.object({ jsonSchema: z.record(z.string(), z.unknown()) });

const CreateShareLink = z.object({ name: z.string().min(1).max(50) });
const UpdateShareLink = z.object({
  active: z.boolean().optional(),
  name: z.string().min(1).max(50).optional(),
});

export function siteRoutes(router: Router<Platform>): void {
  const SITE = '/orgs/:org/sites/:site';
  router
    .add('GET', SITE, (ctx) => ({ body: siteJson(ser(ctx), siteOf(ctx, { guarded: true })) }))
    .add('PATCH', SITE, async (ctx) => {
      const site = siteOf(ctx);
      updateSite(site, await bodyOf(ctx, UpdateSite));
      return { body: siteJson(ser(ctx), site) };
    })
    .add('DELETE', SITE, (ctx) => {
      const site = siteOf(ctx);
      const data = ctx.state.local.data;
      data.sites = data.sites.filter((s) => s !== site);
      return {};
    })
    .add('GET', `${SITE}/published`, (ctx) => ({
      body: publishedJson(ser(ctx), siteOf(ctx, { guarded: true })),
    }))
    .add('GET', `${SITE}/adaptive-schema`, (ctx) => ({ body: adaptiveSchemaJson(siteOf(ctx)) }))
    .add('PUT', `${SITE}/adaptive-schema`, async (ctx) => {
      const site = siteOf(ctx);
      const { jsonSchema } = await bodyOf(ctx, PutAdaptiveSchema);
      site.adaptiveSchema = { jsonSchema, updatedAt: new Date().toISOString() };
      return { body: adaptiveSchemaJson(site) };
    })
    .add('GET', `${SITE}/share-links`, (ctx) => {
      const site = siteOf(ctx);
      return {
        body: paginate(
          site.shareLinks.map((l) => shareLinkJson(ser(ctx), site, l)),
          ctx.query,
          ctx.state.pageSize,
        ),
      };
    })
    .add('POST', `${SITE}/share-links`, async (ctx) => {
      const site = siteOf(ctx);
      const { name } = await bodyOf(ctx, CreateShareLink);
      return { status: 201, body: shareLinkJson(ser(ctx), site, createShareLink(site, name)) };
    })
    .add('PATCH', `${SITE}/share-links/:link`, async (ctx) => {
      const site = siteOf(ctx);
      const link = shareLinkOf(ctx, site);
      const body = await bodyOf(ctx, UpdateShareLink);
      if (body.active !== undefined) link.active = body.active;
      if (body.name !== undefined) link.name = body.name;
      return { body: shareLinkJson(ser(ctx), site, link) };
    })
    .add('DELETE', `${SITE}/share-links/:link`, (ctx) => {
      const site = siteOf(ctx);
      const link = shareLinkOf(ctx, site);
      site.shareLinks = site.shareLinks.filter((l) => l !== link);
      return {};
    });
}

function shareLinkOf(ctx: Ctx, site: SiteRecord) {
  const link = site.shareLinks.find((l) => l.id === param(ctx, 'link'));
  if (!link) throw notFound(`share link ${param(ctx, 'link')}`);
  return link;
}

function updateSite(site: SiteRecord, body: z.infer<typeof UpdateSite>): void {
  if (body.defaultSiteSection !== undefined) {
    const id = body.defaultSiteSection;
    if (!site.sections.some((s) => s.id === id))
      throw badRequest(`defaultSiteSection: no section ${id} in this site`);
    setDefaultSection(site, findSection(site, id));
  }
  if (body.defaultSiteSpace !== undefined) {
    const id = body.defaultSiteSpace;
    const exists = [...site.siteSpaces, ...site.sections.flatMap((s) => s.siteSpaces)].some(
      (s) => s.id === id,
    );
    if (!exists) throw badRequest(`defaultSiteSpace: no site space ${id} in this site`);
    // The default site space is the root's, or the default section's when there are sections.
    const found = findSiteSpace(site, id);
    if (found.section && !found.section.default) {
      throw badRequest('defaultSiteSpace: the site space is not in the default section');
    }
    setDefaultSiteSpace(found.list, found.siteSpace);
  }
  if (body.title !== undefined) site.title = body.title;
  if (body.visibility !== undefined) site.visibility = body.visibility;
  if (body.basename !== undefined) site.basename = body.basename;
  if (body.adaptiveContent !== undefined) site.adaptiveContent = body.adaptiveContent;
  if (body.proxy === null) delete site.proxy;
  else if (body.proxy !== undefined) site.proxy = body.proxy;
}
