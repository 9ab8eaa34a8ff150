import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/openapi/site', import.meta.url));

describe('local platform: hosted/ files and the {{local-platform}} placeholder', () => {
  let platform: LocalPlatform;
  beforeAll(async () => {
    platform = await startPlatform({ dir: FIXTURE });
  });
  afterAll(() => platform?.close());

  it('serves hosted/ files with a content type, an ETag and a Last-Modified, without auth', async () => {
    const response = await fetch(`${platform.url}/hosted/petstore.yaml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/yaml; charset=utf-8');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
    expect(response.headers.get('last-modified')).toMatch(/GMT$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(await readFile(`${FIXTURE}/hosted/petstore.yaml`))).toBe(true);
  });

  it('answers 304 to a conditional request that still matches, and logs it as conditional', async () => {
    const first = await fetch(`${platform.url}/hosted/schemas/pet.yaml`);
    const etag = first.headers.get('etag') as string;
    const lastModified = first.headers.get('last-modified') as string;
    const byTag = await fetch(`${platform.url}/hosted/schemas/pet.yaml`, {
      headers: { 'if-none-match': `W/"x", ${etag}` },
    });
    expect(byTag.status).toBe(304);
    expect(platform.requests.at(-1)).toEqual({
      method: 'GET',
      path: '/hosted/schemas/pet.yaml',
      status: 304,
      conditional: true,
    });
    const byDate = await fetch(`${platform.url}/hosted/schemas/pet.yaml`, {
      headers: { 'if-modified-since': lastModified },
    });
    expect(byDate.status).toBe(304);
    const stale = await fetch(`${platform.url}/hosted/schemas/pet.yaml`, {
      headers: { 'if-none-match': '"other"', 'if-modified-since': lastModified },
    });
    expect(stale.status).toBe(200);
  });

  it('serves nothing outside hosted/', async () => {
    for (const path of [
      '/hosted/../organization.yaml',
      '/hosted/%2e%2e/organization.yaml',
      '/hosted/..%2forganization.yaml',
      '/hosted/',
      '/hosted/nope.yaml',
      '/hosted/schemas',
    ]) {
      const response = await fetch(`${platform.url}${path}`);
      expect(response.status, path).toBe(404);
    }
  });

  it('goes through fault injection like the other routes', async () => {
    platform.setFaults({ every503: 1 });
    try {
      expect((await fetch(`${platform.url}/hosted/petstore.yaml`)).status).toBe(503);
    } finally {
      platform.setFaults({});
    }
  });

  it('replaces {{local-platform}} with its origin in the markdown it serves', async () => {
    const headers = { authorization: `Bearer ${TOKEN}` };
    const content = (await (
      await fetch(`${platform.url}/v1/spaces/api/content`, { headers })
    ).json()) as {
      pages: { id: string; path: string }[];
      reusableContents: { markdown: string }[];
    };
    const readme = content.pages.find((p) => p.path === 'readme');
    const page = (await (
      await fetch(`${platform.url}/v1/spaces/api/content/page/${readme?.id}?format=markdown`, {
        headers,
      })
    ).json()) as { markdown: string };
    expect(page.markdown).toContain(`src="${platform.url}/hosted/petstore.yaml"`);
    expect(page.markdown).not.toContain('{{local-platform}}');
    expect(content.reusableContents[0]?.markdown).toContain(`${platform.url}/hosted/webhooks.yaml`);
  });
});
