/**
 * The parts of a request and its responses, read from a spec: a parameter or header, the
 * bodies by media type, and the responses in the order readers scan them, with their links.
 * Operations, webhooks and callbacks are made of them.
 */
import { responseLinks } from './links.ts';
import { deref, entries, obj, str } from './read.ts';
import { mediaExamples } from './samples.ts';
import { json, schemaTree } from './schema.ts';
import type {
  JsonObject,
  MediaView,
  OpenapiDocument,
  ParameterView,
  ResponseView,
} from './types.ts';

export function parameter(
  document: OpenapiDocument,
  p: JsonObject,
  name: string,
  where: ParameterView['in'],
): ParameterView {
  const description = str(p.description);
  const schemaSource = p.schema ?? firstMediaSchema(p.content);
  const example = 'example' in p ? json(p.example) : firstExample(document, p.examples);
  return {
    name,
    in: where,
    required: where === 'path' || p.required === true,
    deprecated: p.deprecated === true,
    ...(description ? { description } : {}),
    ...(schemaSource !== undefined ? { schema: schemaTree(document, schemaSource) } : {}),
    ...(example !== undefined ? { example } : {}),
  };
}

function firstMediaSchema(content: unknown): unknown {
  return obj(entries(content)[0]?.[1])?.schema;
}

function firstExample(document: OpenapiDocument, examples: unknown): string | undefined {
  const first = entries(examples)[0];
  const value = first ? deref(document, first[1]).value : undefined;
  return value && 'value' in value ? json(value.value) : undefined;
}

export function contents(
  document: OpenapiDocument,
  content: unknown,
  direction: 'request' | 'response',
): MediaView[] {
  return entries(content).map(([mediaType, raw]) => {
    const media = deref(document, raw).value ?? {};
    return {
      mediaType,
      ...(media.schema !== undefined ? { schema: schemaTree(document, media.schema) } : {}),
      examples: mediaExamples(document, mediaType, media, direction),
    };
  });
}

export function responses(document: OpenapiDocument, raw: unknown): ResponseView[] {
  const list = entries(raw).map(([status, value]): ResponseView => {
    const response = deref(document, value).value ?? {};
    const description = str(response.description);
    const headers = entries(response.headers).flatMap(([name, h]) => {
      const header = deref(document, h).value;
      return header ? [parameter(document, header, name, 'header')] : [];
    });
    return {
      status,
      ...(description ? { description } : {}),
      headers,
      contents: contents(document, response.content, 'response'),
      links: responseLinks(document, response.links),
    };
  });
  // 2xx before 4xx before `default`, as readers scan them.
  const rank = (s: string) =>
    s === 'default' ? 1000 : Number.parseInt(s.replace(/x/gi, '0'), 10) || 999;
  return list.sort((a, b) => rank(a.status) - rank(b.status));
}
