/**
 * A response's `links`: each names an operation (by `operationId`, or `operationRef`, a JSON
 * pointer to it) and the values its parameters take from the exchange. The target's method and
 * path are looked up so the reader sees which call it is.
 */
import { deref, entries, HTTP_METHODS, isObject, obj, pointer, str } from './read.ts';
import { json } from './schema.ts';
import type { LinkView, OpenapiDocument } from './types.ts';

export function responseLinks(document: OpenapiDocument, raw: unknown): LinkView[] {
  return entries(raw).flatMap(([name, value]): LinkView[] => {
    const link = deref(document, value).value;
    if (!link) return [];
    const operationId = str(link.operationId);
    const operationRef = str(link.operationRef);
    const target = operationId ?? operationRef;
    const operation = operationId
      ? byOperationId(document, operationId)
      : operationRef
        ? byRef(document, operationRef)
        : undefined;
    const description = str(link.description);
    const requestBody = link.requestBody !== undefined ? valueText(link.requestBody) : undefined;
    return [
      {
        name,
        ...(target ? { target } : {}),
        ...(operation ? { operation } : {}),
        ...(description ? { description } : {}),
        parameters: entries(link.parameters).map(([param, v]) => ({
          name: param,
          value: valueText(v),
        })),
        ...(requestBody !== undefined ? { requestBody } : {}),
      },
    ];
  });
}

/** An expression as written; any other value as JSON. */
function valueText(value: unknown): string {
  return typeof value === 'string' ? value : json(value);
}

function byOperationId(
  document: OpenapiDocument,
  id: string,
): { method: string; path: string } | undefined {
  for (const [path, rawItem] of entries(document.paths)) {
    const item = deref(document, rawItem).value ?? {};
    for (const method of HTTP_METHODS)
      if (obj(item[method])?.operationId === id) return { method: method.toUpperCase(), path };
  }
  return undefined;
}

/** A local `operationRef` (`#/paths/~1v2~1missions/get`); one to another document is shown as written. */
function byRef(
  document: OpenapiDocument,
  ref: string,
): { method: string; path: string } | undefined {
  const match = /^#\/paths\/([^/]+)\/([a-z]+)$/.exec(ref);
  if (!match || !HTTP_METHODS.includes(match[2] as string)) return undefined;
  if (!isObject(pointer(document, ref))) return undefined;
  const path = decodeURIComponent(match[1] as string)
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
  return { method: (match[2] as string).toUpperCase(), path };
}
