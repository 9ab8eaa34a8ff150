import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toText } from 'hast-util-to-text';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/index.ts';
import { loadSpec } from '../../src/openapi/load.ts';
import type { SpecProvider } from '../../src/openapi/types.ts';
import { fixtureReader, textReader } from '../openapi/helpers.ts';

const resolver = { page: () => undefined, file: () => undefined, reusableContent: () => undefined };

/** Specs by URL key from the fixtures, and `name:` keys for the same files. */
function provider(documents?: Record<string, string>): SpecProvider {
  const read = documents ? textReader(documents) : fixtureReader;
  return {
    async get(key) {
      const url = key.startsWith('name:') ? `https://specs.test/${key.slice(5)}` : key.slice(4);
      const loaded = await loadSpec(url, read);
      return loaded.ok
        ? { ok: true, document: loaded.document, unresolved: loaded.unresolved }
        : { ok: false, reason: loaded.reason };
    },
  };
}

async function render(markdown: string, openapi: SpecProvider = provider()) {
  const result = await renderMarkdown(markdown, {
    resolver,
    currentPath: 'reference/vehicles.md',
    openapi,
    highlighter: false,
  });
  return { ...result, tree: fromHtml(result.html, { fragment: true }) };
}

const GET = `{% openapi src="https://specs.test/fleet.yaml" path="/vehicles/{vehicleId}" method="get" %}
[fleet.yaml](https://specs.test/fleet.yaml)
{% endopenapi %}`;

/** The sections of the GET operation, in the page and in the outline. */
const GET_SECTIONS = [
  'Authorization',
  'Path parameters',
  'Query parameters',
  'Header parameters',
  'Cookie parameters',
  'Responses',
  'Code samples',
  'Examples',
];

describe('OpenAPI blocks drawn from the spec', () => {
  it('shows the operation: title in the outline, method and path, parameters with their marks', async () => {
    const { tree, outline, warnings } = await render(`# Vehicles\n\n${GET}\n`);
    expect(warnings).toEqual([]);
    expect(outline).toEqual([
      // The operation's title carries its method (search shows it beside a result).
      { depth: 2, id: 'get-a-vehicle', text: 'Get a vehicle', method: 'get' },
      ...GET_SECTIONS.map((text) => ({
        depth: 3,
        id: `get-a-vehicle-${text.toLowerCase().replace(' ', '-')}`,
        text,
      })),
    ]);
    expect(toText(select('.op-openapi__method--get', tree) as never)).toBe('GET');
    expect(toText(select('.op-openapi__path-param', tree) as never)).toBe('{vehicleId}');
    const sections = selectAll('.op-openapi__section-title', tree).map((h) => toText(h));
    expect(sections).toEqual(GET_SECTIONS);
    const vehicleId = selectAll('.op-openapi__field', tree)[0];
    expect(toText(vehicleId as never)).toMatch(/vehicleId\s+string\s+required/);
    // The parameter's description is markdown: its code span is code.
    expect(select('.op-openapi__field-description code', vehicleId as never)).toBeDefined();
    const enumText = toText(select('.op-openapi__enum', tree) as never);
    expect(enumText).toContain('owner: Include the owner record');
  });

  it("lists each operation's sections under it, with ids that keep operations apart", async () => {
    const PATCH = GET.replaceAll('method="get"', 'method="patch"');
    const { tree, outline } = await render(`${GET}\n\n${PATCH}\n\n${GET}\n`);
    const ids = outline.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('update-a-vehicle-request-body');
    // The same operation twice: the second's title and sections are numbered.
    expect(ids).toContain('get-a-vehicle-1');
    expect(ids).toContain('get-a-vehicle-1-responses');
    // Each title its own operation's method; the sections under it none.
    expect(outline.filter((o) => o.method).map((o) => [o.id, o.method])).toEqual([
      ['get-a-vehicle', 'get'],
      ['update-a-vehicle', 'patch'],
      ['get-a-vehicle-1', 'get'],
    ]);
    // Every entry names a heading of the page.
    const headingIds = selectAll('h2, h3', tree).map((h) => h.properties.id);
    for (const id of ids) expect(headingIds).toContain(id);
  });

  it("shows an operation's callbacks, folded, and each response's links", async () => {
    const { tree, outline } = await render(
      GET.replaceAll('/vehicles/{vehicleId}"', '/vehicles/{vehicleId}/documents"').replace(
        'method="get"',
        'method="post"',
      ),
    );
    expect(outline.map((o) => o.text)).toContain('Callbacks');
    const callback = select('details.op-openapi__callback', tree);
    expect(callback?.properties.open).toBeUndefined();
    expect(toText(select('summary', callback) as never)).toBe(
      'scanned POST {$request.body#/notifyUrl}',
    );
    expect(toText(callback as never)).toContain('The document was scanned');
    expect(selectAll('.op-openapi__field-name', callback).map((n) => toText(n))).toEqual(['pages']);
    expect(
      toText(select('details.op-openapi__response .op-openapi__status', callback) as never),
    ).toBe('200');
    const links = selectAll('.op-openapi__links .op-openapi__link', tree);
    expect(links.map((l) => toText(select('.op-openapi__link-head', l) as never))).toEqual([
      'GetVehicle → GET /vehicles/{vehicleId}',
      'Elsewhere → https://other.example/openapi.yaml#/paths/~1a/get',
    ]);
    // The description is markdown; parameters and a body are given as expressions.
    expect(
      toText(select('strong', select('.op-openapi__description', links[0]) as never) as never),
    ).toBe('belongs');
    expect(toText(select('.op-openapi__link-parameters', links[0]) as never)).toBe(
      'vehicleId = $request.path.vehicleId',
    );
    expect(toText(select('.op-openapi__link-parameters', links[1]) as never)).toContain(
      'requestBody = ',
    );
  });

  it('folds each schema of a grouped="true" block under its name, and draws others open', async () => {
    const block = (grouped: string) =>
      `{% openapi-schemas spec="fleet.yaml" schemas="Vehicle,Part" grouped="${grouped}" %}\n{% endopenapi-schemas %}\n`;
    const grouped = await render(block('true'));
    const models = selectAll('details.op-openapi__model', grouped.tree);
    expect(models).toHaveLength(2);
    expect(models.every((m) => m.properties.open === undefined)).toBe(true);
    expect(models.map((m) => toText(select('summary', m) as never))).toEqual([
      'Show properties',
      'Show properties',
    ]);
    expect(select('.op-openapi__fields', models[0]) ?? undefined).toBeDefined();
    // The names stay headings outside the folds, so the outline lists them.
    expect(grouped.outline.map((o) => o.text)).toEqual(['Vehicle', 'Part']);
    const open = await render(block('false'));
    expect(selectAll('details.op-openapi__model', open.tree)).toEqual([]);
    expect(open.outline.map((o) => o.text)).toEqual(['Vehicle', 'Part']);
  });

  it('lists each status code, the first open, nested levels closed, and a cycle named', async () => {
    const { tree } = await render(GET);
    const responses = selectAll('details.op-openapi__response', tree);
    expect(responses.map((r) => toText(select('.op-openapi__status', r) as never))).toEqual([
      '200',
      '404',
    ]);
    expect(responses.map((r) => r.properties.open === true)).toEqual([true, false]);
    const nested = selectAll('details.op-openapi__children', tree);
    expect(nested.length).toBeGreaterThan(0);
    expect(nested.every((d) => d.properties.open !== true)).toBe(true);
    expect(toText(tree)).toContain('Circular: Part is shown above.');
    expect(toText(select('.op-openapi__variants > summary', tree) as never)).toBe(
      'One of, by kind',
    );
  });

  it('puts code samples and examples in tabs, each a code block', async () => {
    const { tree, features } = await render(GET);
    expect(features.tabs).toBe(true);
    const [samples, examples] = selectAll('.op-tabs', tree);
    expect(selectAll('.op-tabs__title', samples).map((t) => toText(t))).toEqual([
      'curl',
      'JavaScript',
      'Python',
    ]);
    expect(selectAll('pre code', samples).map((c) => c.properties.className)).toEqual([
      ['language-shell'],
      ['language-javascript'],
      ['language-python'],
    ]);
    expect(selectAll('.op-tabs__title', examples).map((t) => toText(t))).toEqual(['200', '404']);
    expect(toText(select('pre', examples) as never)).toContain('"id": "veh_042"');
  });

  it('draws webhooks and named schemas', async () => {
    const { tree, outline } = await render(
      '{% openapi-webhook spec="events.json" name="vehicle.moved" %}\n{% endopenapi-webhook %}\n\n' +
        '{% openapi-schemas spec="fleet.yaml" schemas="Vehicle,Part" grouped="false" %}\n{% endopenapi-schemas %}\n',
    );
    // A webhook's title is marked as its operation line marks it; schemas have no method.
    expect(outline.map((o) => [o.depth, o.text, o.method])).toEqual([
      [2, 'A vehicle moved', 'webhook'],
      [3, 'Payload', undefined],
      [3, 'Responses', undefined],
      [3, 'Examples', undefined],
      [2, 'Vehicle', undefined],
      [2, 'Part', undefined],
    ]);
    expect(toText(select('.op-openapi__method--webhook', tree) as never)).toBe('WEBHOOK');
    expect(toText(select('.op-openapi__description strong', tree) as never)).toBe('geofence');
  });

  it("gives a hand-written swagger block's title its method when the method is one it knows", async () => {
    const block = (method: string, summary: string) =>
      `{% swagger method="${method}" path="/things" baseUrl="https://api.test" summary="${summary}" %}\n{% endswagger %}`;
    const { outline } = await render(
      `${block('post', 'Make a thing')}\n\n${block('connect', 'Tunnel to a thing')}\n`,
    );
    expect(outline.map((o) => [o.text, o.method])).toEqual([
      ['Make a thing', 'post'],
      ['Tunnel to a thing', undefined],
    ]);
  });

  it('keeps a stub with one warning when the spec or the operation cannot be had', async () => {
    const { html, warnings } = await render(
      '{% openapi src="https://specs.test/none.yaml" path="/x" method="get" %}\n{% endopenapi %}\n\n' +
        '{% openapi src="https://specs.test/fleet.yaml" path="/boats" method="get" %}\n{% endopenapi %}\n',
    );
    expect(warnings.map((w) => w.message)).toEqual([
      '{% openapi src="https://specs.test/none.yaml" path="/x" method="get" %}: spec https://specs.test/none.yaml: no fixture https://specs.test/none.yaml; shown without the spec',
      '{% openapi src="https://specs.test/fleet.yaml" path="/boats" method="get" %}: spec https://specs.test/fleet.yaml: the spec has no path /boats; shown without the spec',
    ]);
    expect(warnings.map((w) => w.line)).toEqual([1, 4]);
    expect(html).toContain('<code class="op-openapi__path">/boats</code>');
  });
});

describe('a hostile spec', () => {
  const payload = '<script>alert(1)</script><img src=x onerror=alert(2)>[x](javascript:alert(3))';
  const hostile = JSON.stringify({
    openapi: '3.1.0',
    info: { title: payload, version: payload, description: payload },
    servers: [{ url: `javascript:alert(4)//${payload}`, description: payload }],
    paths: {
      '/a/{<script>}': {
        post: {
          summary: payload,
          description: payload,
          'x-stability': payload,
          tags: [payload],
          parameters: [
            {
              name: payload,
              in: 'query',
              description: payload,
              schema: { type: 'string', enum: [payload], default: payload, pattern: payload },
            },
          ],
          requestBody: {
            description: payload,
            content: {
              [payload]: {
                schema: { $ref: '#/components/schemas/Loop' },
                example: { [payload]: payload },
              },
            },
          },
          responses: {
            [payload]: {
              description: payload,
              headers: { [payload]: { schema: { type: 'string' } } },
              links: {
                [payload]: {
                  operationRef: payload,
                  description: payload,
                  parameters: { [payload]: payload },
                  requestBody: { [payload]: payload },
                },
              },
            },
          },
          callbacks: {
            [payload]: {
              [payload]: {
                post: {
                  summary: payload,
                  description: payload,
                  requestBody: { content: { [payload]: { schema: { type: 'string' } } } },
                  responses: { [payload]: { description: payload } },
                },
              },
            },
          },
          security: [{ [payload]: [payload] }],
          'x-codeSamples': [{ lang: payload, label: payload, source: payload }],
        },
      },
    },
    components: {
      securitySchemes: {
        [payload]: { type: 'apiKey', in: 'header', name: payload, description: payload },
      },
      schemas: {
        Loop: {
          title: payload,
          type: 'object',
          properties: {
            [payload]: { $ref: '#/components/schemas/Loop' },
            passwd: { $ref: 'file:///etc/passwd' },
          },
          'x-enumDescriptions': { a: payload },
        },
      },
    },
  });

  it('renders with its strings as text: no script, no handler, no javascript: link', async () => {
    const { html, warnings } = await render(
      '{% openapi src="https://specs.test/hostile.json" path="/a/{<script>}" method="post" %}\n{% endopenapi %}\n',
      provider({ 'https://specs.test/hostile.json': hostile }),
    );
    expect(html).toContain('op-openapi__title');
    const tree = fromHtml(html, { fragment: true });
    expect(selectAll('script, img, iframe', tree)).toEqual([]);
    const elements = selectAll('*', tree);
    expect(
      elements.flatMap((e) => Object.keys(e.properties).filter((k) => /^on/i.test(k))),
    ).toEqual([]);
    const hrefs = elements.map((e) => String(e.properties.href ?? '')).filter(Boolean);
    expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
    // The payload is there, as text.
    expect(toText(tree)).toContain('<script>alert(1)</script>');
    expect(warnings.map((w) => w.message).join('\n')).toContain(
      '$ref not resolved: file:///etc/passwd',
    );
  });

  /** A spec whose one response schema nests `levels` objects deep. */
  function deepSpec(levels: number): string {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { deeper: schema } };
    return JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'deep', version: '1' },
      paths: {
        '/d': {
          get: {
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema } } },
            },
          },
        },
      },
    });
  }

  const DEEP_BLOCK =
    '{% openapi src="https://specs.test/deep.json" path="/d" method="get" %}\n{% endopenapi %}\n';

  it('shows a deep schema only to a bounded depth', async () => {
    const { html, warnings } = await render(
      DEEP_BLOCK,
      provider({ 'https://specs.test/deep.json': deepSpec(150) }),
    );
    expect(html).toContain('Nested deeper than shown here.');
    expect(warnings).toEqual([]);
  });

  it('refuses a spec nested 1,000 levels deep with a warning, and a $ref to one as unresolved', async () => {
    const { warnings } = await render(
      DEEP_BLOCK,
      provider({ 'https://specs.test/deep.json': deepSpec(1000) }),
    );
    expect(warnings.map((w) => w.message)).toEqual([
      `${DEEP_BLOCK.split('\n')[0]}: spec https://specs.test/deep.json: nested deeper than 400 levels; shown without the spec`,
    ]);
    const referring = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'refers', version: '1' },
      paths: {
        '/r': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: './deep.json#/paths' } } },
              },
            },
          },
        },
      },
    });
    const drawn = await render(
      '{% openapi src="https://specs.test/r.json" path="/r" method="get" %}\n{% endopenapi %}\n',
      provider({
        'https://specs.test/r.json': referring,
        'https://specs.test/deep.json': deepSpec(1000),
      }),
    );
    expect(drawn.html).toContain('op-openapi__title');
    expect(drawn.warnings.map((w) => w.message).join('\n')).toContain(
      '$ref not resolved: ./deep.json#/paths',
    );
  });
});
