import { describe, expect, it } from 'vitest';
import { MAX_SPEC_BYTES } from '../../src/openapi/limits.ts';
import { loadSpec } from '../../src/openapi/load.ts';
import { fixtureReader, textReader } from './helpers.ts';

describe('loadSpec', () => {
  it('bundles a sibling document named by a relative $ref and upgrades 3.0 to 3.1', async () => {
    const loaded = await loadSpec('https://specs.test/fleet.yaml', fixtureReader);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.documents).toEqual([
      'https://specs.test/fleet.yaml',
      'https://specs.test/common.yaml',
    ]);
    expect(loaded.unresolved).toEqual([]);
    expect(String(loaded.document.openapi)).toMatch(/^3\.1/);
    // 3.0's `nullable: true` is 3.1's `type: [..., 'null']`.
    const text = JSON.stringify(loaded.document);
    expect(text).not.toContain('"nullable"');
    expect(text).toContain('"x-ext"');
  });

  it('upgrades Swagger 2.0 (JSON): body parameters become a request body', async () => {
    const loaded = await loadSpec('https://specs.test/depot.swagger.json', fixtureReader);
    if (!loaded.ok) throw new Error(loaded.reason);
    const post = (loaded.document.paths as Record<string, Record<string, Record<string, unknown>>>)[
      '/depots/{depotId}/bays'
    ]?.post;
    expect(post?.requestBody).toBeDefined();
    expect(JSON.stringify(loaded.document.servers)).toContain('https://depot.example/api');
  });

  it('leaves $refs it may not follow unresolved and names them', async () => {
    const spec = JSON.stringify({
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          A: { $ref: 'file:///etc/passwd' },
          B: { $ref: 'http://169.254.169.254/latest/meta-data/' },
          C: { $ref: '#/components/schemas/C' },
        },
      },
    });
    const loaded = await loadSpec(
      'https://specs.test/x.json',
      textReader({ 'https://specs.test/x.json': spec }),
    );
    if (!loaded.ok) throw new Error(loaded.reason);
    expect(loaded.unresolved.sort()).toEqual([
      'file:///etc/passwd',
      'http://169.254.169.254/latest/meta-data/',
    ]);
    expect(JSON.stringify(loaded.document)).not.toContain('root:');
  });

  it('says why a document is not a spec', async () => {
    const read = textReader({
      'https://specs.test/a.yaml': 'title: not a spec\n',
      'https://specs.test/b.yaml': 'openapi: 3.0.0\npaths: [unclosed\n',
      'https://specs.test/c.yaml': `openapi: 3.0.0\n#${'x'.repeat(MAX_SPEC_BYTES)}\n`,
    });
    const a = await loadSpec('https://specs.test/a.yaml', read);
    const b = await loadSpec('https://specs.test/b.yaml', read);
    const c = await loadSpec('https://specs.test/c.yaml', read);
    const missing = await loadSpec('https://specs.test/none.yaml', read);
    expect(a.ok ? '' : a.reason).toMatch(/not an OpenAPI or Swagger document/);
    expect(b.ok ? '' : b.reason).toMatch(/not YAML or JSON/);
    expect(c.ok ? '' : c.reason).toMatch(/larger than/);
    expect(missing.ok ? '' : missing.reason).toMatch(/no https:\/\/specs.test\/none.yaml/);
  });

  it('refuses a document of many aliases (a billion laughs) rather than expanding it', async () => {
    const lines = ['openapi: 3.0.0', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    const loaded = await loadSpec(
      'https://specs.test/l.yaml',
      textReader({ 'https://specs.test/l.yaml': lines.join('\n') }),
    );
    expect(loaded.ok).toBe(false);
  });
});
