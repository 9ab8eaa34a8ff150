/**
 * The parts of an operation the page shows in its spec column, as mdast: a parameter as a
 * schema field, the bodies by media type, and a response (folded) with its headers, bodies and
 * links. Operations, webhooks and callbacks (`openapi-view.ts`, `openapi-callback-view.ts`) are
 * made of them.
 */
import type { RootContent } from 'mdast';
import type {
  LinkView,
  MediaView,
  ParameterView,
  ResponseView,
  SchemaNode,
} from '../../openapi/types.ts';
import { el, text } from '../mdast.ts';
import { fields, markdownBlock, schemaBody, type ViewContext } from './openapi-schema-view.ts';

export function paramNode(p: ParameterView): SchemaNode {
  return {
    ...(p.schema ?? { type: 'any' }),
    name: p.name,
    ...(p.required ? { required: true } : {}),
    ...(p.deprecated ? { deprecated: true } : {}),
    ...(p.description ? { description: p.description } : {}),
    ...(p.example !== undefined ? { example: p.example } : {}),
  };
}

/** One media type's schema, or several: a schema shared by them is shown once. */
export function mediaSchemas(contents: MediaView[], ctx: ViewContext): RootContent[] {
  const out: RootContent[] = [];
  let previous: string | undefined;
  for (const media of contents) {
    const shape = media.schema ? JSON.stringify(media.schema) : undefined;
    const same = shape !== undefined && shape === previous;
    out.push(
      el('p', { className: ['op-openapi__media'] }, [
        el('code', {}, [text(media.mediaType)]),
        ...(same ? [text(` ${ctx.strings.sameSchema}`)] : []),
      ]),
    );
    if (media.schema && !same) out.push(schemaBody(media.schema, ctx));
    previous = shape;
  }
  return out;
}

export function response(r: ResponseView, open: boolean, ctx: ViewContext): RootContent {
  return el('details', { className: ['op-openapi__response'], ...(open ? { open: true } : {}) }, [
    el('summary', {}, [
      el('span', { className: ['op-openapi__status', statusClass(r.status)] }, [text(r.status)]),
      ...(r.description ? [text(` ${firstLine(r.description)}`)] : []),
    ]),
    ...(r.description?.includes('\n')
      ? [markdownBlock(r.description, 'op-openapi__description', ctx)]
      : []),
    ...(r.headers.length > 0
      ? [
          el('p', { className: ['op-openapi__label'] }, [text(ctx.strings.headers)]),
          fields(r.headers.map(paramNode), ctx),
        ]
      : []),
    ...mediaSchemas(r.contents, ctx),
    ...(r.links.length > 0 ? [links(r.links, ctx)] : []),
  ]);
}

/** A response's links: the operation each leads to, and what its parameters are given. */
function links(list: LinkView[], ctx: ViewContext): RootContent {
  return el('div', { className: ['op-openapi__links'] }, [
    el('p', { className: ['op-openapi__label'] }, [text(ctx.strings.links)]),
    el(
      'ul',
      {},
      list.map((link) => {
        const target: RootContent[] = link.operation
          ? [
              methodBadge(link.operation.method),
              text(' '),
              el('code', { className: ['op-openapi__path'] }, [text(link.operation.path)]),
            ]
          : link.target
            ? [el('code', {}, [text(link.target)])]
            : [];
        const given = [
          ...link.parameters,
          ...(link.requestBody !== undefined
            ? [{ name: 'requestBody', value: link.requestBody }]
            : []),
        ];
        return el('li', { className: ['op-openapi__link'] }, [
          el('p', { className: ['op-openapi__link-head'] }, [
            el('strong', {}, [text(link.name)]),
            ...(target.length > 0 ? [text(' → '), ...target] : []),
          ]),
          ...(link.description
            ? [markdownBlock(link.description, 'op-openapi__description', ctx)]
            : []),
          ...(given.length > 0
            ? [
                el(
                  'ul',
                  { className: ['op-openapi__link-parameters'] },
                  given.map((p) =>
                    el('li', {}, [
                      el('code', {}, [text(p.name)]),
                      text(' = '),
                      el('code', {}, [text(p.value)]),
                    ]),
                  ),
                ),
              ]
            : []),
        ]);
      }),
    ),
  ]);
}

/** A method as the operation line shows it (`GET` in its colour). */
export function methodBadge(method: string): RootContent {
  return el(
    'span',
    { className: ['op-openapi__method', `op-openapi__method--${method.toLowerCase()}`] },
    [text(method)],
  );
}

export function statusClass(status: string): string {
  return /^[1-5]/.test(status)
    ? `op-openapi__status--${status[0]}xx`
    : 'op-openapi__status--default';
}

function firstLine(value: string): string {
  return value.split('\n')[0]?.trim() ?? '';
}
