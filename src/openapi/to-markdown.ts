/**
 * An operation, webhook or schema view as readable markdown, for the `.md` copies and
 * `llms-full.txt`: what an assistant needs to call the API (method, path, server, auth,
 * parameters as a table, the request body's fields, an example of the request and of each
 * response), with nested fields flattened to dotted names.
 */
import type {
  ExampleView,
  LinkView,
  MediaView,
  OperationView,
  ParameterView,
  SchemaNode,
  SchemaView,
} from './types.ts';

/** Nested fields listed to this depth (`a.b.c`); deeper ones are left to the example. */
const FIELD_DEPTH = 3;

export function operationMarkdown(view: OperationView): string {
  const out: string[] = [];
  const title =
    view.summary ?? (view.kind === 'webhook' ? view.path : `${view.method} ${view.path}`);
  out.push(`## ${oneLine(title)}`);
  const marks = [
    view.deprecated ? '**Deprecated**' : undefined,
    view.stability ? `**${oneLine(view.stability)}**` : undefined,
  ].filter(Boolean);
  out.push(
    `${view.kind === 'webhook' ? `Webhook \`${code(view.path)}\`` : `\`${view.method} ${code(view.path)}\``}${marks.length ? ` ${marks.join(' ')}` : ''}`,
  );
  if (view.description) out.push(view.description.trim());
  if (view.kind === 'operation' && view.servers.length > 0)
    out.push(`Server: ${view.servers.map((s) => `\`${code(s.url)}\``).join(', ')}`);
  const security = view.security
    .filter((set) => set.length > 0)
    .map((set) =>
      set
        .map(
          (s) =>
            `${oneLine(s.name)} (${oneLine(s.label)}${s.scopes.length ? `; scopes ${s.scopes.map((x) => `\`${code(x)}\``).join(', ')}` : ''})`,
        )
        .join(' and '),
    );
  if (security.length > 0) out.push(`Authorization: ${security.join(', or ')}`);
  if (view.parameters.length > 0) out.push('### Parameters', parameterTable(view.parameters));
  if (view.requestBody) {
    const body = view.requestBody;
    const media = body.contents[0];
    out.push(
      `### ${view.kind === 'webhook' ? 'Payload' : 'Request body'}${media ? ` (\`${code(media.mediaType)}\`)` : ''}${body.required ? ', required' : ''}`,
    );
    if (body.description) out.push(body.description.trim());
    if (media) out.push(...mediaMarkdown(media));
  }
  if (view.responses.length > 0) {
    out.push('### Responses');
    for (const r of view.responses) {
      out.push(`#### ${oneLine(r.status)}${r.description ? `: ${oneLine(r.description)}` : ''}`);
      if (r.headers.length > 0) out.push(parameterTable(r.headers));
      const media = r.contents[0];
      if (media) out.push(`\`${code(media.mediaType)}\``, ...mediaMarkdown(media));
      if (r.links.length > 0) out.push(linksMarkdown(r.links));
    }
  }
  if (view.callbacks.length > 0) {
    out.push('### Callbacks');
    for (const c of view.callbacks) {
      out.push(
        `#### ${oneLine(c.name)}: \`${c.method} ${code(c.url)}\`${c.summary ? ` ${oneLine(c.summary)}` : ''}`,
      );
      if (c.description) out.push(c.description.trim());
      const media = c.requestBody?.contents[0];
      if (media) out.push(`Request body (\`${code(media.mediaType)}\`)`, ...mediaMarkdown(media));
      if (c.responses.length > 0)
        out.push(
          `Responses: ${c.responses.map((r) => `${oneLine(r.status)}${r.description ? ` (${oneLine(r.description)})` : ''}`).join(', ')}`,
        );
    }
  }
  const sample = view.samples.find((s) => s.lang === 'shell') ?? view.samples[0];
  if (sample)
    out.push(`### Example request (${oneLine(sample.label)})`, fence(sample.lang, sample.code));
  return `${out.join('\n\n')}\n`;
}

export function schemaMarkdown(view: SchemaView): string {
  const out = [`## ${oneLine(view.name)}`];
  if (view.description) out.push(view.description.trim());
  const rows = fieldRows(view.schema.properties ?? [view.schema], '', 0);
  if (rows.length > 0) out.push(fieldTable(rows));
  if (view.examples[0]) out.push(exampleMarkdown(view.examples[0]));
  return `${out.join('\n\n')}\n`;
}

/** Each link as one item: the operation it leads to and what its parameters are given. */
function linksMarkdown(links: LinkView[]): string {
  return [
    'Links:',
    ...links.map((link) => {
      const target = link.operation
        ? `\`${link.operation.method} ${code(link.operation.path)}\``
        : link.target
          ? `\`${code(link.target)}\``
          : '';
      const given = link.parameters.map((p) => `\`${code(p.name)}\` = \`${code(p.value)}\``);
      return `- ${oneLine(link.name)}${target ? ` → ${target}` : ''}${given.length ? ` with ${given.join(', ')}` : ''}${link.description ? `: ${oneLine(link.description)}` : ''}`;
    }),
  ].join('\n');
}

function mediaMarkdown(media: MediaView): string[] {
  const out: string[] = [];
  const rows = media.schema ? fieldRows(media.schema.properties ?? [media.schema], '', 0) : [];
  if (rows.length > 0) out.push(fieldTable(rows));
  if (media.examples[0]) out.push(exampleMarkdown(media.examples[0]));
  return out;
}

function parameterTable(params: ParameterView[]): string {
  const rows = params.map(
    (p) =>
      `| \`${cell(p.name)}\` | ${p.in} | ${cell(p.schema?.type ?? 'any')} | ${p.required ? 'yes' : 'no'} | ${cell(details(p.schema, p.description))} |`,
  );
  return ['| Name | In | Type | Required | Description |', '|---|---|---|---|---|', ...rows].join(
    '\n',
  );
}

interface FieldRow {
  name: string;
  node: SchemaNode;
}

function fieldRows(nodes: SchemaNode[], prefix: string, depth: number): FieldRow[] {
  const rows: FieldRow[] = [];
  for (const node of nodes) {
    const name = `${prefix}${node.name ?? ''}`;
    rows.push({ name: name || '(body)', node });
    if (depth + 1 >= FIELD_DEPTH || node.circular) continue;
    const children = node.properties ?? (node.items?.circular ? undefined : node.items?.properties);
    if (children)
      rows.push(
        ...fieldRows(children, `${name}${node.items && !node.properties ? '[]' : ''}.`, depth + 1),
      );
  }
  return rows;
}

function fieldTable(rows: FieldRow[]): string {
  return [
    '| Field | Type | Required | Description |',
    '|---|---|---|---|',
    ...rows.map(
      ({ name, node }) =>
        `| \`${cell(name)}\` | ${cell(node.type)} | ${node.required ? 'yes' : 'no'} | ${cell(details(node, undefined))} |`,
    ),
  ].join('\n');
}

/** A field's description with its enum, default, bounds and flags, on one line. */
function details(node: SchemaNode | undefined, description: string | undefined): string {
  const parts: string[] = [];
  const text = description ?? node?.description;
  if (text) parts.push(text);
  if (node?.enum)
    parts.push(
      `One of: ${node.enum.map((e) => `\`${e.value}\`${e.description ? ` (${e.description})` : ''}`).join(', ')}.`,
    );
  if (node?.default !== undefined) parts.push(`Default: \`${node.default}\`.`);
  if (node?.const !== undefined) parts.push(`Always \`${node.const}\`.`);
  if (node?.constraints?.length) parts.push(`${node.constraints.join(', ')}.`);
  const flags = [
    node?.nullable ? 'nullable' : undefined,
    node?.readOnly ? 'read-only' : undefined,
    node?.writeOnly ? 'write-only' : undefined,
    node?.deprecated ? 'deprecated' : undefined,
  ].filter(Boolean);
  if (flags.length > 0) parts.push(`(${flags.join(', ')})`);
  return parts.join(' ');
}

function exampleMarkdown(example: ExampleView): string {
  return fence(example.lang, example.code);
}

/** A fenced block whose fence is longer than any backtick run in the code. */
function fence(lang: string, value: string): string {
  const longest = Math.max(2, ...[...value.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${/^[a-z0-9_+#.-]{1,40}$/i.test(lang) ? lang : ''}\n${value.replace(/\n$/, '')}\n${ticks}`;
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** Text inside a table cell: one line, pipes escaped. */
function cell(value: string): string {
  return oneLine(value).replace(/\|/g, '\\|');
}

/** Text inside an inline code span: no backticks to close it early. */
function code(value: string): string {
  return oneLine(value).replace(/`/g, "'");
}
