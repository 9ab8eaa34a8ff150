/**
 * An OpenAPI operation, webhook or schema view (`src/openapi`) as mdast for the rest of the
 * pipeline: descriptions are parsed as markdown and sanitized like the page, examples and code
 * samples become code blocks that the highlighter colours, samples sit in the theme's tabs.
 * Nested schema levels are `<details>`, closed, so the page reads without JavaScript. The markup
 * is described under "OpenAPI" in `src/markdown/README.md`.
 */
import type { RootContent } from 'mdast';
import { consoleData } from '../../openapi/console.ts';
import type { ExampleView, OperationView, ParameterView, SchemaView } from '../../openapi/types.ts';
import { useFeature } from '../features.ts';
import { el, text } from '../mdast.ts';
import { addConsole } from '../openapi-console-data.ts';
import { type ContentStrings, fill, fillNodes } from '../strings.ts';
import { callbackEntry } from './openapi-callback-view.ts';
import { mediaSchemas, paramNode, response, statusClass } from './openapi-message-view.ts';
import { fields, markdownBlock, schemaBody, type ViewContext } from './openapi-schema-view.ts';
import { tabPanel, tabsElement } from './tabs.ts';

const LOCATION_TITLES: Record<ParameterView['in'], keyof ContentStrings> = {
  path: 'pathParameters',
  query: 'queryParameters',
  header: 'headerParameters',
  cookie: 'cookieParameters',
};

export function operationContent(view: OperationView, ctx: ViewContext): RootContent[] {
  const s = ctx.strings;
  const tryIt = view.tryIt && ctx.tryIt;
  const out: RootContent[] = [
    el('h2', { className: ['op-openapi__title'] }, [
      text(view.summary ?? (view.kind === 'webhook' ? view.path : `${view.method} ${view.path}`)),
    ]),
    operationLine(view, tryIt ? consoleSlot(view, ctx) : undefined),
  ];
  const badges = [
    ...(view.deprecated ? [badge(s.deprecated, 'deprecated')] : []),
    ...(view.stability ? [badge(capitalize(view.stability), 'stability')] : []),
  ];
  if (badges.length > 0) out.push(el('p', { className: ['op-openapi__badges'] }, badges));
  // The spec on the left; on wide screens, the samples and examples beside it (blocks.css).
  const spec: RootContent[] = [];
  const aside: RootContent[] = [];
  if (view.description) spec.push(markdownBlock(view.description, 'op-openapi__description', ctx));
  if (view.servers.length > 0 && view.kind === 'operation') spec.push(servers(view, s));
  if (view.security.length > 0) spec.push(security(view, s));
  for (const where of ['path', 'query', 'header', 'cookie'] as const) {
    const params = view.parameters.filter((p) => p.in === where);
    if (params.length > 0)
      spec.push(section(s[LOCATION_TITLES[where]], [fields(params.map(paramNode), ctx)]));
  }
  if (view.requestBody) {
    const body = view.requestBody;
    spec.push(
      section(view.kind === 'webhook' ? s.payload : s.requestBody, [
        ...(body.required
          ? [el('p', { className: ['op-openapi__required'] }, [text(s.required)])]
          : []),
        ...(body.description
          ? [markdownBlock(body.description, 'op-openapi__description', ctx)]
          : []),
        ...mediaSchemas(body.contents, ctx),
      ]),
    );
  }
  if (view.responses.length > 0)
    spec.push(
      section(
        s.responses,
        view.responses.map((r, i) => response(r, i === 0, ctx)),
      ),
    );
  if (view.callbacks.length > 0)
    spec.push(
      section(
        s.callbacks,
        view.callbacks.map((c) => callbackEntry(c, ctx)),
      ),
    );
  if (view.samples.length > 0) {
    useFeature(ctx.file, 'tabs');
    aside.push(
      section(s.codeSamples, [
        tabsElement(view.samples.map((s) => tabPanel(s.label, [code(s.lang, s.code)]))),
      ]),
    );
  }
  const examples = exampleTabs(view, s);
  if (examples.length > 0) {
    useFeature(ctx.file, 'tabs');
    aside.push(section(s.examples, [tabsElement(examples)]));
  }
  out.push(
    el('div', { className: ['op-openapi__columns'] }, [
      el('div', { className: ['op-openapi__main'] }, spec),
      ...(aside.length > 0 ? [el('div', { className: ['op-openapi__aside'] }, aside)] : []),
    ]),
  );
  return out;
}

/**
 * Where the "Test it" button goes (`openapi-console.ts` puts it there after sanitizing): the
 * console's data is kept on the render's file, never in the markup the sanitizer sees.
 */
function consoleSlot(view: OperationView, ctx: ViewContext): RootContent {
  const index = addConsole(ctx.file, consoleData(view));
  return el('span', { className: ['op-openapi__try'], dataOpTry: String(index) }, []);
}

/**
 * A named schema: its tree and example under its name, or, `grouped` (as the platform draws
 * `grouped="true"`), folded under its name so that a group of schemas reads as a list.
 */
export function schemaContent(view: SchemaView, ctx: ViewContext, grouped = false): RootContent[] {
  const body = [
    ...(view.description ? [markdownBlock(view.description, 'op-openapi__description', ctx)] : []),
    schemaBody(view.schema, ctx),
    ...(view.examples[0] ? [exampleBlock(view.examples[0])] : []),
  ];
  const title = el('h2', { className: ['op-openapi__title'] }, [text(view.name)]);
  if (!grouped) return [title, ...body];
  return [
    title,
    el('details', { className: ['op-openapi__model'] }, [
      el('summary', {}, [text(ctx.strings.showProperties)]),
      ...body,
    ]),
  ];
}

/** An authored `{% swagger %}` block, in the same layout: its parts are page markdown already. */
export interface LegacyOperation {
  method?: string;
  path?: string;
  summary?: string;
  description: RootContent[];
  parameters: {
    name: string;
    in?: string;
    type?: string;
    required: boolean;
    description: RootContent[];
  }[];
  responses: { status: string; description?: string; content: RootContent[] }[];
}

export function legacyContent(op: LegacyOperation, ctx: ViewContext): RootContent[] {
  const s = ctx.strings;
  const out: RootContent[] = [];
  if (op.summary) out.push(el('h2', { className: ['op-openapi__title'] }, [text(op.summary)]));
  if (op.method || op.path)
    out.push(
      operationLine({
        kind: 'operation',
        method: (op.method ?? '').toUpperCase(),
        path: op.path ?? '',
      }),
    );
  if (op.description.length > 0)
    out.push(el('div', { className: ['op-openapi__description'] }, op.description));
  const places = [...new Set(op.parameters.map((p) => p.in ?? ''))];
  for (const place of places) {
    const location = Object.hasOwn(LOCATION_TITLES, place)
      ? LOCATION_TITLES[place as ParameterView['in']]
      : undefined;
    const title = s[location ?? 'parameters'];
    const items = op.parameters
      .filter((p) => (p.in ?? '') === place)
      .map((p) => {
        const head: RootContent[] = [
          el('code', { className: ['op-openapi__field-name'] }, [text(p.name)]),
          text(' '),
          el('span', { className: ['op-openapi__type'] }, [text(p.type ?? 'any')]),
        ];
        if (p.required)
          head.push(
            text(' '),
            el('span', { className: ['op-openapi__flag', 'op-openapi__flag--required'] }, [
              text(s.flagRequired),
            ]),
          );
        return el('li', { className: ['op-openapi__field'] }, [
          el('div', { className: ['op-openapi__field-head'] }, head),
          ...(p.description.length > 0
            ? [el('div', { className: ['op-openapi__field-description'] }, p.description)]
            : []),
        ]);
      });
    out.push(
      section(title, [
        el('div', { className: ['op-openapi__schema'] }, [
          el('ul', { className: ['op-openapi__fields'] }, items),
        ]),
      ]),
    );
  }
  if (op.responses.length > 0)
    out.push(
      section(
        s.responses,
        op.responses.map((r, i) =>
          el(
            'details',
            { className: ['op-openapi__response'], ...(i === 0 ? { open: true } : {}) },
            [
              el('summary', {}, [
                el('span', { className: ['op-openapi__status', statusClass(r.status)] }, [
                  text(r.status),
                ]),
                ...(r.description ? [text(` ${r.description}`)] : []),
              ]),
              ...r.content,
            ],
          ),
        ),
      ),
    );
  return out;
}

function operationLine(
  view: Pick<OperationView, 'kind' | 'method' | 'path'>,
  after?: RootContent,
): RootContent {
  const method = view.kind === 'webhook' ? 'webhook' : view.method.toLowerCase();
  const pathParts: RootContent[] = [];
  // `{missionId}` marked as a parameter, the rest as written.
  for (const part of view.path.split(/(\{[^}]*\})/)) {
    if (part === '') continue;
    pathParts.push(
      part.startsWith('{')
        ? el('span', { className: ['op-openapi__path-param'] }, [text(part)])
        : text(part),
    );
  }
  return el('div', { className: ['op-openapi__operation'] }, [
    el('span', { className: ['op-openapi__method', `op-openapi__method--${method}`] }, [
      text(view.kind === 'webhook' ? 'WEBHOOK' : view.method),
    ]),
    text(' '),
    el('code', { className: ['op-openapi__path'] }, pathParts),
    ...(after ? [after] : []),
  ]);
}

function badge(label: string, kind: string): RootContent {
  return el('span', { className: ['op-openapi__badge', `op-openapi__badge--${kind}`] }, [
    text(label),
  ]);
}

function section(title: string, children: RootContent[]): RootContent {
  return el('div', { className: ['op-openapi__section'] }, [
    el('h3', { className: ['op-openapi__section-title'] }, [text(title)]),
    ...children,
  ]);
}

function servers(view: OperationView, s: ContentStrings): RootContent {
  return el('div', { className: ['op-openapi__servers'] }, [
    el('p', { className: ['op-openapi__label'] }, [
      text(view.servers.length > 1 ? s.servers : s.server),
    ]),
    el(
      'ul',
      {},
      view.servers.map((s) =>
        el('li', {}, [
          el('code', {}, [text(s.url)]),
          ...(s.description ? [text(` — ${s.description}`)] : []),
        ]),
      ),
    ),
  ]);
}

function security(view: OperationView, s: ContentStrings): RootContent {
  const alternatives = view.security.filter((set) => set.length > 0);
  const optional = alternatives.length < view.security.length;
  const items = alternatives.map((set) =>
    el(
      'li',
      {},
      set.flatMap((scheme, i) => {
        const name = [el('strong', {}, [text(scheme.name)]), text(` (${scheme.label})`)];
        const scopes = scheme.scopes.flatMap((scope, j) => [
          ...(j > 0 ? [text(', ')] : []),
          el('code', {}, [text(scope)]),
        ]);
        return [
          ...(i > 0 ? [text(` ${s.and} `)] : []),
          ...(scopes.length > 0 ? fillNodes(s.withScopes, { scheme: name, scopes }) : name),
        ];
      }),
    ),
  );
  return section(s.authorization, [
    ...(alternatives.length > 1 ? [el('p', {}, [text(s.anyOneOf)])] : []),
    el('ul', { className: ['op-openapi__security'] }, items),
    ...(optional ? [el('p', {}, [text(s.withoutCredentials)])] : []),
  ]);
}

function exampleTabs(view: OperationView, s: ContentStrings): RootContent[] {
  const panels: RootContent[] = [];
  const request = view.requestBody?.contents.find((c) => c.examples.length > 0);
  for (const example of request?.examples ?? [])
    panels.push(
      tabPanel(
        request && request.examples.length > 1
          ? fill(s.requestNamed, { name: example.label })
          : s.request,
        [exampleBlock(example)],
      ),
    );
  for (const r of view.responses) {
    const media = r.contents.find((c) => c.examples.length > 0);
    for (const example of media?.examples ?? [])
      panels.push(
        tabPanel(media && media.examples.length > 1 ? `${r.status}: ${example.label}` : r.status, [
          exampleBlock(example),
        ]),
      );
  }
  return panels;
}

function exampleBlock(example: ExampleView): RootContent {
  return code(example.lang === 'text' ? 'text' : example.lang, example.code);
}

function code(lang: string, value: string): RootContent {
  return { type: 'code', lang: /^[a-z0-9_+#.-]{1,40}$/i.test(lang) ? lang : 'text', value };
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
