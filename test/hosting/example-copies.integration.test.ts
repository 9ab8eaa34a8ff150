import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { markdownUrls } from '../../src/markdown/source-urls.ts';
import { snapshotBase } from '../helpers/built-site.ts';

/**
 * The bundled example as the global setup built it: every link of every `.md` copy that leads
 * into the site (a relative path, a site path, the site's own origin, the platform's app URL of
 * one of its spaces) names a file the output holds, as the page's HTML link does. A copy keeps
 * the page's markdown, whose links were written for the platform: README pages, spaces under a
 * URL prefix and `app.gitbook.com/s/…` links are what went wrong.
 */
const { outDir, cacheDir } = inject('exampleBuild');
const ORIGIN = 'https://docs.acme-rockets.example';

/** The output file a URL of the site names (a page's folder: its `index.html`). */
async function fileOf(url: URL, base: string): Promise<string | undefined> {
  if (!url.pathname.startsWith(base)) return undefined;
  const relative = decodeURIComponent(url.pathname.slice(base.length));
  const file = path.join(outDir, relative);
  const found = await stat(file).catch(() => undefined);
  if (found?.isFile()) return file;
  if (found?.isDirectory()) {
    const index = path.join(file, 'index.html');
    return (await stat(index).catch(() => undefined))?.isFile() ? index : undefined;
  }
  return undefined;
}

/** A `{% %}` tag's value that is a link (not a style, a language, an include's path). */
function isLink(tag: string, attribute: string): boolean {
  if (attribute === '') return tag === 'embed' || tag === 'content-ref';
  return ['url', 'src', 'href'].includes(attribute) && !tag.startsWith('openapi');
}

describe('the example’s .md copies', () => {
  it('lead every link into the site to a file the output holds', async () => {
    const base = await snapshotBase(cacheDir);
    const copies = (await readdir(outDir, { recursive: true })).filter((f) => f.endsWith('.md'));
    expect(copies.length).toBeGreaterThan(40);
    const dead: string[] = [];
    let checked = 0;
    for (const copy of copies) {
      const text = await readFile(path.join(outDir, copy), 'utf8');
      const at = new URL(`${base}${copy.replaceAll('\\', '/')}`, ORIGIN);
      for (const { url, tag, attribute } of markdownUrls(text)) {
        if (url === '' || url.startsWith('#') || (tag && !isLink(tag, attribute ?? ''))) continue;
        if (/^https?:\/\/app\.gitbook\.com\//i.test(url)) {
          dead.push(`${copy}: ${url} (the platform's app)`);
          continue;
        }
        // Other schemes and other hosts lead out of the site: not this test's.
        if (/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith(`${ORIGIN}/`)) continue;
        checked++;
        const target = new URL(url, at);
        if (!(await fileOf(target, base))) dead.push(`${copy}: ${url}`);
      }
    }
    expect(dead).toEqual([]);
    // The example links across its pages and files: the check is not vacuous.
    expect(checked).toBeGreaterThan(60);
  });

  it('give a page link its target’s .md copy, and keep its anchor', async () => {
    const home = await readFile(path.join(outDir, 'index.md'), 'utf8');
    expect(home).toContain(`[Hold codes](${ORIGIN}/docs/operations/scrubs.md#hold-codes)`);
    // A README page's copy sits beside its folder, and an app link to another space leads to it.
    expect(home).toContain(`[Getting started](${ORIGIN}/docs/getting-started.md)`);
    expect(home).toContain(`[Launch API](${ORIGIN}/docs/api.md)`);
  });
});
