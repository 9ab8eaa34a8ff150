import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { snapshotBase } from '../helpers/built-site.ts';

/** `offprint build --example` (the global setup's build) uses examples/local by default. */
describe('the example’s local pages and theme override', () => {
  const read = async (url: string) => {
    const { outDir, cacheDir } = inject('exampleBuild');
    const base = await snapshotBase(cacheDir);
    return {
      base,
      html: await readFile(path.join(outDir, url, 'index.html'), 'utf8'),
    };
  };

  it('has the MDX landing page with its imported Card components, in the Guides sidebar', async () => {
    const { base, html } = await read('start');
    expect(html).toMatch(/<h1 class="op-title">\s*Start here\s*<\/h1>/);
    expect(html).toContain('The site has 3 spaces of');
    expect(html).toMatch(/<a class="acme-card" href="\.\.\/getting-started\/install\/"/);
    expect(html).toContain(`href="${base}start/" aria-current="page"`);
  });

  it('has the overridden footer line under the default footer on every page', async () => {
    for (const url of ['', 'start', 'api/errors']) {
      const { html } = await read(url);
      expect(html).toContain('class="op-footer"');
      expect(html).toMatch(
        /<p class="acme-footer-note"[^>]*>\s*Acme Rockets docs: built with Offprint/,
      );
    }
  });
});
