/**
 * OpenAPI blocks: `{% openapi src path method %}`, `{% openapi-operation spec path method %}`,
 * `{% openapi-schemas spec schemas %}`, `{% openapi-webhook spec name %}` and the legacy
 * `{% swagger method path baseUrl summary %}` with its `swagger-description`,
 * `swagger-parameter` and `swagger-response` parts (or a `src` to a spec, like `openapi`).
 *
 * A block whose spec the render has (`MarkdownOptions.openapi`: a revision file, a URL the pull
 * fetched, a named spec of the config) shows the whole operation, webhook or schemas from it
 * (`openapi-view.ts`). Otherwise, and for authored swagger blocks, it is a readable stub:
 * `div.op-openapi > div.op-openapi__operation > span.op-openapi__method--get + code.op-openapi__path`,
 * an optional `p.op-openapi__summary`, and `p.op-openapi__spec > a` to the spec, with one warning
 * saying why the spec could not be shown. Nothing here throws.
 */
import type { Link, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { eachNode, el, mapBlocks, type OpBlock, paragraph, plainText } from '../mdast.ts';
import { blockViews, OPENAPI_TAGS } from '../openapi-block.ts';
import { type ContentStrings, fill, fillNodes } from '../strings.ts';
import { attr, type BlockTags } from '../tags.ts';
import type { MarkdownOptions } from '../types.ts';
import type { ViewContext } from './openapi-schema-view.ts';
import {
  type LegacyOperation,
  legacyContent,
  operationContent,
  schemaContent,
} from './openapi-view.ts';

function t(value: string): RootContent {
  return { type: 'text', value };
}

function operation(method: string | undefined, path: string | undefined): RootContent | undefined {
  const m = method?.trim().toLowerCase();
  const validMethod = m && /^[a-z]{1,10}$/.test(m) ? m : undefined;
  if (!validMethod && !path) return undefined;
  return el('div', { className: ['op-openapi__operation'] }, [
    ...(validMethod
      ? [
          el('span', { className: ['op-openapi__method', `op-openapi__method--${validMethod}`] }, [
            t(validMethod.toUpperCase()),
          ]),
        ]
      : []),
    ...(path ? [el('code', { className: ['op-openapi__path'] }, [t(path)])] : []),
  ]);
}

/** Takes the `[OpenAPI name](url)` paragraph the platform writes inside the block, if any. */
function takeSpecLink(children: RootContent[]): Link | undefined {
  const first = children[0];
  if (first?.type !== 'paragraph') return undefined;
  const meaningful = first.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
  if (meaningful.length !== 1 || meaningful[0]?.type !== 'link') return undefined;
  children.shift();
  return meaningful[0];
}

function specLink(url: string | undefined, label: string): RootContent | undefined {
  if (!url) return undefined;
  return el('p', { className: ['op-openapi__spec'] }, [el('a', { href: url }, [t(label)])]);
}

/** An authored swagger block: its description, parameters and responses in the operation layout. */
function swagger(block: OpBlock, ctx: ViewContext): RootContent[] {
  const tag = block.tag;
  const op: LegacyOperation = { description: [], parameters: [], responses: [] };
  const method = attr(tag, 'method')?.trim().toLowerCase();
  if (method && /^[a-z]{1,10}$/.test(method)) op.method = method;
  const path = `${attr(tag, 'baseUrl') ?? ''}${attr(tag, 'path') ?? ''}`;
  if (path) op.path = path;
  const summary = attr(tag, 'summary')?.trim();
  if (summary) op.summary = summary;
  const other: RootContent[] = [];
  for (const child of block.children) {
    if (child.type !== 'opBlock') {
      other.push(child);
      continue;
    }
    const name = child.tag.name;
    if (name === 'swagger-description') op.description.push(...child.children);
    else if (name === 'swagger-parameter') {
      const described = attr(child.tag, 'description');
      const place = attr(child.tag, 'in');
      const type = attr(child.tag, 'type');
      op.parameters.push({
        name: attr(child.tag, 'name') ?? '',
        ...(place ? { in: place } : {}),
        ...(type ? { type } : {}),
        required: attr(child.tag, 'required') === 'true',
        description:
          child.children.length > 0 ? child.children : described ? [paragraph(described)] : [],
      });
    } else if (name === 'swagger-response') {
      const description = attr(child.tag, 'description');
      op.responses.push({
        status: attr(child.tag, 'status') ?? '',
        ...(description ? { description } : {}),
        content: child.children,
      });
    } else other.push(child);
  }
  if (other.length > 0)
    ctx.file.message(`content in ${tag.raw} outside its swagger parts`, other[0]);
  return [...legacyContent(op, ctx), ...other];
}

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = {
  openapi: 'optional',
  'openapi-operation': 'optional',
  'openapi-schemas': 'optional',
  'openapi-webhook': 'optional',
  swagger: 'container',
  'swagger-description': 'container',
  'swagger-parameter': 'container',
  'swagger-response': 'container',
} as const satisfies BlockTags;

/** The render's specs and how they are found (`openapi-block.ts`), and the page's labels. */
export interface OpenapiOptions
  extends Pick<MarkdownOptions, 'openapi' | 'resolver' | 'currentPath' | 'appOrigins' | 'tryIt'> {
  strings: ContentStrings;
}

export function remarkOpOpenapi(options: OpenapiOptions) {
  return async (tree: Root, file: VFile) => {
    const ctx: ViewContext = { strings: options.strings, file, tryIt: options.tryIt !== false };
    const full = new Map<OpBlock, RootContent[]>();
    const blocks: OpBlock[] = [];
    eachNode(tree, 'opBlock', (block) => {
      if (OPENAPI_TAGS.has(block.tag.name)) blocks.push(block);
    });
    for (const block of blocks) {
      const content = await fromSpec(block, ctx, options);
      if (content) full.set(block, content);
    }
    mapBlocks(tree, OPENAPI_TAGS, (block) => {
      const content = full.get(block);
      if (content) {
        const node = el(
          'div',
          { className: ['op-openapi', `op-openapi--${block.tag.name}`] },
          content,
        );
        if (block.position) node.position = block.position;
        return node;
      }
      const tag = block.tag;
      const name = tag.name;
      const children = [...block.children];
      const summary = attr(tag, 'summary');
      const parts: RootContent[] = [];
      let body: RootContent[] = children;
      if (name === 'swagger') {
        body = swagger(block, ctx);
      } else if (name === 'openapi-schemas') {
        const schemas = (attr(tag, 'schemas') ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (schemas.length > 0) {
          parts.push(
            el(
              'p',
              { className: ['op-openapi__schemas'] },
              fillNodes(ctx.strings.schemas, {
                names: schemas.flatMap((s, i) => [
                  ...(i > 0 ? [t(', ')] : []),
                  el('code', {}, [t(s)]),
                ]),
              }),
            ),
          );
        }
      } else if (name === 'openapi-webhook') {
        const hook = attr(tag, 'name');
        if (hook)
          parts.push(
            el('div', { className: ['op-openapi__operation'] }, [
              el('span', { className: ['op-openapi__method', 'op-openapi__method--webhook'] }, [
                t('WEBHOOK'),
              ]),
              el('code', { className: ['op-openapi__path'] }, [t(hook)]),
            ]),
          );
      } else {
        const op = operation(attr(tag, 'method'), attr(tag, 'path'));
        if (op) parts.push(op);
      }
      if (summary && name !== 'swagger')
        parts.push(el('p', { className: ['op-openapi__summary'] }, [t(summary)]));
      if (name !== 'swagger') {
        const link = takeSpecLink(body);
        const spec = attr(tag, 'spec');
        const url = attr(tag, 'src') ?? link?.url;
        const strings = ctx.strings;
        const named = spec ? fill(strings.specificationNamed, { spec }) : undefined;
        const label = link
          ? plainText(link).trim() || strings.specification
          : (named ?? strings.specification);
        const specPart = specLink(url, label);
        if (specPart) parts.push(specPart);
        else if (spec) parts.push(el('p', { className: ['op-openapi__spec'] }, [t(named ?? spec)]));
      }
      if (parts.length === 0 && body.length === 0) {
        ctx.file.message(`${tag.raw} names no operation`, block);
      }
      const node = el('div', { className: ['op-openapi', `op-openapi--${name}`] }, [
        ...parts,
        ...body,
      ]);
      if (block.position) node.position = block.position;
      return node;
    });
  };
}

/** The block drawn from its spec, or undefined (with a warning when a spec was named) for a stub. */
async function fromSpec(
  block: OpBlock,
  ctx: ViewContext,
  options: OpenapiOptions,
): Promise<RootContent[] | undefined> {
  const views = await blockViews(block.tag, options, (message) => ctx.file.message(message, block));
  if (!views) return undefined;
  return views.kind === 'operation'
    ? operationContent(views.view, ctx)
    : views.views.flatMap((view) => schemaContent(view, ctx, views.grouped));
}
