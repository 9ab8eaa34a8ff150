import { readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { render } from '../../src/render/index.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';

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
    const cacheDir = await copyFolder(
      inject('exampleBuild').cacheDir,
      path.join(temp.dir, 'cache'),
    );
    const siteFile = path.join(await realpath(path.join(cacheDir, 'snapshot')), 'site.json');
    const site = JSON.parse(await readFile(siteFile, 'utf8'));
    site.customizations.site.internationalization = { locale: 'fr' };
    await writeFile(siteFile, JSON.stringify(site));
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
