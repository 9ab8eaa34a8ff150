import { describe, expect, it } from 'vitest';
import { operationView, schemaViews } from '../../src/openapi/operation.ts';
import { operationMarkdown, schemaMarkdown } from '../../src/openapi/to-markdown.ts';
import { fixtureSpec } from './helpers.ts';

describe('operations as markdown (the .md copies)', () => {
  it('writes method and path, auth, a parameters table, body fields, responses and a request', async () => {
    const spec = await fixtureSpec('fleet.yaml');
    const found = operationView(spec, '/vehicles/{vehicleId}', 'patch');
    if (!found.ok) throw new Error(found.reason);
    const markdown = operationMarkdown(found.view);
    expect(markdown).toMatch(
      /^## Update a vehicle\n\n`PATCH \/vehicles\/\{vehicleId\}` \*\*Deprecated\*\* \*\*beta\*\*\n/,
    );
    expect(markdown).toContain('Server: `https://eu.fleet.example/v1`');
    expect(markdown).toContain(
      'Authorization: oauth (OAuth 2.0; scopes `vehicles:write`), or apiKey (API key in header X-Api-Key)',
    );
    expect(markdown).toContain(
      "| `vehicleId` | path | string | yes | The vehicle's id, e.g. `veh_042`. pattern ^veh_. |",
    );
    expect(markdown).toContain('### Request body (`application/merge-patch+json`), required');
    expect(markdown).toContain('| `name` | string | no | Default: `Unnamed`. |');
    expect(markdown).toContain('#### 200: Updated');
    expect(markdown).toContain('#### default: An error');
    expect(markdown).toContain('### Example request (curl)\n\n```shell\ncurl ');
  });

  it("writes a response's links and the operation's callbacks", async () => {
    const found = operationView(
      await fixtureSpec('fleet.yaml'),
      '/vehicles/{vehicleId}/documents',
      'post',
    );
    if (!found.ok) throw new Error(found.reason);
    const markdown = operationMarkdown(found.view);
    expect(markdown).toContain(
      'Links:\n- GetVehicle → `GET /vehicles/{vehicleId}` with `vehicleId` = `$request.path.vehicleId`: The vehicle the document **belongs** to.',
    );
    expect(markdown).toContain(
      '### Callbacks\n\n#### scanned: `POST {$request.body#/notifyUrl}` The document was scanned',
    );
    expect(markdown).toContain('| `pages` | integer | no |');
    expect(markdown).toContain('Responses: 200 (Received)');
  });

  it('flattens nested fields, names a cycle once and escapes table cells', async () => {
    const { views } = schemaViews(await fixtureSpec('fleet.yaml'), ['Vehicle', 'Part']);
    const [vehicle, part] = views.map((view) => schemaMarkdown(view));
    expect(vehicle).toContain('| `parts[].serial` | string | no |  |');
    // Part holds Parts: the cycle is listed once, not followed.
    expect(part).toContain('| `parts` | array of Part | no |  |');
    expect(part).not.toContain('parts[].');
    const piped = schemaMarkdown({
      name: 'Filter',
      schema: {
        type: 'object',
        properties: [{ name: 'a|b', type: 'string', description: 'x | y\nz' }],
      },
      examples: [],
    });
    expect(piped).toContain('| `a\\|b` | string | no | x \\| y z |');
  });
});
