import type * as api from '../../api/schemas/index.ts';
import { paginate } from '../envelope.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Router } from '../http.ts';
import { type LinkItem, linksOf, pagesReferencingFile, scanInTurns } from '../links.ts';
import type { Content } from '../model.ts';
import { type Body, type ContentOptions, fileJson, pageJson, revisionJson } from '../resources.ts';
import { booleanQuery, type Ctx, type Platform, param, ser } from './context.ts';

/**
 * The content reads, identical for a space's current revision, a change request's and a past
 * revision's: the same handlers are mounted under each base (`…/content`, `…/revisions/:rev`)
 * with a different way to find the content.
 */
export function contentRoutes(
  router: Router<Platform>,
  base: string,
  contentOf: (ctx: Ctx) => { content: Content; changeRequest: boolean },
): void {
  router
    .add('GET', base, (ctx) => {
      const { content } = contentOf(ctx);
      return { body: revisionJson(ser(ctx), content, contentOptions(ctx)) };
    })
    .add('GET', `${base}/pages`, (ctx) => {
      const { content } = contentOf(ctx);
      const options = contentOptions(ctx);
      return {
        body: { pages: content.pages.map((page) => pageJson(ser(ctx), content, page, options)) },
      };
    })
    .add('GET', `${base}/files`, (ctx) => {
      const { content } = contentOf(ctx);
      const options = contentOptions(ctx);
      const files = content.files.map((file) => fileJson(ser(ctx), content, file, options));
      return { body: paginate(files, ctx.query, ctx.state.pageSize) };
    })
    .add('GET', `${base}/files/:file`, (ctx) => {
      const { content } = contentOf(ctx);
      return { body: fileJson(ser(ctx), content, fileOf(ctx, content), contentOptions(ctx)) };
    })
    .add('GET', `${base}/files/:file/backlinks`, async (ctx) => {
      const { content } = contentOf(ctx);
      const file = fileOf(ctx, content);
      await scanInTurns(content);
      const organization = ctx.state.local.data.organization.id;
      const items = pagesReferencingFile(content, file.id).map(
        (page): Body<typeof api.ContentReference> => ({
          kind: 'file',
          organization,
          space: content.spaceId,
          versionContext: { type: 'revision', revision: content.revisionId },
          file: file.id,
          // Where the reference is: the spec leaves the location out, a client wants it.
          page: page.id,
        }),
      );
      return { body: paginate(items, ctx.query, ctx.state.pageSize) };
    })
    .add('GET', `${base}/page/:page`, (ctx) => {
      const { content } = contentOf(ctx);
      const page = content.pagesById.get(param(ctx, 'page'));
      if (!page) throw notFound(`page ${param(ctx, 'page')}`);
      const format = ctx.query.get('format');
      if (format !== null && format !== 'markdown' && format !== 'document') {
        throw badRequest('format must be markdown or document');
      }
      return {
        body: pageJson(ser(ctx), content, page, {
          ...contentOptions(ctx),
          markdown: format === 'markdown',
        }),
      };
    })
    .add('GET', `${base}/page/:page/links`, (ctx) => {
      const { content, changeRequest } = contentOf(ctx);
      const page = content.pagesById.get(param(ctx, 'page'));
      if (!page) throw notFound(`page ${param(ctx, 'page')}`);
      const links = page.type === 'document' ? linksOf(content, page) : [];
      return { body: linkList(ctx, links, changeRequest) };
    });
}

/** `{ next?, count, items, stats }`: `stats` counts every link, `items` only the `status` asked for. */
export function linkList(
  ctx: Ctx,
  links: LinkItem[],
  changeRequest: boolean,
): Body<typeof api.LinkList> {
  const status = ctx.query.get('status');
  if (status !== null && status !== 'ok' && status !== 'broken' && status !== 'in-app') {
    throw badRequest('status must be ok, broken or in-app');
  }
  const broken = links.filter((l) => l.status === 'broken').length;
  const items = status === null ? links : links.filter((l) => l.status === status);
  return {
    ...paginate(items, ctx.query, ctx.state.pageSize),
    // Broken links a change request introduces count under `changeRequest` when reading one.
    stats: {
      total: links.length,
      broken: { total: broken, changeRequest: changeRequest ? broken : 0 },
    },
  };
}

function fileOf(ctx: Ctx, content: Content) {
  const file = content.filesById.get(param(ctx, 'file'));
  if (!file) throw notFound(`file ${param(ctx, 'file')}`);
  return file;
}

function contentOptions(ctx: Ctx): ContentOptions {
  booleanQuery(ctx, 'computed'); // accepted and checked; the local platform has nothing to compute
  return { metadata: booleanQuery(ctx, 'metadata') ?? true, refStyle: ctx.state.refStyle };
}
