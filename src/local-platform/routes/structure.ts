import { z } from 'zod';
import { paginate } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import type { Router } from '../http.ts';
import { UrlPath } from '../ids.ts';
import type { SectionRecord, SiteRecord } from '../model.ts';
import { sectionGroupJson, sectionJson, siteSpaceJson } from '../resources.ts';
import {
  type Anchor,
  createGroup,
  createSection,
  createSiteSpace,
  deleteGroup,
  deleteSection,
  findGroup,
  findSection,
  findSiteSpace,
  removeSiteSpace,
  reorder,
  setDefaultSiteSpace,
  uniquePath,
} from '../structure.ts';
import { bodyOf, booleanQuery, type Ctx, type Platform, param, ser, siteOf } from './context.ts';

/** Sections, section groups and site spaces of a site (docs/platform.md "Endpoints"). */

const Condition = z.string().min(1).max(1024).nullable().optional();
const AnchorSchema = z.looseObject({
  type: z.string(),
  siteSection: z.string().optional(),
  siteSpace: z.string().optional(),
  id: z.string().optional(),
});
const Move = z.object({
  position: z
    .object({ before: AnchorSchema.optional(), after: AnchorSchema.optional() })
    .optional(),
});

const CreateSection = z.object({
  spaceId: z.string().min(1),
  title: z.string().min(1).max(64).optional(),
});
const UpdateSection = z.object({
  title: z.string().min(2).max(128).optional(),
  path: UrlPath.optional(),
  defaultSiteSpace: z.string().optional(),
  condition: Condition,
  icon: z.string().max(50).optional(),
  description: z.string().max(256).optional(),
});
const CreateGroup = z.object({
  title: z.string().min(1).max(100),
  icon: z.string().max(50).optional(),
  sections: z.array(z.string()).optional(),
});
const UpdateGroup = z.object({
  title: z.string().min(1).max(100).optional(),
  icon: z.string().max(50).optional(),
});
const AddToGroup = z.object({ sectionId: z.string().min(1) });
const CreateSiteSpace = z.object({ spaceId: z.string().min(1), sectionId: z.string().optional() });
const UpdateSiteSpace = z.object({ path: UrlPath.optional(), condition: Condition });

export function structureRoutes(router: Router<Platform>): void {
  const SITE = '/orgs/:org/sites/:site';

  router
    .add('GET', `${SITE}/sections`, (ctx) => {
      const site = siteOf(ctx, { guarded: true });
      return {
        body: paginate(
          site.sections.map((s) => sectionJson(ser(ctx), site, s)),
          ctx.query,
          ctx.state.pageSize,
        ),
      };
    })
    .add('POST', `${SITE}/sections`, async (ctx) => {
      const site = siteOf(ctx);
      const body = await bodyOf(ctx, CreateSection);
      const space = knownSpace(ctx, body.spaceId);
      return {
        status: 201,
        body: sectionJson(
          ser(ctx),
          site,
          createSection(site, space, body.title ?? ctx.state.local.space(space)?.title ?? space),
        ),
      };
    })
    .add('PATCH', `${SITE}/sections/:section`, async (ctx) => {
      const site = siteOf(ctx);
      const section = findSection(site, param(ctx, 'section'));
      const body = await bodyOf(ctx, UpdateSection);
      if (
        body.path !== undefined &&
        site.sections.some((s) => s !== section && s.path === body.path)
      ) {
        throw badRequest(`path: "${body.path}" is already used by another section`);
      }
      if (body.defaultSiteSpace !== undefined) {
        const target = section.siteSpaces.find((s) => s.id === body.defaultSiteSpace);
        if (!target)
          throw badRequest(
            `defaultSiteSpace: no site space ${body.defaultSiteSpace} in this section`,
          );
        setDefaultSiteSpace(section.siteSpaces, target);
      }
      if (body.title !== undefined) section.title = body.title;
      if (body.path !== undefined) section.path = body.path;
      if (body.icon !== undefined) section.icon = body.icon;
      if (body.description !== undefined) section.description = body.description;
      if (body.condition === null) delete section.condition;
      else if (body.condition !== undefined) section.condition = body.condition;
      return { body: sectionJson(ser(ctx), site, section) };
    })
    .add('DELETE', `${SITE}/sections/:section`, (ctx) => {
      const site = siteOf(ctx);
      deleteSection(site, findSection(site, param(ctx, 'section')));
      return {};
    })
    .add('POST', `${SITE}/sections/:section/move`, async (ctx) => {
      const site = siteOf(ctx);
      const section = findSection(site, param(ctx, 'section'));
      const { position } = await bodyOf(ctx, Move);
      site.sections = reorder(site.sections, [section], position, (anchor) => {
        expectType(anchor, 'site-section');
        const id = anchor.siteSection ?? anchor.id;
        return site.sections.filter((s) => s.id === id);
      });
      return { body: sectionJson(ser(ctx), site, section) };
    });

  router
    .add('GET', `${SITE}/section-groups`, (ctx) => {
      const site = siteOf(ctx);
      return {
        body: paginate(
          site.sectionGroups.map((g) => sectionGroupJson(ser(ctx), site, g)),
          ctx.query,
          ctx.state.pageSize,
        ),
      };
    })
    .add('POST', `${SITE}/section-groups`, async (ctx) => {
      const site = siteOf(ctx);
      const body = await bodyOf(ctx, CreateGroup);
      const sections = (body.sections ?? []).map((id) => sectionFromBody(site, id, 'sections'));
      return {
        status: 201,
        body: sectionGroupJson(ser(ctx), site, createGroup(site, body.title, body.icon, sections)),
      };
    })
    .add('PATCH', `${SITE}/section-groups/:group`, async (ctx) => {
      const site = siteOf(ctx);
      const group = findGroup(site, param(ctx, 'group'));
      const body = await bodyOf(ctx, UpdateGroup);
      if (body.title !== undefined) group.title = body.title;
      if (body.icon !== undefined) group.icon = body.icon;
      return { body: sectionGroupJson(ser(ctx), site, group) };
    })
    .add('DELETE', `${SITE}/section-groups/:group`, (ctx) => {
      const site = siteOf(ctx);
      deleteGroup(site, findGroup(site, param(ctx, 'group')));
      return {};
    })
    .add('POST', `${SITE}/section-groups/:group/sections`, async (ctx) => {
      const site = siteOf(ctx);
      const group = findGroup(site, param(ctx, 'group'));
      const { sectionId } = await bodyOf(ctx, AddToGroup);
      sectionFromBody(site, sectionId, 'sectionId').group = group.id;
      return { body: sectionGroupJson(ser(ctx), site, group) };
    })
    .add('DELETE', `${SITE}/section-groups/:group/sections/:section`, (ctx) => {
      const site = siteOf(ctx);
      const group = findGroup(site, param(ctx, 'group'));
      const section = findSection(site, param(ctx, 'section'));
      if (section.group !== group.id)
        throw badRequest(`section ${section.id} is not in group ${group.id}`);
      delete section.group;
      return {};
    })
    .add('POST', `${SITE}/section-groups/:group/move`, async (ctx) => {
      const site = siteOf(ctx);
      const group = findGroup(site, param(ctx, 'group'));
      const { position } = await bodyOf(ctx, Move);
      // A group moves as the block of its sections, relative to a section or another group.
      const locate = (anchor: Anchor): SectionRecord[] | undefined => {
        expectType(anchor, 'site-section');
        const id = anchor.id ?? anchor.siteSection;
        const inGroup = site.sections.filter((s) => s.group === id);
        return inGroup.length > 0 ? inGroup : site.sections.filter((s) => s.id === id);
      };
      site.sections = reorder(
        site.sections,
        site.sections.filter((s) => s.group === group.id),
        position,
        locate,
      );
      // The list of groups follows when the anchor is (or sits in) another group.
      const anchor = position?.before ?? position?.after;
      const anchorId = anchor?.id ?? anchor?.siteSection;
      const anchorGroup = site.sectionGroups.some((g) => g.id === anchorId)
        ? anchorId
        : findSectionGroupId(site, anchorId);
      if (!anchor || anchorGroup) {
        site.sectionGroups = reorder(site.sectionGroups, [group], position, () =>
          site.sectionGroups.filter((g) => g.id === anchorGroup),
        );
      }
      return { body: sectionGroupJson(ser(ctx), site, group) };
    });

  router
    .add('GET', `${SITE}/site-spaces`, (ctx) => {
      const site = siteOf(ctx, { guarded: true });
      const wantDefault = booleanQuery(ctx, 'default');
      const items = ctx.state.local
        .siteSpacesOf(site)
        .filter(({ siteSpace }) => wantDefault === undefined || siteSpace.default === wantDefault)
        .map(({ siteSpace, section }) => siteSpaceJson(ser(ctx), site, siteSpace, section));
      return { body: paginate(items, ctx.query, ctx.state.pageSize) };
    })
    .add('POST', `${SITE}/site-spaces`, async (ctx) => {
      const site = siteOf(ctx);
      const body = await bodyOf(ctx, CreateSiteSpace);
      const space = knownSpace(ctx, body.spaceId);
      // Without a section: the default section, or the root of a site without sections.
      const section =
        body.sectionId !== undefined
          ? sectionFromBody(site, body.sectionId, 'sectionId')
          : (site.sections.find((s) => s.default) ?? site.sections[0]);
      const siteSpace = createSiteSpace(site, space, section);
      return { status: 201, body: siteSpaceJson(ser(ctx), site, siteSpace, section) };
    })
    .add('PATCH', `${SITE}/site-spaces/:siteSpace`, async (ctx) => {
      const site = siteOf(ctx);
      const { siteSpace, list, section } = findSiteSpace(site, param(ctx, 'siteSpace'));
      const body = await bodyOf(ctx, UpdateSiteSpace);
      if (body.path !== undefined && list.some((s) => s !== siteSpace && s.path === body.path)) {
        throw badRequest(`path: "${body.path}" is already used next to this site space`);
      }
      if (body.path !== undefined) siteSpace.path = body.path;
      if (body.condition === null) delete siteSpace.condition;
      else if (body.condition !== undefined) siteSpace.condition = body.condition;
      return { body: siteSpaceJson(ser(ctx), site, siteSpace, section) };
    })
    .add('DELETE', `${SITE}/site-spaces/:siteSpace`, (ctx) => {
      const site = siteOf(ctx);
      const { siteSpace, list } = findSiteSpace(site, param(ctx, 'siteSpace'));
      removeSiteSpace(list, siteSpace);
      return {};
    })
    .add('POST', `${SITE}/site-spaces/:siteSpace/move`, async (ctx) => {
      const site = siteOf(ctx);
      const from = findSiteSpace(site, param(ctx, 'siteSpace'));
      const { position } = await bodyOf(ctx, Move);
      const anchor = position?.before ?? position?.after;
      let to = from;
      if (anchor) {
        expectType(anchor, 'site-space');
        const id = anchor.siteSpace ?? anchor.id ?? '';
        try {
          to = findSiteSpace(site, id);
        } catch {
          throw badRequest(`position: no site space ${id} in this site`);
        }
      }
      // Moving next to a site space of another section moves it into that section.
      if (to.list !== from.list) {
        removeSiteSpace(from.list, from.siteSpace);
        from.siteSpace.default = false;
        from.siteSpace.path = uniquePath(
          from.siteSpace.path,
          to.list.map((s) => s.path),
        );
        to.list.push(from.siteSpace);
      }
      const ordered = reorder(to.list, [from.siteSpace], position, (a) =>
        to.list.filter((s) => s.id === (a.siteSpace ?? a.id)),
      );
      to.list.splice(0, to.list.length, ...ordered);
      return { body: siteSpaceJson(ser(ctx), site, from.siteSpace, to.section) };
    });
}

function expectType(anchor: Anchor, type: string): void {
  if (anchor.type !== type) throw badRequest(`position: anchor type must be "${type}"`);
}

function findSectionGroupId(site: SiteRecord, sectionId: string | undefined): string | undefined {
  return site.sections.find((s) => s.id === sectionId)?.group;
}

/** A space named in a body: unknown is bad input (400), not a missing resource. */
function knownSpace(ctx: Ctx, spaceId: string): string {
  if (!ctx.state.local.space(spaceId)) throw badRequest(`spaceId: unknown space ${spaceId}`);
  return spaceId;
}

function sectionFromBody(site: SiteRecord, id: string, field: string): SectionRecord {
  const section = site.sections.find((s) => s.id === id);
  if (!section) throw badRequest(`${field}: no section ${id} in this site`);
  return section;
}
