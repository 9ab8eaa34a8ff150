import { describe, expect, it } from 'vitest';
import { consoleData } from '../../src/openapi/console.ts';
import { operationView, schemaViews, webhookView } from '../../src/openapi/operation.ts';
import type { OperationView, SchemaNode } from '../../src/openapi/types.ts';
import { fixtureSpec } from './helpers.ts';

function view<T>(found: { ok: true; view: T } | { ok: false; reason: string }): T {
  if (!found.ok) throw new Error(found.reason);
  return found.view;
}

function property(node: SchemaNode | undefined, name: string): SchemaNode | undefined {
  return node?.properties?.find((p) => p.name === name);
}

describe('operationView', () => {
  it('merges path-level parameters, fills server variables and groups parameters by place', async () => {
    const spec = await fixtureSpec('fleet.yaml');
    const op = view(operationView(spec, '/vehicles/{vehicleId}', 'get'));
    expect(op.method).toBe('GET');
    expect(op.summary).toBe('Get a vehicle');
    expect(op.servers).toEqual([
      {
        url: 'https://eu.fleet.example/v1',
        description: 'Production',
        template: 'https://{region}.fleet.example/v1',
        variables: [{ name: 'region', default: 'eu', enum: ['eu', 'us'] }],
      },
    ]);
    expect(op.tryIt).toBe(true);
    expect(op.parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual([
      'path:vehicleId:true',
      'query:expand:false',
      'header:X-Request-Id:false',
      'cookie:session:false',
    ]);
    expect(op.parameters[1]?.schema?.enum).toEqual([
      { value: 'owner', description: 'Include the owner record' },
      { value: 'trips', description: 'Include the last ten trips' },
    ]);
    expect(op.security).toEqual([
      [
        {
          name: 'bearer',
          label: 'HTTP bearer',
          scopes: [],
          header: { name: 'Authorization', value: 'Bearer YOUR_TOKEN' },
          credential: { kind: 'bearer' },
        },
      ],
    ]);
  });

  it('finds the operation when the block names the path parameter otherwise', async () => {
    const spec = await fixtureSpec('fleet.yaml');
    expect(view(operationView(spec, '/vehicles/{id}', 'GET')).path).toBe('/vehicles/{id}');
    const missing = operationView(spec, '/vehicles/{id}', 'delete');
    expect(missing.ok ? '' : missing.reason).toBe(
      'the spec has no DELETE operation on /vehicles/{id}',
    );
    const nowhere = operationView(spec, '/boats', 'get');
    expect(nowhere.ok ? '' : nowhere.reason).toBe('the spec has no path /boats');
  });

  it('orders responses, reads their headers and the sibling document’s schema', async () => {
    const op = view(operationView(await fixtureSpec('fleet.yaml'), '/vehicles/{vehicleId}', 'get'));
    expect(op.responses.map((r) => r.status)).toEqual(['200', '404']);
    expect(op.responses[0]?.headers[0]?.name).toBe('X-RateLimit-Remaining');
    const error = op.responses[1]?.contents[0]?.schema;
    expect(error?.refName).toBe('Error');
    expect(property(error, 'code')?.required).toBe(true);
    expect(property(property(error, 'detail'), 'field')?.type).toBe('string');
  });

  it('builds schema trees: flags, maps, discriminated variants, and a cycle shown once', async () => {
    const op = view(operationView(await fixtureSpec('fleet.yaml'), '/vehicles/{vehicleId}', 'get'));
    const vehicle = op.responses[0]?.contents[0]?.schema;
    expect(vehicle?.type).toBe('Vehicle');
    expect(property(vehicle, 'id')).toMatchObject({
      readOnly: true,
      required: true,
      example: 'veh_042',
    });
    expect(property(vehicle, 'retiredAt')).toMatchObject({
      type: 'string · date-time',
      nullable: true,
    });
    expect(property(vehicle, 'name')?.constraints).toEqual(['max length 64']);
    expect(property(vehicle, 'labels')?.additional?.type).toBe('string');
    const engine = property(vehicle, 'engine');
    expect(engine?.variants?.kind).toBe('oneOf');
    expect(engine?.variants?.discriminator).toBe('kind');
    expect(engine?.variants?.options.map((o) => o.refName)).toEqual(['Electric', 'Combustion']);
    const parts = property(vehicle, 'parts');
    expect(parts?.type).toBe('array of Part');
    expect(property(parts?.items, 'parts')?.items).toMatchObject({
      refName: 'Part',
      circular: true,
    });
  });

  it('generates examples that leave out read-only members in requests and write-only in responses', async () => {
    const spec = await fixtureSpec('fleet.yaml');
    const get = view(operationView(spec, '/vehicles/{vehicleId}', 'get'));
    const response = JSON.parse(get.responses[0]?.contents[0]?.examples[0]?.code ?? '{}');
    expect(response).toHaveProperty('id', 'veh_042');
    expect(response).not.toHaveProperty('secret');
    expect(get.responses[0]?.contents[0]?.examples[0]?.generated).toBe(true);
    const patch = view(operationView(spec, '/vehicles/{vehicleId}', 'patch'));
    // The spec's own example wins over a generated one.
    expect(patch.requestBody?.contents[0]?.examples).toEqual([
      { label: 'Example', lang: 'json', code: '{\n  "name": "Rover"\n}', generated: false },
    ]);
    // allOf of objects: one object with every part's properties.
    const update = patch.requestBody?.contents[0]?.schema;
    expect(update?.properties?.map((p) => p.name)).toEqual(['name', 'labels']);
    expect(property(update, 'name')?.default).toBe('Unnamed');
  });

  it('reads deprecation, stability, alternative security with scopes, and x-codeSamples first', async () => {
    const patch = view(
      operationView(await fixtureSpec('fleet.yaml'), '/vehicles/{vehicleId}', 'patch'),
    );
    expect(patch.deprecated).toBe(true);
    expect(patch.stability).toBe('beta');
    expect(patch.security).toEqual([
      [
        {
          name: 'oauth',
          label: 'OAuth 2.0',
          scopes: ['vehicles:write'],
          header: { name: 'Authorization', value: 'Bearer YOUR_TOKEN' },
          credential: { kind: 'bearer' },
        },
      ],
      [
        {
          name: 'apiKey',
          label: 'API key in header X-Api-Key',
          scopes: [],
          header: { name: 'X-Api-Key', value: 'YOUR_API_KEY' },
          credential: { kind: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      ],
    ]);
    expect(patch.samples.map((s) => `${s.label}/${s.lang}`)).toEqual([
      'Go SDK/go',
      'curl/shell',
      'JavaScript/javascript',
      'Python/python',
    ]);
    const curl = patch.samples[1]?.code ?? '';
    expect(curl).toContain("curl 'https://eu.fleet.example/v1/vehicles/{vehicleId}'");
    expect(curl).toContain('--request PATCH');
    expect(curl).toContain("'Content-Type: application/merge-patch+json'");
    expect(curl).toContain('Rover');
  });

  it('shows a multipart upload as form fields in every sample', async () => {
    const op = view(
      operationView(await fixtureSpec('fleet.yaml'), '/vehicles/{vehicleId}/documents', 'post'),
    );
    const [curl, js, python] = op.samples.map((s) => s.code);
    expect(curl).toContain('--form');
    expect(js).toContain('FormData');
    expect(python).toContain('files=');
  });

  it("reads an operation's callbacks and its responses' links", async () => {
    const spec = await fixtureSpec('fleet.yaml');
    const op = view(operationView(spec, '/vehicles/{vehicleId}/documents', 'post'));
    expect(op.callbacks).toHaveLength(1);
    const [callback] = op.callbacks;
    expect(callback).toMatchObject({
      name: 'scanned',
      url: '{$request.body#/notifyUrl}',
      method: 'POST',
      summary: 'The document was scanned',
    });
    expect(callback?.requestBody?.required).toBe(true);
    expect(callback?.requestBody?.contents[0]?.schema?.properties?.[0]?.name).toBe('pages');
    expect(callback?.responses.map((r) => r.status)).toEqual(['200']);
    expect(op.responses[0]?.links).toEqual([
      {
        name: 'GetVehicle',
        target: 'getVehicle',
        operation: { method: 'GET', path: '/vehicles/{vehicleId}' },
        description: 'The vehicle the document **belongs** to.',
        parameters: [{ name: 'vehicleId', value: '$request.path.vehicleId' }],
      },
      {
        name: 'Elsewhere',
        target: 'https://other.example/openapi.yaml#/paths/~1a/get',
        parameters: [],
        requestBody: '{"from":"$response.header.Location"}',
      },
    ]);
    // A local operationRef is looked up like an operationId.
    const local = view(
      operationView(
        {
          ...spec,
          paths: {
            '/a': {
              get: {
                responses: {
                  '200': {
                    description: 'ok',
                    links: { Self: { operationRef: '#/paths/~1vehicles~1{vehicleId}/patch' } },
                  },
                },
              },
            },
            ...(spec.paths as object),
          },
        },
        '/a',
        'get',
      ),
    );
    expect(local.responses[0]?.links[0]?.operation).toEqual({
      method: 'PATCH',
      path: '/vehicles/{vehicleId}',
    });
    expect(view(operationView(spec, '/vehicles/{vehicleId}', 'get')).callbacks).toEqual([]);
  });

  it('reads an upgraded Swagger 2.0 operation: body, XML response, x-code-samples', async () => {
    const op = view(
      operationView(await fixtureSpec('depot.swagger.json'), '/depots/{depotId}/bays', 'post'),
    );
    expect(op.servers[0]?.url).toBe('https://depot.example/api');
    expect(op.requestBody?.required).toBe(true);
    expect(op.parameters.map((p) => p.name)).toEqual(['depotId', 'dryRun']);
    expect(op.parameters[0]?.schema?.type).toBe('integer · int64');
    const media = op.responses[0]?.contents.map((c) => c.mediaType);
    expect(media).toEqual(['application/json', 'application/xml']);
    const xml = op.responses[0]?.contents[1]?.examples[0];
    expect(xml?.lang).toBe('xml');
    expect(xml?.code).toContain('<reservation>');
    expect(op.samples[0]).toEqual({
      label: 'Shell',
      lang: 'shell',
      code: 'depotctl bays reserve 7',
    });
  });
});

describe('webhookView and schemaViews', () => {
  it('reads a 3.1 webhook: its payload with type arrays, examples and const', async () => {
    const hook: OperationView = view(
      webhookView(await fixtureSpec('events.json'), 'vehicle.moved'),
    );
    expect(hook).toMatchObject({ kind: 'webhook', method: 'POST', path: 'vehicle.moved' });
    expect(hook.samples).toEqual([]);
    const payload = hook.requestBody?.contents[0]?.schema;
    expect(property(payload, 'vehicleId')).toMatchObject({ required: true, example: 'veh_042' });
    expect(property(payload, 'speed')).toMatchObject({ type: 'number', nullable: true });
    expect(property(payload, 'source')?.const).toBe('gps');
    const none = webhookView(await fixtureSpec('events.json'), 'vehicle.parked');
    expect(none.ok ? '' : none.reason).toBe('the spec has no webhook vehicle.parked');
  });

  it('lists the named schemas it has and the ones it has not', async () => {
    const { views, missing } = schemaViews(await fixtureSpec('fleet.yaml'), ['Part', 'Boat']);
    expect(missing).toEqual(['Boat']);
    expect(views[0]?.name).toBe('Part');
    expect(views[0]?.description).toBe('A part, which may be made of parts.');
    expect(property(views[0]?.schema, 'parts')?.items?.circular).toBe(true);
  });
});

describe('the "Test it" console of an operation', () => {
  const spec = (extra: Record<string, unknown>, op: Record<string, unknown> = {}) => ({
    openapi: '3.1.0',
    servers: [{ url: 'https://api.example/{v}', variables: { v: { default: 'v1' } } }],
    ...extra,
    paths: {
      '/things/{id}': {
        post: {
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', example: 't_1' } },
            { name: 'q', in: 'query', schema: { type: 'integer', default: 5 } },
          ],
          requestBody: { content: { 'application/json': { example: { a: 1 } } } },
          ...op,
        },
      },
    },
  });

  it('is offered with a server, and turned off by x-hideTryItPanel or a spec without servers', () => {
    expect(view(operationView(spec({}), '/things/{id}', 'post')).tryIt).toBe(true);
    const hidden = spec({}, { 'x-hideTryItPanel': true });
    expect(view(operationView(hidden, '/things/{id}', 'post')).tryIt).toBe(false);
    const hiddenAll = spec({ 'x-hideTryItPanel': true });
    expect(view(operationView(hiddenAll, '/things/{id}', 'post')).tryIt).toBe(false);
    expect(view(operationView(spec({ servers: [] }), '/things/{id}', 'post')).tryIt).toBe(false);
  });

  it('starts required parameters at their examples, optional ones empty with a hint', () => {
    const data = consoleData(view(operationView(spec({}), '/things/{id}', 'post')));
    expect(data.servers[0]?.template).toBe('https://api.example/{v}');
    expect(data.parameters).toEqual([
      { name: 'id', in: 'path', required: true, value: 't_1' },
      { name: 'q', in: 'query', required: false, value: '', hint: '5' },
    ]);
    expect(data.body?.mediaType).toBe('application/json');
    expect(JSON.parse(data.body?.value ?? '')).toEqual({ a: 1 });
  });
});
