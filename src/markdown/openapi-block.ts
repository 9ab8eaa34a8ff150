/**
 * What an OpenAPI block shows, from its tag alone: the spec it names (`src` a file of the space
 * or a URL, `spec` a name), looked up in the render's specs, and the operation, webhook or
 * schemas it picks from it. Shared by the page (`plugins/openapi.ts`) and its `.md` copy.
 */
import { operationView, schemaViews, webhookView } from '../openapi/operation.ts';
import type { OperationView, SchemaView, SpecLookup } from '../openapi/types.ts';
import { parseReference } from './reference.ts';
import { attr, type TagToken } from './tags.ts';
import type { MarkdownOptions } from './types.ts';

export type BlockViews =
  | { kind: 'operation'; view: OperationView }
  /** `grouped`: the block's `grouped="true"`, each schema folded under its name. */
  | { kind: 'schemas'; views: SchemaView[]; grouped: boolean };

export const OPENAPI_TAGS = new Set([
  'openapi',
  'openapi-operation',
  'openapi-schemas',
  'openapi-webhook',
  'swagger',
]);

/** A cheap test before the tag reader runs: most pages have no OpenAPI block. */
export function mayHaveOpenapiBlock(markdown: string): boolean {
  return /\{%-?\s*(?:openapi|swagger)/i.test(markdown);
}

type Options = Pick<MarkdownOptions, 'openapi' | 'resolver' | 'currentPath' | 'appOrigins'>;

/**
 * The block's views, or undefined for a stub: with a warning (`warn`) when the block names a
 * spec that cannot be had or lacks what it asks for; silently for an authored swagger block or
 * a renderer given no specs.
 */
export async function blockViews(
  tag: TagToken,
  options: Options,
  warn: (message: string) => void,
): Promise<BlockViews | undefined> {
  const name = tag.name;
  const src = attr(tag, 'src')?.trim();
  const specName = attr(tag, 'spec')?.trim();
  // An authored swagger block is its own content; only one with a `src` names a spec.
  if (name === 'swagger' && !src) return undefined;
  if ((!src && !specName) || !options.openapi) return undefined;
  const what = src ? `spec ${src}` : `spec "${specName}"`;
  const fail = (reason: string) => {
    warn(`${tag.raw}: ${what}: ${reason}; shown without the spec`);
    return undefined;
  };
  const lookup = await lookupSpec(src, specName, options);
  if (!lookup.ok) return fail(lookup.reason);
  const { document, unresolved } = lookup;
  if (unresolved.length > 0)
    warn(
      `${tag.raw}: ${what}: $ref not resolved: ${unresolved.slice(0, 3).join(', ')}${unresolved.length > 3 ? ', …' : ''}`,
    );
  if (name === 'openapi-schemas') {
    const names = (attr(tag, 'schemas') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length === 0) return fail('the block lists no schemas');
    const { views, missing } = schemaViews(document, names);
    if (missing.length > 0) warn(`${tag.raw}: ${what} has no schema ${missing.join(', ')}`);
    const grouped = attr(tag, 'grouped')?.trim() === 'true';
    return views.length > 0 ? { kind: 'schemas', views, grouped } : undefined;
  }
  if (name === 'openapi-webhook') {
    const hook = attr(tag, 'name')?.trim();
    if (!hook) return fail('the block names no webhook');
    const found = webhookView(document, hook);
    return found.ok ? { kind: 'operation', view: found.view } : fail(found.reason);
  }
  const path = attr(tag, 'path')?.trim();
  const method = attr(tag, 'method')?.trim();
  if (!path || !method) return fail('the block has no path and method');
  const found = operationView(document, path, method);
  return found.ok ? { kind: 'operation', view: found.view } : fail(found.reason);
}

async function lookupSpec(
  src: string | undefined,
  specName: string | undefined,
  options: Options,
): Promise<SpecLookup> {
  const specs = options.openapi;
  if (!specs) return { ok: false, reason: 'cannot be read here' };
  if (!src) return specs.get(`name:${specName}`);
  const ref = parseReference(src, {
    currentPath: options.currentPath,
    as: 'file',
    ...(options.appOrigins ? { appOrigins: options.appOrigins } : {}),
  });
  if (ref.kind !== 'file')
    return { ok: false, reason: 'neither a file of the space nor an http(s) URL' };
  const file = options.resolver.file(ref);
  if (file?.sha256 && file.spaceId) return specs.get(`file:${file.spaceId}:${file.sha256}`);
  if (ref.url) return specs.get(`url:${ref.url}`);
  return { ok: false, reason: 'no such file in the space' };
}
