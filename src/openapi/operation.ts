/**
 * An operation, a webhook or named schemas of a loaded spec, as the plain views the page and its
 * `.md` copy lay out. Path-level parameters and servers are merged into each operation, as the
 * OpenAPI rules say (the operation's own win).
 */

import { callbacks } from './callbacks.ts';
import { contents, parameter, responses } from './messages.ts';
import { arr, deref, entries, HTTP_METHODS, isObject, obj, str, text } from './read.ts';
import { mediaExamples } from './samples.ts';
import { schemaTree } from './schema.ts';
import { generatedSamples, specSamples } from './snippets.ts';
import type {
  JsonObject,
  OpenapiDocument,
  OperationView,
  ParameterView,
  SchemaView,
  SecurityView,
  ServerView,
} from './types.ts';

export type Found<T> = { ok: true; view: T } | { ok: false; reason: string };

export function operationView(
  document: OpenapiDocument,
  path: string,
  method: string,
): Found<OperationView> {
  const m = method.toLowerCase();
  const item = pathItem(document, path);
  if (!item) return { ok: false, reason: `the spec has no path ${path}` };
  const operation = obj(item[m]);
  if (!operation || !HTTP_METHODS.includes(m))
    return { ok: false, reason: `the spec has no ${method.toUpperCase()} operation on ${path}` };
  return { ok: true, view: buildOperation(document, item, operation, m, path, 'operation') };
}

export function webhookView(document: OpenapiDocument, name: string): Found<OperationView> {
  const item = deref(document, obj(document.webhooks)?.[name]).value;
  if (!item) return { ok: false, reason: `the spec has no webhook ${name}` };
  const m = HTTP_METHODS.find((key) => isObject(item[key]));
  if (!m) return { ok: false, reason: `webhook ${name} has no operation` };
  return {
    ok: true,
    view: buildOperation(document, item, obj(item[m]) as JsonObject, m, name, 'webhook'),
  };
}

export function schemaViews(
  document: OpenapiDocument,
  names: string[],
): { views: SchemaView[]; missing: string[] } {
  const schemas = obj(obj(document.components)?.schemas) ?? {};
  const views: SchemaView[] = [];
  const missing: string[] = [];
  for (const name of names) {
    if (!Object.hasOwn(schemas, name)) {
      missing.push(name);
      continue;
    }
    const ref = `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const schema = schemaTree(document, { $ref: ref });
    const raw = deref(document, schemas[name]).value ?? {};
    const description = str(raw.description);
    views.push({
      name,
      ...(description ? { description } : {}),
      schema,
      examples: mediaExamples(document, 'application/json', { schema: raw }, 'response'),
    });
  }
  return { views, missing };
}

/** The path item, by the path as written or with its parameters named otherwise (`{id}` ~ `{missionId}`). */
function pathItem(document: OpenapiDocument, path: string): JsonObject | undefined {
  const paths = obj(document.paths) ?? {};
  const exact = paths[path];
  if (exact !== undefined) return deref(document, exact).value;
  const shape = (p: string) => p.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');
  const match = Object.keys(paths).find((p) => shape(p) === shape(path));
  return match ? deref(document, paths[match]).value : undefined;
}

function buildOperation(
  document: OpenapiDocument,
  item: JsonObject,
  operation: JsonObject,
  method: string,
  path: string,
  kind: OperationView['kind'],
): OperationView {
  const summary = str(operation.summary) ?? str(item.summary);
  const description = str(operation.description) ?? str(item.description);
  const operationId = str(operation.operationId);
  const stability = text(operation['x-stability']);
  const view: OperationView = {
    kind,
    method: method.toUpperCase(),
    path,
    ...(operationId ? { operationId } : {}),
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
    deprecated: operation.deprecated === true,
    ...(stability ? { stability } : {}),
    servers: servers(
      arr(operation.servers).length
        ? operation.servers
        : arr(item.servers).length
          ? item.servers
          : document.servers,
    ),
    security: security(document, operation.security ?? document.security),
    parameters: parameters(document, [...arr(item.parameters), ...arr(operation.parameters)]),
    responses: responses(document, operation.responses),
    callbacks: callbacks(document, operation.callbacks),
    samples: [],
    tryIt: false,
  };
  const body = deref(document, operation.requestBody).value;
  if (body) {
    const bodyDescription = str(body.description);
    view.requestBody = {
      ...(bodyDescription ? { description: bodyDescription } : {}),
      required: body.required === true,
      contents: contents(document, body.content, 'request'),
    };
  }
  view.samples = [
    ...specSamples(operation),
    ...(kind === 'operation' ? generatedSamples(view) : []),
  ];
  // The platform's extension, on the operation, its path item or the whole document.
  const hidden = [operation, item, document].some((o) => o['x-hideTryItPanel'] === true);
  view.tryIt = kind === 'operation' && view.servers.length > 0 && !hidden;
  return view;
}

function servers(raw: unknown): ServerView[] {
  return arr(raw).flatMap((s): ServerView[] => {
    const server = obj(s);
    const url = str(server?.url);
    if (!server || !url) return [];
    // Server variables take their defaults: `https://{region}.acme.example` → the default region.
    const variables = obj(server.variables) ?? {};
    const filled = url.replace(
      /\{([^}]+)\}/g,
      (whole, name: string) => text(obj(variables[name])?.default) ?? whole,
    );
    const description = str(server.description);
    const named = [...new Set([...url.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string))];
    return [
      {
        url: filled,
        ...(description ? { description } : {}),
        ...(named.length > 0
          ? {
              template: url,
              variables: named.map((name) => {
                const v = obj(variables[name]) ?? {};
                const values = arr(v.enum).flatMap((e) => text(e) ?? []);
                const about = str(v.description);
                return {
                  name,
                  default: text(v.default) ?? '',
                  ...(values.length > 0 ? { enum: values } : {}),
                  ...(about ? { description: about } : {}),
                };
              }),
            }
          : {}),
      },
    ];
  });
}

function security(document: OpenapiDocument, raw: unknown): SecurityView[][] {
  const schemes = obj(obj(document.components)?.securitySchemes) ?? {};
  return arr(raw).flatMap((requirement) => {
    const set = entries(requirement).map(([name, scopes]) => {
      const scheme = deref(document, schemes[name]).value ?? {};
      const description = str(scheme.description);
      const header = schemeHeader(scheme);
      const credential = schemeCredential(scheme);
      return {
        name,
        label: schemeLabel(scheme),
        scopes: arr(scopes).filter((s): s is string => typeof s === 'string'),
        ...(description ? { description } : {}),
        ...(header ? { header } : {}),
        ...(credential ? { credential } : {}),
      };
    });
    // `{}` in the list: calling without credentials is one of the alternatives.
    return [set];
  });
}

function schemeLabel(scheme: JsonObject): string {
  const type = str(scheme.type);
  if (type === 'http') {
    const s = (str(scheme.scheme) ?? '').toLowerCase();
    return s ? `HTTP ${s}` : 'HTTP';
  }
  if (type === 'apiKey')
    return `API key in ${str(scheme.in) ?? 'header'} ${str(scheme.name) ?? ''}`.trim();
  if (type === 'oauth2') return 'OAuth 2.0';
  if (type === 'openIdConnect') return 'OpenID Connect';
  if (type === 'mutualTLS') return 'Mutual TLS';
  return type ?? 'unknown';
}

/** What the "Test it" console asks a reader for, for a scheme. */
function schemeCredential(scheme: JsonObject): SecurityView['credential'] {
  const type = str(scheme.type);
  if (type === 'apiKey') {
    const name = str(scheme.name);
    const where = str(scheme.in) ?? 'header';
    return name && (where === 'header' || where === 'query' || where === 'cookie')
      ? { kind: 'apiKey', in: where, name }
      : undefined;
  }
  if (type === 'http' && (str(scheme.scheme) ?? '').toLowerCase() === 'basic')
    return { kind: 'basic' };
  if (type === 'http' || type === 'oauth2' || type === 'openIdConnect') return { kind: 'bearer' };
  return undefined;
}

/** What a generated code sample sends for a scheme: a header with a placeholder credential. */
function schemeHeader(scheme: JsonObject): SecurityView['header'] {
  const type = str(scheme.type);
  if (type === 'apiKey') {
    const name = str(scheme.name);
    return (str(scheme.in) ?? 'header') === 'header' && name
      ? { name, value: 'YOUR_API_KEY' }
      : undefined;
  }
  if (type === 'http' && (str(scheme.scheme) ?? '').toLowerCase() === 'basic')
    return { name: 'Authorization', value: 'Basic YOUR_CREDENTIALS' };
  if (type === 'http' || type === 'oauth2' || type === 'openIdConnect')
    return { name: 'Authorization', value: 'Bearer YOUR_TOKEN' };
  return undefined;
}

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

function parameters(document: OpenapiDocument, raw: unknown[]): ParameterView[] {
  const byKey = new Map<string, ParameterView>();
  for (const entry of raw) {
    const p = deref(document, entry).value;
    const name = str(p?.name);
    const where = LOCATIONS.find((l) => l === p?.in);
    if (!p || !name || !where) continue;
    byKey.set(`${where}\0${name}`, parameter(document, p, name, where));
  }
  return LOCATIONS.flatMap((where) => [...byKey.values()].filter((p) => p.in === where));
}
