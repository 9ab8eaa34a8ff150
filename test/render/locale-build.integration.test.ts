import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../src/render/index.ts';
import { exampleCacheWithCustomizations } from '../helpers/built-site.ts';
import { tempDir } from '../helpers/fs.ts';

/**
 * The example's snapshot rendered with `internationalization.locale: fr`: the labels the
 * markdown renderer writes (OpenAPI sections) are French, beside the French chrome. The
 * render cache comes along from the example's build, so this also checks that the markdown
 * cache does not serve the English pages again.
 */
describe('a French site', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let html: string;

  beforeAll(async () => {
    temp = await tempDir();
    const cacheDir = await exampleCacheWithCustomizations(temp.dir, (custom) => {
      custom.internationalization = { locale: 'fr' };
    });
    const outDir = path.join(temp.dir, 'dist');
    await render({ cacheDir, outDir });
    html = await readFile(
      path.join(outDir, 'api', 'reference', 'ground-stations', 'index.html'),
      'utf8',
    );
  }, 180_000);
  afterAll(() => temp?.cleanup());

  it('titles the OpenAPI sections in French', () => {
    expect(html).toContain('<html lang="fr"');
    const titles = [...html.matchAll(/class="op-openapi__section-title"[^>]*>([^<]*)</g)].map(
      (m) => m[1],
    );
    expect(titles).toContain('Réponses');
    expect(titles).toContain('Paramètres de chemin');
    expect(titles).not.toContain('Responses');
    expect(titles).not.toContain('Path parameters');
  });
});
