import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../src/render/index.ts';
import { exampleCacheWithCustomizations } from '../helpers/built-site.ts';
import { tempDir } from '../helpers/fs.ts';

/**
 * The example's snapshot with hostile and edge-case customizations, rendered through Astro:
 * what the components make of them (the example itself is covered by test/e2e/chrome.test.ts).
 */
describe('the site chrome of a customized build', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let html: string;
  let warnings: string[];

  beforeAll(async () => {
    temp = await tempDir();
    const cacheDir = await exampleCacheWithCustomizations(temp.dir, (custom) => {
      custom.announcement = {
        enabled: true,
        message: 'Outage <img src=x onerror=alert(1)>',
        style: 'danger',
        link: { title: 'Details', to: { kind: 'url', url: 'javascript:alert(1)' } },
      };
      const header = custom.header as Record<string, unknown>;
      header.logo = { light: 'javascript:alert(1)' };
      header.links = [
        { title: '<b>Bad</b>', to: { kind: 'url', url: 'javascript:alert(1)' } },
        { title: 'Docs <i>', style: 'button-secondary', to: { kind: 'space', space: 'api' } },
      ];
      custom.footer = { copyright: '<script>alert(1)</script> Acme' };
      custom.favicon = { icon: { light: 'http://insecure.example/f.png' } };
      custom.themes = { default: 'dark', toggeable: false };
    });
    const result = await render({ cacheDir, outDir: path.join(temp.dir, 'dist') });
    warnings = result.warnings.filter((w) => w.page === 'customizations').map((w) => w.message);
    html = await readFile(path.join(temp.dir, 'dist', 'index.html'), 'utf8');
  }, 120_000);
  afterAll(() => temp?.cleanup());

  it('shows a danger announcement as text, with no dismiss button and no unsafe link', () => {
    const banner = /<div class="op-announcement op-announcement--danger"[^>]*>.*?<\/div>/s.exec(
      html,
    )?.[0];
    expect(banner).toBeDefined();
    expect(banner).toContain('Outage &lt;img src=x onerror=alert(1)&gt;');
    expect(banner).not.toContain('op-announcement__dismiss');
    expect(banner).not.toContain('data-op-announcement');
    expect(banner).toContain('role="alert"');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<script>alert');
  });

  it('falls back to the title as text, drops unsafe links and favicons, escapes text', async () => {
    const brand = /<a class="op-brand"[^>]*>(.*?)<\/a>/s.exec(html)?.[1] ?? '';
    expect(brand.trim()).toBe('Acme Rockets Docs');
    expect(html).not.toContain('<b>Bad</b>');
    expect(html).toContain('op-header-link--button-secondary');
    expect(html).toContain('Docs &lt;i&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Acme');
    // The insecure icon is dropped: the letter icon takes its place, a file of the build.
    const icon = /<link rel="icon" href="\/docs\/(_offprint\/icon-[0-9a-f]{12}\.svg)">/.exec(
      html,
    )?.[1];
    expect(icon).toBeDefined();
    const svg = await readFile(path.join(temp.dir, 'dist', icon as string), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg".*>A<\/text><\/svg>$/);
    expect(html).not.toContain('insecure.example');
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^header\.logo\.light/),
        expect.stringMatching(/^header\.links\[0\]/),
        expect.stringMatching(/^announcement\.link/),
        expect.stringMatching(/^favicon\.icon\.light/),
      ]),
    );
  });

  it('has no theme toggle and no head script when the theme is not toggeable', () => {
    expect(html).not.toContain('op-theme-toggle');
    expect(html).not.toContain('op-theme"');
    expect(html).toMatch(/<html[^>]* data-theme="dark"/);
  });
});
