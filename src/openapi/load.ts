/**
 * One spec, from its documents' text to one OpenAPI 3.1 document: parsed as YAML (which reads
 * JSON too), its `$ref`s to sibling documents bundled in (`@scalar/json-magic`), then upgraded
 * from Swagger 2.0 or OpenAPI 3.0 (`@scalar/openapi-upgrader`). Local `$ref`s stay as they are:
 * the views follow them lazily, so a circular schema is named rather than expanded forever.
 *
 * Never throws: a spec that cannot be read or parsed is a `{ ok: false, reason }`.
 */
import { bundleWithDiagnostics } from '@scalar/json-magic/bundle';
import { upgrade } from '@scalar/openapi-upgrader';
import { parse as parseYaml } from 'yaml';
import { MAX_DOCUMENT_DEPTH, MAX_SPEC_BYTES, MAX_SPEC_DOCUMENTS } from './limits.ts';
import type { OpenapiDocument } from './types.ts';

/**
 * A spec document's text by its URL, or why there is none. `id` names the text (its content
 * hash): documents read under one id are parsed once, however many specs `$ref` them.
 */
export type DocumentReader = (
  url: string,
) => Promise<{ text: string; id?: string } | { error: string }>;

/** Parsed documents by id, shared by the specs of one render. */
export type ParsedDocuments = Map<string, unknown>;

export type LoadedSpec =
  | {
      ok: true;
      document: OpenapiDocument;
      /** `$ref`s that could not be bundled (a missing sibling, a refused URL): shown as named. */
      unresolved: string[];
      /** Every document read, root first: what the spec is made of (for caching). */
      documents: string[];
    }
  | { ok: false; reason: string; documents: string[] };

export async function loadSpec(
  rootUrl: string,
  read: DocumentReader,
  parsed: ParsedDocuments = new Map(),
): Promise<LoadedSpec> {
  const documents: string[] = [];
  try {
    return await loadDocuments(rootUrl, read, parsed, documents);
  } catch (error) {
    // Whatever a spec makes the libraries do (run out of stack, say), it is one spec's failure.
    return { ok: false, reason: `cannot be read: ${firstLine(error)}`, documents };
  }
}

async function loadDocuments(
  rootUrl: string,
  read: DocumentReader,
  parsed: ParsedDocuments,
  documents: string[],
): Promise<LoadedSpec> {
  const parseDocument = async (
    url: string,
  ): Promise<{ ok: true; value: unknown } | { ok: false; reason: string }> => {
    if (documents.length >= MAX_SPEC_DOCUMENTS)
      return { ok: false, reason: `more than ${MAX_SPEC_DOCUMENTS} documents` };
    documents.push(url);
    const got = await read(url);
    if ('error' in got) return { ok: false, reason: got.error };
    if (got.text.length > MAX_SPEC_BYTES)
      return { ok: false, reason: `larger than ${MAX_SPEC_BYTES} bytes` };
    const id = got.id ?? `url:${url}`;
    if (!parsed.has(id)) {
      let value: unknown;
      try {
        value = parseText(got.text);
      } catch (error) {
        return { ok: false, reason: `not YAML or JSON: ${firstLine(error)}` };
      }
      if (deeperThan(value, MAX_DOCUMENT_DEPTH))
        return { ok: false, reason: `nested deeper than ${MAX_DOCUMENT_DEPTH} levels` };
      parsed.set(id, value);
    }
    // A copy: bundling rewrites the documents it is given. A document nested deeper than the
    // structured clone's stack allows is parsed again instead.
    try {
      return { ok: true, value: structuredClone(parsed.get(id)) };
    } catch {
      return { ok: true, value: parseText(got.text) };
    }
  };

  const root = await parseDocument(rootUrl);
  if (!root.ok) return { ok: false, reason: root.reason, documents };
  const version = specVersion(root.value);
  if (!version)
    return {
      ok: false,
      reason: 'not an OpenAPI or Swagger document (no "openapi" or "swagger" version)',
      documents,
    };
  try {
    const bundled = await bundleWithDiagnostics(root.value as Record<string, unknown>, {
      origin: rootUrl,
      treeShake: false,
      plugins: [
        {
          type: 'loader',
          validate: () => true,
          exec: async (url) => {
            const doc = await parseDocument(url);
            return doc.ok && isObject(doc.value)
              ? { ok: true, data: doc.value, raw: '' }
              : { ok: false };
          },
        },
      ],
    });
    const document = upgrade(
      bundled.document as Record<string, unknown>,
      '3.1',
    ) as unknown as OpenapiDocument;
    if (!isObject(document.paths) && document.paths !== undefined) document.paths = {};
    return {
      ok: true,
      document,
      unresolved: [...new Set(bundled.diagnostics.map((d) => d.reference))],
      documents,
    };
  } catch (error) {
    return {
      ok: false,
      reason: `cannot be read as OpenAPI ${version}: ${firstLine(error)}`,
      documents,
    };
  }
}

function parseText(text: string): unknown {
  // JSON first: faster, and V8's parser takes any nesting, where the YAML parser recurses.
  if (/^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // YAML's flow style also starts with a brace.
    }
  }
  // No aliases past a few hundred (a "billion laughs" document), duplicate keys tolerated.
  return parseYaml(text, { maxAliasCount: 200, uniqueKeys: false, prettyErrors: false });
}

function specVersion(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const v = value.openapi ?? value.swagger;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/** Whether a parsed document nests deeper than `limit` (iteratively: it may be very deep). */
function deeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
