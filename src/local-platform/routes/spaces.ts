import { z } from 'zod';
import { paginate } from '../envelope.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Router } from '../http.ts';
import { linksOf, scanInTurns } from '../links.ts';
import type { Content, SpaceRecord } from '../model.ts';
import { apiUrl, changeRequestJson, spaceJson } from '../resources.ts';
import { searchContent } from '../search.ts';
import { contentRoutes, linkList } from './content.ts';
import { bodyOf, type Ctx, type Platform, param, ser, spaceOf } from './context.ts';
import { searchQuery } from './orgs.ts';

const CR_STATUSES = ['draft', 'open', 'merged', 'archived'] as const;
const UpdateChangeRequest = z.object({
  subject: z.string().min(1).max(100).optional(),
  status: z.enum(CR_STATUSES).optional(),
});

export function spaceRoutes(router: Router<Platform>): void {
  const SPACE = '/spaces/:space';
  const CR = `${SPACE}/change-requests/:cr`;

  router
    .add('GET', SPACE, (ctx) => ({ body: spaceJson(ser(ctx), spaceOf(ctx, { guarded: true })) }))
    .add('GET', `${SPACE}/links`, async (ctx) => {
      const space = spaceOf(ctx);
      await scanInTurns(space.content);
      return { body: linkList(ctx, linksOf(space.content), false) };
    })
    .add('GET', `${SPACE}/search`, (ctx) => {
      const space = spaceOf(ctx);
      const app = (path: string) => `${ctx.state.origin}/app/s/${space.id}/${path}`;
      const items = searchContent(space.content, searchQuery(ctx)).map(({ page, sections }) => ({
        id: page.id,
        title: page.title,
        path: page.path,
        sections: sections.map((s) => {
          const path = s.id ? `${page.path}#${s.id}` : page.path;
          return {
            id: s.id || page.id,
            title: s.title,
            path,
            body: s.body,
            urls: { app: app(path) },
          };
        }),
        urls: { app: app(page.path) },
      }));
      return { body: paginate(items, ctx.query, ctx.state.pageSize) };
    })
    .add('GET', `${SPACE}/change-requests`, (ctx) => {
      const space = spaceOf(ctx);
      const status = ctx.query.get('status') ?? 'open';
      if (!(CR_STATUSES as readonly string[]).includes(status)) {
        throw badRequest(`status must be one of ${CR_STATUSES.join(', ')}`);
      }
      const items = space.changeRequests
        .filter((cr) => cr.status === status)
        .map((cr) => changeRequestJson(ser(ctx), space, cr));
      return { body: paginate(items, ctx.query, ctx.state.pageSize) };
    })
    .add('GET', CR, (ctx) => {
      const { space, cr } = changeRequestOf(ctx);
      return { body: changeRequestJson(ser(ctx), space, cr) };
    })
    .add('PATCH', CR, async (ctx) => {
      const { space, cr } = changeRequestOf(ctx);
      const body = await bodyOf(ctx, UpdateChangeRequest);
      if (body.subject !== undefined) cr.subject = body.subject;
      if (body.status !== undefined) cr.status = body.status;
      cr.updatedAt = new Date().toISOString();
      return { body: changeRequestJson(ser(ctx), space, cr) };
    })
    .add('GET', `${CR}/pdf`, (ctx) => {
      const { space, cr } = changeRequestOf(ctx);
      // The local platform renders no PDFs; the URL is where one would be.
      return {
        body: {
          url: apiUrl(ser(ctx), `/spaces/${space.id}/change-requests/${cr.id}/pdf/export.pdf`),
        },
      };
    });

  contentRoutes(router, `${SPACE}/content`, (ctx) => ({
    content: spaceOf(ctx).content,
    changeRequest: false,
  }));
  contentRoutes(router, `${SPACE}/revisions/:rev`, (ctx) => ({
    content: revisionOf(ctx),
    changeRequest: false,
  }));
  contentRoutes(router, `${CR}/content`, (ctx) => ({
    content: changeRequestOf(ctx).cr.content,
    changeRequest: true,
  }));
}

function changeRequestOf(ctx: Ctx) {
  const space: SpaceRecord = spaceOf(ctx);
  const cr = ctx.state.local.changeRequest(space, param(ctx, 'cr'));
  if (!cr) throw notFound(`change request ${param(ctx, 'cr')}`);
  return { space, cr };
}

/** A revision of the space, past or current (a change request's revisions included). */
function revisionOf(ctx: Ctx): Content {
  // Read as the content routes are: the token's, not a share link's (that guards `GET SPACE`).
  const space = spaceOf(ctx);
  const content = ctx.state.local.data.revisions.get(param(ctx, 'rev'));
  if (!content || content.spaceId !== space.id) throw notFound(`revision ${param(ctx, 'rev')}`);
  return content;
}
