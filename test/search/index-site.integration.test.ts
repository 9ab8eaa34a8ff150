import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { indexSite } from '../../src/search/index-site.ts';
import { MERGE_FILE, readMergeList } from '../../src/search/merge-list.ts';

interface Fragment {
  url: string;
  content: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
  anchors: { id: string; text: string }[];
}

/** Pagefind's fragment files: gzip of a `pagefind_dcd` signature and a JSON record. */
async function fragments(bundle: string): Promise<Fragment[]> {
  const dir = path.join(bundle, 'fragment');
  const out: Fragment[] = [];
  for (const name of await readdir(dir)) {
    const raw = gunzipSync(await readFile(path.join(dir, name))).toString('utf8');
    expect(raw.startsWith('pagefind_dcd')).toBe(true);
    out.push(JSON.parse(raw.slice('pagefind_dcd'.length)));
  }
  return out;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('indexSite', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'offprint-search-'));
    const page = (body: string, main = 'data-pagefind-body') =>
      `<!doctype html><html lang="en"><head><title>t</title></head><body>
        <header><nav>Headerword</nav></header>
        <main ${main}>
          <span hidden data-pagefind-filter="space[data-space], section[data-section]"
            data-pagefind-meta="title[data-title], section[data-section-title]"
            data-space="guides-v2" data-section="guides" data-title="Install, quickly: now"
            data-section-title="Guides"></span>
          <nav class="op-breadcrumbs">Crumbword</nav>
          ${body}
          <nav class="op-pagination">Nextword</nav>
        </main>
        <footer>Footerword</footer></body></html>`;
    await mkdir(path.join(dir, 'install'), { recursive: true });
    await mkdir(path.join(dir, 'hidden'), { recursive: true });
    await writeFile(
      path.join(dir, 'install/index.html'),
      page(
        '<h1>Install</h1><p>Albatross here.</p><h2 id="verify">Verify</h2><p>Check it.</p><p data-pagefind-ignore>Ignoredword</p>',
      ),
    );
    await writeFile(
      path.join(dir, 'hidden/index.html'),
      page('<h1>Hidden</h1><p>Secretword</p>', ''),
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('indexes the pages with a search body only, their content, headings, filters and metadata', async () => {
    const stats = await indexSite({ dir });
    expect(stats.pages).toBe(1);
    expect(stats.files).toBeGreaterThan(5);
    expect(stats.bytes).toBeGreaterThan(0);
    // Its merge file lists no other bundle (a merge of a site's parts rewrites it).
    await expect(readMergeList(path.join(dir, 'pagefind'))).resolves.toEqual([]);
    await expect(readFile(path.join(dir, 'pagefind', MERGE_FILE), 'utf8')).resolves.toBe(
      '{"merge":[]}\n',
    );
    const [fragment, ...rest] = await fragments(path.join(dir, 'pagefind'));
    expect(rest).toEqual([]);
    expect(fragment?.url).toBe('/install/');
    expect(fragment?.content).toContain('Albatross');
    for (const word of ['Headerword', 'Footerword', 'Crumbword', 'Nextword', 'Ignoredword'])
      expect(fragment?.content).not.toContain(word);
    expect(fragment?.meta).toMatchObject({ title: 'Install, quickly: now', section: 'Guides' });
    expect(fragment?.filters).toEqual({ space: ['guides-v2'], section: ['guides'] });
    expect(fragment?.anchors.map((a) => a.id)).toContain('verify');
    const entry = JSON.parse(
      await readFile(path.join(dir, 'pagefind/pagefind-entry.json'), 'utf8'),
    );
    expect(Object.keys(entry.languages)).toEqual(['en']);
  });
});

/** The example built by the global setup: render ran Pagefind over it. */
describe('the example’s search index', () => {
  it('holds every indexable page and no hidden one', async () => {
    const { outDir } = inject('exampleBuild');
    const bundle = path.join(outDir, 'pagefind');
    const indexable: string[] = [];
    for (const file of await htmlFiles(outDir)) {
      if ((await readFile(file, 'utf8')).includes('data-pagefind-body')) indexable.push(file);
    }
    const found = await fragments(bundle);
    expect(found.length).toBe(indexable.length);
    expect(found.length).toBeGreaterThan(30);
    const urls = found.map((fragment) => fragment.url);
    expect(urls.some((url) => url.includes('range-safety-runbook'))).toBe(false);
    expect(found.some((fragment) => /escalation/i.test(fragment.content))).toBe(false);
    expect(found.some((fragment) => fragment.content.includes('Marlinspike'))).toBe(true);
    const entry = JSON.parse(await readFile(path.join(bundle, 'pagefind-entry.json'), 'utf8'));
    expect(entry.languages.en.page_count).toBe(indexable.length);
    for (const fragment of found) expect(fragment.filters.space?.length).toBe(1);
  });
});

/**
 * The render indexes each page from its search document (src/search/document.ts) while Astro
 * writes it. Pagefind reading the finished pages instead must find the same words, headings,
 * filters and metadata: the documents leave out nothing a reader could search for.
 */
describe('search documents', () => {
  it('index the example as Pagefind indexes its finished pages', async () => {
    const { outDir } = inject('exampleBuild');
    const copy = await mkdtemp(path.join(tmpdir(), 'offprint-search-pages-'));
    try {
      await cp(outDir, copy, { recursive: true });
      await rm(path.join(copy, 'pagefind'), { recursive: true });
      await indexSite({ dir: copy });
      // Pagefind marks block ends with a period unless the text ends with a space (the
      // theme's whitespace): words are compared, not punctuation. The result image Pagefind
      // picks from outside the search body (the header logo) is not searched for.
      const comparable = (found: Fragment[]) =>
        found
          .map(({ meta: { image: _image, image_alt: _alt, ...meta }, ...fragment }) => ({
            ...fragment,
            meta,
            content: fragment.content.split(/[\s.]+/).join(' '),
          }))
          .sort((a, b) => a.url.localeCompare(b.url));
      const fromDocuments = comparable(await fragments(path.join(outDir, 'pagefind')));
      const fromPages = comparable(await fragments(path.join(copy, 'pagefind')));
      expect(fromDocuments.length).toBeGreaterThan(30);
      expect(fromDocuments).toEqual(fromPages);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
