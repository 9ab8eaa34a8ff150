import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

/**
 * One small space (test/fixtures/hosting) published four ways, each built by `offprint build`
 * over the local platform: robots.txt, sitemap.xml, llms.txt and the robots meta of every page
 * follow the site's visibility and the pages' hidden / noIndex / noRobotsIndex flags.
 */
const FIXTURE = fileURLToPath(new URL('../fixtures/hosting', import.meta.url));

interface Built {
  out: string;
  result: CliResult;
}

let platform: LocalPlatform;
let temp: Awaited<ReturnType<typeof tempDir>>;
const built = new Map<string, Built>();

async function build(site: string, extra: string[] = []): Promise<Built> {
  const out = path.join(temp.dir, `${site}-dist`);
  const { done } = runCli(
    [
      'build',
      ...['--api-url', platform.url, '--org', 'hostco', '--site', site],
      ...['--cache', path.join(temp.dir, `${site}-cache`), '--out', out],
      ...extra,
    ],
    { env: { OFFPRINT_TOKEN: TOKEN } },
  );
  const result = await done;
  if (result.code !== 0) throw new Error(`build ${site} failed:\n${result.stderr}`);
  return { out, result };
}

const read = (site: string, file: string) =>
  readFile(path.join((built.get(site) as Built).out, file), 'utf8');

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

const NOINDEX = '<meta name="robots" content="noindex">';

beforeAll(async () => {
  temp = await tempDir();
  platform = await startPlatform({ dir: FIXTURE });
  // Four builds of their own (processes, caches and outputs): at once, each waits less on the
  // others' start-up and I/O.
  const builds = await Promise.all([
    build('public'),
    build('unlisted'),
    build('share', [
      '--share-key',
      'hosting-share-key-42',
      '--site-url',
      'https://preview.hostco.example',
    ]),
    build('auth', ['--allow-visitor-auth']),
  ]);
  for (const [k, site] of ['public', 'unlisted', 'share', 'auth'].entries())
    built.set(site, builds[k] as Built);
}, 240_000);

afterAll(async () => {
  await platform?.close();
  await temp?.cleanup();
});

describe('a public site', () => {
  it('has a robots.txt that allows crawling and names the sitemap', async () => {
    expect(await read('public', 'robots.txt')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://docs.hostco.example/docs/sitemap.xml\n',
    );
  });

  it('lists in its sitemap only pages that are shown and may be indexed, with absolute URLs', async () => {
    const sitemap = await read('public', 'sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    // Not the hidden page, not noIndex, not noRobotsIndex, not the home page's second URL.
    expect(locs).toEqual([
      'https://docs.hostco.example/docs/',
      'https://docs.hostco.example/docs/guide/',
    ]);
  });

  it('puts noindex on noIndex and noRobotsIndex pages and redirects only', async () => {
    const out = (built.get('public') as Built).out;
    const withNoindex: string[] = [];
    for (const file of await htmlFiles(out)) {
      if ((await readFile(path.join(out, file), 'utf8')).includes(NOINDEX)) withNoindex.push(file);
    }
    expect(withNoindex.sort()).toEqual([
      '404.html',
      'no-index/index.html',
      'no-robots/index.html',
      'readme/index.html',
    ]);
  });

  it('keeps a noIndex page out of search and a noRobotsIndex page in it', async () => {
    expect(await read('public', 'no-index/index.html')).not.toContain('data-pagefind-body');
    expect(await read('public', 'no-robots/index.html')).toContain('data-pagefind-body');
    expect(await read('public', 'hidden/index.html')).not.toContain('data-pagefind-body');
  });

  it('gives pages canonical URLs, OpenGraph and Twitter tags and a bounded description', async () => {
    const guide = await read('public', 'guide/index.html');
    const url = 'https://docs.hostco.example/docs/guide/';
    expect(guide).toContain(`<link rel="canonical" href="${url}">`);
    expect(guide).toContain(`<meta property="og:url" content="${url}">`);
    expect(guide).toContain('<meta property="og:title" content="Guide">');
    expect(guide).toContain('<meta property="og:site_name" content="Host Co Docs (public)">');
    expect(guide).toContain('<meta property="og:type" content="article">');
    // Its share card (on by default): the platform never shows a page's cover there.
    expect(guide).toMatch(
      /<meta property="og:image" content="https:\/\/docs\.hostco\.example\/docs\/_offprint\/cards\/[0-9a-f]{20}\.png">/,
    );
    expect(guide).toContain('<meta name="twitter:card" content="summary_large_image">');
    const description = /<meta name="description" content="([^"]*)">/.exec(guide)?.[1] ?? '';
    expect(description).toMatch(/^This guide has no description of its own, .*…$/);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(guide).toContain(`<meta property="og:description" content="${description}">`);
    const home = await read('public', 'index.html');
    expect(home).toContain(
      '<meta name="description" content="Everything about Host Co, in one place.">',
    );
    expect(home).toContain('<meta property="og:type" content="website">');
  });

  it('has llms.txt listing the indexable pages with links to their .md copies', async () => {
    expect(await read('public', 'llms.txt')).toBe(
      [
        '# Host Co Docs (public)',
        '',
        '> Everything about Host Co, in one place.',
        '',
        'The text of every page below, in one file: [llms-full.txt](https://docs.hostco.example/docs/llms-full.txt)',
        '',
        '## Handbook',
        '',
        '- [Welcome](https://docs.hostco.example/docs/index.md): Everything about Host Co, in one place.',
        `- [Guide](https://docs.hostco.example/docs/guide.md): ${(await read('public', 'guide/index.html')).match(/<meta name="description" content="([^"]*)">/)?.[1]}`,
        '',
      ].join('\n'),
    );
    expect(await read('public', 'guide.md')).toMatch(/^# Guide\n\nThis guide has no description/);
    expect(await read('public', 'index.md')).toBe(
      // The link leads where the page's does: the guide's copy, its anchor kept.
      '# Welcome\n\nStart with the [guide](https://docs.hostco.example/docs/guide.md#install).\n',
    );
    // Every page has its copy, listed or not.
    expect(await read('public', 'hidden.md')).toBe('# Hidden page\n\nOnly by link.\n');
  });

  it('has _headers and a 404.html whose links work from any depth', async () => {
    expect(await read('public', '_headers')).toContain(
      '/docs/_astro/*\n  Cache-Control: public, max-age=31536000, immutable',
    );
    const notFound = await read('public', '404.html');
    const refs = [...notFound.matchAll(/(?:href|src)="([^"#]*)"/g)].map((m) => m[1] as string);
    expect(refs.length).toBeGreaterThan(2);
    for (const ref of refs) expect(ref, ref).toMatch(/^(\/docs\/|https:|data:)/);
  });
});

describe.each([
  ['unlisted', 'https://unlisted.hostco.example/'],
  ['share', 'https://preview.hostco.example/'],
  // No hostname and no --site-url: the origin of the platform's `urls.published`.
  ['auth', 'https://hostco.docs.example/'],
])('a site that is not public (%s)', (site, origin) => {
  it('disallows every robot and writes no sitemap, no llms.txt and no llms-full.txt', async () => {
    expect(await read(site, 'robots.txt')).toBe('User-agent: *\nDisallow: /\n');
    const out = (built.get(site) as Built).out;
    expect(await exists(path.join(out, 'sitemap.xml'))).toBe(false);
    expect(await exists(path.join(out, 'llms.txt'))).toBe(false);
    expect(await exists(path.join(out, 'llms-full.txt'))).toBe(false);
    expect(await exists(path.join(out, 'guide.md'))).toBe(true);
  });

  it('puts noindex on every page', async () => {
    const out = (built.get(site) as Built).out;
    const files = await htmlFiles(out);
    expect(files).toContain('guide/index.html');
    for (const file of files) {
      expect(await readFile(path.join(out, file), 'utf8'), file).toContain(NOINDEX);
    }
  });

  it('has canonical URLs on the site origin: --site-url, else hostname, else urls.published', async () => {
    expect(await read(site, 'guide/index.html')).toContain(
      `<link rel="canonical" href="${origin}guide/">`,
    );
  });
});
