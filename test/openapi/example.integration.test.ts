import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const DIST = inject('exampleBuild').outDir;
const PAGES = path.resolve('examples/site/spaces/api');

/** OpenAPI blocks that name a spec in a page's markdown (authored swagger blocks left out). */
function blocksIn(markdown: string): number {
  return (markdown.match(/\{%\s*(openapi(-operation|-webhook)?|swagger)\s[^%]*(src|spec)=/g) ?? [])
    .length;
}

/** The bundled example as the global setup built it: every API page drawn from its spec. */
describe('the example’s API reference', () => {
  it('draws every block that names a spec, on every page, from the spec', async () => {
    const files = (await readdir(path.join(PAGES, 'reference'))).filter((f) => f.endsWith('.md'));
    expect(files.length).toBe(6);
    for (const file of [...files.map((f) => `reference/${f}`), 'endpoints/launch-windows.md']) {
      const markdown = await readFile(path.join(PAGES, file), 'utf8');
      const html = await readFile(
        path.join(DIST, 'api', file.replace(/\.md$/, ''), 'index.html'),
        'utf8',
      );
      const operations = blocksIn(markdown);
      const titles = html.match(/class="op-openapi__title"/g)?.length ?? 0;
      // Schemas blocks draw one title a schema: at least one a block.
      expect(titles, file).toBeGreaterThanOrEqual(operations);
      expect(html, file).not.toContain('op-openapi__spec');
    }
  });

  it('reads each kind of spec: 3.0 YAML with a sibling file, Swagger 2.0 JSON, 3.1 JSON, a URL', async () => {
    const page = (name: string) =>
      readFile(path.join(DIST, 'api', 'reference', name, 'index.html'), 'utf8');
    // launch-api.yaml's errors come from launch-common.yaml.
    const missions = await page('missions');
    expect(missions).toMatch(/op-openapi__status--4xx">404<\/span>/);
    // Swagger 2.0: a body parameter became a request body; formData a multipart one.
    const stations = await page('ground-stations');
    expect(stations).toContain('Request body');
    expect(stations).toContain('<code>multipart/form-data</code>');
    // 3.1 webhooks.
    const webhooks = await page('webhooks');
    expect(webhooks).toContain('op-openapi__method--webhook');
    // The spec the pull fetched from the local platform's hosted/ folder.
    const payloads = await page('payloads');
    expect(payloads.match(/class="op-openapi__title"/g)?.length).toBeGreaterThanOrEqual(5);
  });

  it('is what the example’s .md copy of an API page holds, with no block left', async () => {
    const copy = await readFile(path.join(DIST, 'api/reference/missions.md'), 'utf8');
    expect(copy).not.toContain('{% openapi');
    expect(copy).toContain('`POST /v2/missions`');
    expect(copy).toMatch(/\| `Idempotency-Key` \| header \| string \| /);
  });
});
