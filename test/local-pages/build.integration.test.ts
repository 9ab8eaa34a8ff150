import { mkdir, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RenderResult, render } from '../../src/render/index.ts';
import { snapshotBase } from '../helpers/built-site.ts';
import { runCli } from '../helpers/cli.ts';
import { copyFolder, readTree, tempDir } from '../helpers/fs.ts';
import { smallCopy } from '../helpers/small-site.ts';

/**
 * The example's snapshot rendered with local pages (an `.mdx` page importing a component from
 * the repository, an `.md` page replacing a platform page) and overridden Footer and Head;
 * one platform page's markdown is given MDX/JSX syntax, which must come out as text.
 */

const MDX_PROBE = [
  'MDX probe: {1+1} and <Component /> stay text.',
  "import x from 'y'",
  'export const a = 1',
  '<Widget size={2*3} />',
].join('\n\n');

async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

/** Pagefind's fragment records (gzip of `pagefind_dcd` + JSON): each indexed page. */
async function indexed(outDir: string): Promise<{ url: string; content: string }[]> {
  const dir = path.join(outDir, 'pagefind', 'fragment');
  const out: { url: string; content: string }[] = [];
  for (const name of await readdir(dir)) {
    const raw = gunzipSync(await readFile(path.join(dir, name))).toString('utf8');
    out.push(JSON.parse(raw.slice('pagefind_dcd'.length)));
  }
  return out;
}

describe('local pages and theme overrides in a build', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let cacheDir: string;
  let outDir: string;
  let pagesDir: string;
  let themeDir: string;
  let base: string;
  let result: RenderResult;
  const html = (url: string) =>
    readFile(path.join(outDir, url.slice(base.length), 'index.html'), 'utf8');
  /** `offprint render` with the local pages, as a user runs it. */
  const renderCli = () =>
    runCli(['render', '--cache', cacheDir, '--out', outDir, '--pages', pagesDir]).done;

  beforeAll(async () => {
    temp = await tempDir();
    cacheDir = await copyFolder(inject('exampleBuild').cacheDir, path.join(temp.dir, 'cache'));
    base = await snapshotBase(cacheDir);
    // Platform content with MDX syntax: the Missions page of Guides v2.
    const snapshot = await realpath(path.join(cacheDir, 'snapshot'));
    const space = path.join(snapshot, 'spaces', 'guides-v2');
    const revision = JSON.parse(await readFile(path.join(space, 'revision.json'), 'utf8'));
    const missions = revision.pages
      .find((p: { path: string }) => p.path === 'concepts')
      .pages.find((p: { path: string }) => p.path === 'concepts/missions');
    const markdownFile = path.join(space, 'pages', `${missions.id}.md`);
    await writeFile(markdownFile, `${await readFile(markdownFile, 'utf8')}\n\n${MDX_PROBE}\n`);

    const repo = path.join(temp.dir, 'repo');
    pagesDir = path.join(repo, 'pages');
    themeDir = path.join(repo, 'theme');
    await put(
      path.join(repo, 'components/Badge.astro'),
      '---\nconst { label } = Astro.props;\n---\n<span class="badge" data-badge>{label}</span>\n',
    );
    await put(
      path.join(pagesDir, 'legal/terms.mdx'),
      [
        '---',
        'title: Terms of service',
        'description: The small print for Acme launches.',
        'sidebar:',
        '  after: operations/scrubs',
        '---',
        "import Badge from '../../components/Badge.astro';",
        '',
        'export const year = 2000 + 26;',
        '',
        'Quokkaword launch terms, effective {year}.',
        '',
        '<Badge label="Reviewed by legal" />',
        '',
        '## Liability',
        '',
        'Rockets are loud.',
        '',
      ].join('\n'),
    );
    await put(
      path.join(pagesDir, 'operations/scrubs.md'),
      '---\ntitle: Scrubs, the local edition\nreplaces: operations/scrubs\n---\nWombatword: this page comes from the repository.\n\n## Hold criteria\n\nWind over 30 knots.\n',
    );
    await put(
      path.join(themeDir, 'Footer.astro'),
      "---\nimport Default from 'offprint:default/Footer';\nconst { site } = Astro.props;\n---\n<Default site={site} />\n<p data-local-footer>Local footer line</p>\n",
    );
    await put(
      path.join(themeDir, 'Head.astro'),
      '---\nimport Default from \'offprint:default/Head\';\n---\n<Default {...Astro.props} />\n<meta name="x-local-head" content="yes" />\n',
    );
    outDir = path.join(temp.dir, 'dist');
    result = await render({ cacheDir, outDir, pagesDir, themeDir });
  }, 180_000);
  afterAll(() => temp?.cleanup());

  it('renders an .mdx page at its file path, with its imported component and expressions', async () => {
    const page = await html(`${base}legal/terms/`);
    expect(page).toMatch(/<title>Terms of service \| [^<]+<\/title>/);
    expect(page).toMatch(/<h1 class="op-title">\s*Terms of service\s*<\/h1>/);
    expect(page).toContain(
      '<meta name="description" content="The small print for Acme launches.">',
    );
    expect(page).toContain('Quokkaword launch terms, effective 2026.');
    expect(page).toMatch(/<span class="badge" data-badge[^>]*>Reviewed by legal<\/span>/);
    expect(page).toMatch(/<h2 id="liability">Liability<\/h2>/);
    // The outline lists its headings; the sidebar lists it, current, after the page it follows.
    expect(page).toMatch(/class="op-outline"[\s\S]*href="#liability"/);
    const sidebar = page.slice(page.indexOf('<aside class="op-sidebar"'), page.indexOf('</aside>'));
    expect(sidebar.indexOf('Terms of service')).toBeGreaterThan(
      sidebar.indexOf('Scrubs, the local edition'),
    );
    expect(sidebar).toContain(`href="${base}legal/terms/" aria-current="page"`);
  });

  it('replaces a platform page at its URL and in its place, and other pages link to it', async () => {
    const page = await html(`${base}operations/scrubs/`);
    expect(page).toContain('Wombatword: this page comes from the repository.');
    expect(page).toMatch(/<h2 id="hold-criteria">Hold criteria<\/h2>/);
    expect(page).toMatch(/<title>Scrubs, the local edition \|/);
    // Other pages' sidebars name the local page at the platform page's URL.
    const other = await html(`${base}concepts/payloads/`);
    expect(other).toMatch(
      new RegExp(`href="${base}operations/scrubs/"[^>]*>[\\s\\S]{0,200}Scrubs, the local edition`),
    );
    expect(other).not.toContain('>Scrubs and holds<');
    // One page more than the platform's (terms); the replaced one is not counted twice.
    const platformOnly = (await readFile(path.join(cacheDir, 'snapshot', 'manifest.json'), 'utf8'))
      .length;
    expect(platformOnly).toBeGreaterThan(0);
    expect(result.unchanged).toBe(false);
  });

  it('puts local pages in the search index with the platform pages', async () => {
    // Pagefind's URLs are relative to the site's base.
    const records = await indexed(outDir);
    const byUrl = new Map(records.map((r) => [r.url, r.content]));
    expect(byUrl.get('/legal/terms/')).toContain('Quokkaword');
    expect(byUrl.get('/operations/scrubs/')).toContain('Wombatword');
    expect(byUrl.get('/operations/scrubs/')).not.toContain('What happens when a countdown stops');
    expect(byUrl.has('/concepts/missions/')).toBe(true);
    expect(result.search?.pages).toBe(records.length);
  });

  it('uses the overridden Footer and Head on every page, the defaults elsewhere', async () => {
    for (const url of [base, `${base}legal/terms/`, `${base}concepts/payloads/`]) {
      const page = await html(url);
      expect(page).toContain('<p data-local-footer>Local footer line</p>');
      expect(page).toContain('<meta name="x-local-head" content="yes">');
      // The wrapped defaults are still there: the footer landmark, the head's stylesheet.
      expect(page).toContain('class="op-footer"');
      expect(page).toMatch(/<link rel="stylesheet" href="[^"]+\.css">/);
      expect(page).toContain('class="op-header"');
    }
    const notFound = await readFile(path.join(outDir, '404.html'), 'utf8');
    expect(notFound).toContain('Local footer line');
  });

  it('renders MDX/JSX syntax in platform markdown as text, never evaluated', async () => {
    const page = await html(`${base}concepts/missions/`);
    expect(page).toContain('MDX probe: {1+1} and &#x3C;Component /> stay text.');
    expect(page).toContain('<p>&#x3C;Widget size={2*3} /></p>');
    expect(page).not.toContain('MDX probe: 2');
    expect(page).toContain(
      '<p>import x from &#39;y&#39;</p>'.replace('&#39;', "'").replace('&#39;', "'"),
    );
    expect(page).toContain('<p>export const a = 1</p>');
    expect(page).not.toMatch(/<component|<widget/i);
    expect(page).not.toContain('size="6"');
  });

  it('fails on a clash with a platform page, naming both, and leaves the output untouched', async () => {
    const before = await readTree(outDir);
    await put(path.join(pagesDir, 'concepts/missions.md'), '---\ntitle: My missions\n---\nMine.\n');
    try {
      await expect(render({ cacheDir, outDir, pagesDir, themeDir })).rejects.toThrowError(
        `local page concepts/missions.md would take the URL ${base}concepts/missions/ of page "Missions" (space guides-v2): add "replaces: concepts/missions" to its front matter to replace that page, or move the file`,
      );
      // The command says so in one line and exits non-zero.
      const cli = await renderCli();
      expect(cli.code).not.toBe(0);
      expect(cli.stderr.trim().split('\n')).toHaveLength(1);
      expect(cli.stderr).toContain('local page concepts/missions.md would take the URL');
      expect(cli.stderr).toContain('page "Missions" (space guides-v2)');
      expect(await readTree(outDir)).toEqual(before);
    } finally {
      await rm(path.join(pagesDir, 'concepts'), { recursive: true, force: true });
    }
  }, 90_000);

  it('names the file and field of bad front matter in one line', async () => {
    await put(path.join(pagesDir, 'bad.md'), '---\ndescription: no title\n---\nBody\n');
    try {
      const cli = await renderCli();
      expect(cli.code).not.toBe(0);
      expect(cli.stderr.trim()).toMatch(/local page bad\.md: front matter "title": is required$/);
    } finally {
      await rm(path.join(pagesDir, 'bad.md'), { force: true });
    }
  }, 90_000);

  it('skips an unchanged render, and re-renders when a local file changes', async () => {
    const again = await render({ cacheDir, outDir, pagesDir, themeDir });
    expect(again.unchanged).toBe(true);
    await put(
      path.join(pagesDir, 'operations/scrubs.md'),
      '---\ntitle: Scrubs, the local edition\nreplaces: operations/scrubs\n---\nNumbatword replaced the wombat.\n',
    );
    const edited = await render({ cacheDir, outDir, pagesDir, themeDir });
    expect(edited.unchanged).toBe(false);
    expect(await html(`${base}operations/scrubs/`)).toContain('Numbatword replaced the wombat.');
  }, 120_000);
});

/**
 * An MDX page that does not compile fails the render in Astro, after the site's own pages are
 * done: on the small site the global setup built (`smallBuild`), that is seconds, not the
 * example's half minute.
 */
describe('a local MDX page that does not compile', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    temp = await tempDir('offprint-local-mdx-');
  });
  afterAll(() => temp?.cleanup());

  it('fails the render naming the file and line, and leaves the output untouched', async () => {
    const { cache, out } = await smallCopy(temp.dir);
    const pagesDir = path.join(temp.dir, 'pages');
    await put(path.join(pagesDir, 'fine.md'), '---\ntitle: Fine\n---\nText.\n');
    const broken = path.join(pagesDir, 'broken.mdx');
    await put(broken, '---\ntitle: Broken\n---\nText.\n\n{ unclosed\n');
    const before = await readTree(out);
    await expect(render({ cacheDir: cache, outDir: out, pagesDir })).rejects.toThrowError(
      new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: .*brace`),
    );
    expect(await readTree(out)).toEqual(before);
  }, 120_000);
});
