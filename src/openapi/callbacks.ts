/**
 * An operation's `callbacks`: each a name and, per URL expression, a path item whose operations
 * are requests the API sends to the client. Shown like the operation's own body and responses.
 */
import { contents, responses } from './messages.ts';
import { deref, entries, HTTP_METHODS, obj, str } from './read.ts';
import type { CallbackView, OpenapiDocument } from './types.ts';

export function callbacks(document: OpenapiDocument, raw: unknown): CallbackView[] {
  return entries(raw).flatMap(([name, value]) =>
    entries(deref(document, value).value).flatMap(([url, rawItem]) => {
      const item = deref(document, rawItem).value ?? {};
      return HTTP_METHODS.flatMap((method): CallbackView[] => {
        const operation = obj(item[method]);
        if (!operation) return [];
        const summary = str(operation.summary) ?? str(item.summary);
        const description = str(operation.description) ?? str(item.description);
        const body = deref(document, operation.requestBody).value;
        const bodyDescription = body ? str(body.description) : undefined;
        return [
          {
            name,
            url,
            method: method.toUpperCase(),
            ...(summary ? { summary } : {}),
            ...(description ? { description } : {}),
            ...(body
              ? {
                  requestBody: {
                    ...(bodyDescription ? { description: bodyDescription } : {}),
                    required: body.required === true,
                    contents: contents(document, body.content, 'request'),
                  },
                }
              : {}),
            responses: responses(document, operation.responses),
          },
        ];
      });
    }),
  );
}
