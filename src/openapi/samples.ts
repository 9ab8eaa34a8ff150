/**
 * Examples for a media type: the spec's own (`example`, `examples`), else one generated from the
 * schema by `openapi-sampler`, as JSON or XML by the media type. Generated examples leave out
 * `readOnly` members in requests and `writeOnly` members in responses, as a client would see.
 */
import { sample } from 'openapi-sampler';
import { deref, entries, isObject, str } from './read.ts';
import type { ExampleView, JsonObject, OpenapiDocument } from './types.ts';

/** The longest example shown, in characters: a generated sample of a large schema is cut. */
const MAX_EXAMPLE_CHARS = 20_000;

export function mediaExamples(
  document: OpenapiDocument,
  mediaType: string,
  media: JsonObject,
  direction: 'request' | 'response',
): ExampleView[] {
  const lang = langOf(mediaType);
  const given: ExampleView[] = [];
  if ('example' in media) given.push(view('Example', lang, media.example, false));
  for (const [name, raw] of entries(media.examples)) {
    const { value } = deref(document, raw);
    if (!value) continue;
    // The upgrader turns 3.0's single `example` into an `examples` entry named `default`.
    const label = str(value.summary) ?? (name === 'default' ? 'Example' : name);
    if ('value' in value) given.push(view(label, lang, value.value, false));
    else if (str(value.externalValue)) given.push(view(label, 'text', value.externalValue, false));
  }
  if (given.length > 0) return given;
  if (media.schema === undefined || lang === 'text') return [];
  const generated = generate(document, media.schema, lang === 'xml' ? 'xml' : 'json', direction);
  return generated === undefined ? [] : [view('Example', lang, generated, true)];
}

function generate(
  document: OpenapiDocument,
  schema: unknown,
  format: 'json' | 'xml',
  direction: 'request' | 'response',
): unknown {
  try {
    return sample(
      schema as never,
      {
        skipReadOnly: direction === 'request',
        skipWriteOnly: direction === 'response',
        quiet: true,
        maxSampleDepth: 8,
        ...(format === 'xml' ? { format } : {}),
      },
      document,
    );
  } catch {
    // A schema the sampler cannot follow (a cycle it does not catch, a broken $ref): no example.
    return undefined;
  }
}

function view(label: string, lang: string, value: unknown, generated: boolean): ExampleView {
  let code =
    typeof value === 'string' && lang !== 'json'
      ? value
      : typeof value === 'string' && !looksLikeJson(value)
        ? JSON.stringify(value)
        : typeof value === 'string'
          ? value
          : (safeStringify(value) ?? 'null');
  if (code.length > MAX_EXAMPLE_CHARS) code = `${code.slice(0, MAX_EXAMPLE_CHARS)}\n…`;
  return { label, lang: lang === 'text' && isObject(value) ? 'json' : lang, code, generated };
}

function safeStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return undefined;
  }
}

function looksLikeJson(value: string): boolean {
  const t = value.trim();
  return t.startsWith('{') || t.startsWith('[');
}

/** How a media type's example is shown: `json` for any JSON type, `xml`, else plain text. */
export function langOf(mediaType: string): 'json' | 'xml' | 'text' {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type.endsWith('+json') || type === '*/*') return 'json';
  if (type.endsWith('/xml') || type.endsWith('+xml')) return 'xml';
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') return 'json';
  return 'text';
}
