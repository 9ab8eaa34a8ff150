/**
 * An operation's callbacks, as mdast: each a folded entry naming the callback, the method and
 * the URL expression it is sent to, then what it sends (its body) and the answers it expects,
 * in the same parts as the operation's own (`openapi-message-view.ts`).
 */
import type { RootContent } from 'mdast';
import type { CallbackView } from '../../openapi/types.ts';
import { el, text } from '../mdast.ts';
import { mediaSchemas, methodBadge, response } from './openapi-message-view.ts';
import { markdownBlock, type ViewContext } from './openapi-schema-view.ts';

export function callbackEntry(callback: CallbackView, ctx: ViewContext): RootContent {
  const s = ctx.strings;
  const body = callback.requestBody;
  return el('details', { className: ['op-openapi__callback'] }, [
    el('summary', {}, [
      el('strong', { className: ['op-openapi__callback-name'] }, [text(callback.name)]),
      text(' '),
      methodBadge(callback.method),
      text(' '),
      el('code', { className: ['op-openapi__path'] }, [text(callback.url)]),
    ]),
    ...(callback.summary
      ? [el('p', { className: ['op-openapi__callback-summary'] }, [text(callback.summary)])]
      : []),
    ...(callback.description
      ? [markdownBlock(callback.description, 'op-openapi__description', ctx)]
      : []),
    ...(body
      ? [
          el('p', { className: ['op-openapi__label'] }, [text(s.requestBody)]),
          ...(body.required
            ? [el('p', { className: ['op-openapi__required'] }, [text(s.required)])]
            : []),
          ...(body.description
            ? [markdownBlock(body.description, 'op-openapi__description', ctx)]
            : []),
          ...mediaSchemas(body.contents, ctx),
        ]
      : []),
    ...(callback.responses.length > 0
      ? [
          el('p', { className: ['op-openapi__label'] }, [text(s.responses)]),
          ...callback.responses.map((r, i) => response(r, i === 0, ctx)),
        ]
      : []),
  ]);
}
