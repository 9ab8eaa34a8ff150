import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Language alternates and edit links on the example as built (examples/README.md): guides-v2
 * (English, the section's default) and its French variant `guides-fr` share four page paths;
 * guides-v2 is synced with https://github.com/acme-rockets/docs (branch `main`, directory
 * `guides`) and the site sets `git.showEditLink`.
 */
const ORIGIN = 'https://docs.acme-rockets.example';
const BASE = '/docs/';

type Alternates = Map<string, string>;

const LINK = /<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g;
const EDIT = /<a class="op-edit-link" href="([^"]+)"[^>]*>/g;

async function htmlFiles(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = path.posix.join(rel, entry.name);
    if (entry.isDirectory() && !['_astro', 'pagefind', 'assets', '_offprint'].includes(entry.name))
      out.push(...(await htmlFiles(dir, child)));
    else if (entry.name === 'index.html') out.push(child);
  }
  return out;
}

const urlOf = (file: string) => `${ORIGIN}${BASE}${file.replace(/index\.html$/, '')}`;

describe('language alternates and edit links in the built example', () => {
  const head = new Map<string, Alternates>();
  /** Each page's `<main lang>`, '' when it has none. */
  const contentLang = new Map<string, string>();
  const edits = new Map<string, string[]>();
  let sitemap: Map<string, Alternates>;

  beforeAll(async () => {
    const { outDir } = inject('exampleBuild');
    for (const file of await htmlFiles(outDir)) {
      const html = await readFile(path.join(outDir, file), 'utf8');
      const links = [...html.matchAll(LINK)].map((m) => [m[1], m[2]] as [string, string]);
      if (links.length > 0) head.set(urlOf(file), new Map(links));
      // Pages only: a redirect's file has no content.
      const main = /<main id="op-content"[^>]*>/.exec(html)?.[0];
      if (main) contentLang.set(urlOf(file), /\slang="([^"]+)"/.exec(main)?.[1] ?? '');
      edits.set(
        urlOf(file),
        [...html.matchAll(EDIT)].map((m) => m[1] as string),
      );
    }
    const xml = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    sitemap = new Map();
    for (const [, loc, rest] of xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)) {
      const links = [
        ...(rest as string).matchAll(
          /<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g,
        ),
      ];
      if (links.length > 0)
        sitemap.set(loc as string, new Map(links.map((m) => [m[1] as string, m[2] as string])));
    }
  });

  it('pairs the four shared pages of v2 and its French variant, and no other page', () => {
    expect([...head.keys()].sort()).toEqual(
      [
        '',
        'concepts/missions/',
        'getting-started/',
        'getting-started/install/',
        'guides/fr/',
        'guides/fr/concepts/missions/',
        'guides/fr/getting-started/',
        'guides/fr/getting-started/install/',
      ].map((p) => `${ORIGIN}${BASE}${p}`),
    );
    expect(Object.fromEntries(head.get(`${ORIGIN}${BASE}getting-started/install/`) ?? [])).toEqual({
      en: `${ORIGIN}${BASE}getting-started/install/`,
      fr: `${ORIGIN}${BASE}guides/fr/getting-started/install/`,
      'x-default': `${ORIGIN}${BASE}getting-started/install/`,
    });
  });

  it('is symmetric: every alternate lists the page back, with the same set and an x-default', () => {
    for (const [url, alternates] of head) {
      expect(alternates.get('x-default'), url).toBeDefined();
      expect([...alternates.values()], url).toContain(url);
      for (const [lang, href] of alternates) {
        if (lang === 'x-default') continue;
        expect(head.get(href), `${url} → ${lang} ${href}`).toEqual(alternates);
      }
    }
  });

  it('lists the same alternates in the sitemap as in each page’s head', () => {
    expect([...sitemap.keys()].sort()).toEqual([...head.keys()].sort());
    for (const [url, alternates] of head) expect(sitemap.get(url), url).toEqual(alternates);
  });

  it('links the synced space’s pages to their file at the synced branch, and no other page', () => {
    expect(edits.get(`${ORIGIN}${BASE}getting-started/install/`)).toEqual([
      'https://github.com/acme-rockets/docs/blob/main/guides/getting-started/install.md',
    ]);
    expect(edits.get(`${ORIGIN}${BASE}`)).toEqual([
      'https://github.com/acme-rockets/docs/blob/main/guides/README.md',
    ]);
    // Not v2's: the other site spaces, the home page's old path, and the local page `start`
    // (examples/local/pages/start.mdx), which is a file of the docs repository, not of the space.
    for (const [url, links] of edits) {
      const inV2 = !/\/docs\/(guides\/|api\/|telemetry\/|readme\/|start\/)/.test(url);
      if (!inV2) expect(links, url).toEqual([]);
      else expect(links, url).toHaveLength(1);
    }
  });

  it('marks the French variant’s content as French, and no English page', () => {
    const french = [...contentLang].filter(([url]) => url.startsWith(`${ORIGIN}${BASE}guides/fr/`));
    expect(french.length).toBeGreaterThan(3);
    for (const [url, lang] of contentLang)
      expect(lang, url).toBe(url.startsWith(`${ORIGIN}${BASE}guides/fr/`) ? 'fr' : '');
  });

  it('keeps the interface of a French page in the site’s language', async () => {
    const { outDir } = inject('exampleBuild');
    const html = await readFile(
      path.join(outDir, 'guides/fr/getting-started/install/index.html'),
      'utf8',
    );
    expect(/<html[^>]*\slang="([^"]+)"/.exec(html)?.[1]).toBe('en');
  });
});
