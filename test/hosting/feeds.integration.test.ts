/**
 * The feeds of pages with updates in a built site: the example's release notes (the global
 * setup's build), and a small site (test/fixtures/feeds) built by `offprint build` over the
 * local platform, whose pages with updates a reader without claims does not see (hidden, in a
 * conditioned section) get none. Each feed is parsed back by a feed parser; every item's link
 * must name an anchor of the built page.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFeed } from '@rowanmanning/feed-parser';
import { fromHtml } from 'hast-util-from-html';
import { selectAll } from 'hast-util-select';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CliResult, runCli } from '../helpers/cli.ts';
import { readTree, tempDir } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/feeds', import.meta.url));

/** A file of the output `out` that an absolute URL of the site names (`…/x/` → `x/index.html`). */
function fileOf(out: string, siteRoot: string, url: string): string {
  expect(url.startsWith(siteRoot), url).toBe(true);
  const relative = new URL(url).pathname.slice(new URL(siteRoot).pathname.length);
  return path.join(
    out,
    relative === '' || relative.endsWith('/') ? `${relative}index.html` : relative,
  );
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** The page's `<link rel="alternate">` feed links: type → href. */
function feedLinks(html: string): Record<string, string> {
  const links: Record<string, string> = {};
  for (const link of selectAll('head link[rel=alternate]', fromHtml(html))) {
    links[String(link.properties.type)] = String(link.properties.href);
  }
  return links;
}

function idsOf(html: string): Set<string> {
  return new Set(selectAll('[id]', fromHtml(html)).map((element) => String(element.properties.id)));
}

/** Every file under `dir` named `name`, relative to `dir`, sorted. */
async function filesNamed(dir: string, name: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name === name)
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Holds each item of the feed at `feedFile` to its page: its link is the page's URL with an
 * anchor that is an id of the built page. Returns the parsed feed.
 */
async function checkItemAnchors(out: string, siteRoot: string, feedFile: string) {
  const feed = parseFeed(await readFile(path.join(out, feedFile), 'utf8'));
  const pageFile = path.join(out, path.dirname(feedFile), 'index.html');
  const ids = idsOf(await readFile(pageFile, 'utf8'));
  expect(feed.items.length).toBeGreaterThan(0);
  for (const item of feed.items) {
    const url = new URL(item.url ?? '');
    expect(fileOf(out, siteRoot, `${url.origin}${url.pathname}`)).toBe(pageFile);
    expect(ids, `${item.url} in ${feedFile}`).toContain(decodeURIComponent(url.hash.slice(1)));
  }
  return feed;
}

describe("the example's release notes", () => {
  const { outDir } = inject('exampleBuild');
  const ROOT = 'https://docs.acme-rockets.example/docs/';
  const PAGE = `${ROOT}operations/release-notes/`;
  const read = (file: string) => readFile(path.join(outDir, file), 'utf8');

  it('have an RSS 2.0 feed beside the page that reads back newest first, each item linking to an anchor of the page', async () => {
    const feed = await checkItemAnchors(outDir, ROOT, 'operations/release-notes/rss.xml');
    expect(feed.meta).toMatchObject({ type: 'rss', version: '2.0' });
    expect(feed).toMatchObject({
      title: 'Release notes | Acme Rockets Docs',
      url: PAGE,
      self: `${PAGE}rss.xml`,
    });
    expect(
      feed.items.map((item) => [item.title, item.published?.toISOString().slice(0, 10)]),
    ).toEqual([
      ['Ascent profiles in the console', '2025-12-02'],
      ['rocketctl 2.4', '2025-10-14'],
      ['Scheduler improvements', '2025-08-26'],
      ['v2 general availability', '2025-06-03'],
    ]);
  });

  it('have an Atom feed with the same items, dated by the newest', async () => {
    const feed = await checkItemAnchors(outDir, ROOT, 'operations/release-notes/atom.xml');
    expect(feed.meta).toMatchObject({ type: 'atom', version: '1.0' });
    expect(feed.self).toBe(`${PAGE}atom.xml`);
    expect(feed.updated?.toISOString()).toBe('2025-12-02T00:00:00.000Z');
    expect(feed.items.map((item) => item.title)).toEqual([
      'Ascent profiles in the console',
      'rocketctl 2.4',
      'Scheduler improvements',
      'v2 general availability',
    ]);
  });

  it("give an update's content with absolute links and images, as a reader without claims sees it", async () => {
    const [newest] = parseFeed(await read('operations/release-notes/atom.xml')).items;
    const content = newest?.content ?? '';
    const urls = [...content.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1] as string);
    expect(urls).toContain(`${ROOT}concepts/launch-windows/orbital-mechanics/`);
    expect(urls).toContain('https://acme-rockets.example/pricing');
    const image = urls.find((url) => url.endsWith('ascent-profile.png')) ?? '';
    expect(await exists(fileOf(outDir, ROOT, image)), image).toBe(true);
    for (const url of urls) expect(url).toMatch(/^https:\/\//);
    expect(content).toContain('Ascent profiles are kept for one year');
    expect(content).not.toContain('Enterprise missions');
  });

  it("are linked from the page's <head>, and no other page has feeds", async () => {
    expect(feedLinks(await read('operations/release-notes/index.html'))).toEqual({
      'application/rss+xml': `${PAGE}rss.xml`,
      'application/atom+xml': `${PAGE}atom.xml`,
    });
    expect(await filesNamed(outDir, 'rss.xml')).toEqual(['operations/release-notes/rss.xml']);
    expect(await filesNamed(outDir, 'atom.xml')).toEqual(['operations/release-notes/atom.xml']);
    expect(feedLinks(await read('operations/migrating-from-v1/index.html'))).toEqual({});
  });

  it('are listed in llms.txt under their page, and revalidated by _headers', async () => {
    expect(await read('llms.txt')).toContain(
      `- [Release notes](${ROOT}operations/release-notes.md): What changed in each release of the v2 platform and rocketctl.\n` +
        `  - Its updates as a feed: [RSS 2.0](${PAGE}rss.xml), [Atom](${PAGE}atom.xml)\n`,
    );
    expect(await read('_headers')).toContain(
      '/docs/operations/*\n  Cache-Control: public, max-age=0, must-revalidate\n',
    );
  });
});

describe('a site with pages a reader without claims does not see', () => {
  const ROOT = 'https://docs.feedco.example/docs/';
  let platform: LocalPlatform;
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let out: string;
  let cache: string;
  let built: CliResult;
  const read = (file: string) => readFile(path.join(out, file), 'utf8');

  beforeAll(async () => {
    temp = await tempDir();
    platform = await startPlatform({ dir: FIXTURE });
    out = path.join(temp.dir, 'dist');
    cache = path.join(temp.dir, 'cache');
    built = await runCli(
      [
        'build',
        ...['--api-url', platform.url, '--org', 'feedco', '--site', 'docs'],
        ...['--cache', cache, '--out', out],
      ],
      { env: { OFFPRINT_TOKEN: TOKEN } },
    ).done;
    if (built.code !== 0) throw new Error(`build failed:\n${built.stderr}`);
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
    await temp?.cleanup();
  });

  it('writes feeds for the pages a reader sees: the home page at the root, and a noRobotsIndex page', async () => {
    expect(await filesNamed(out, 'rss.xml')).toEqual([
      'changelog/rss.xml',
      'no-robots/rss.xml',
      'rss.xml',
    ]);
    expect(await filesNamed(out, 'atom.xml')).toEqual([
      'atom.xml',
      'changelog/atom.xml',
      'no-robots/atom.xml',
    ]);
    for (const feed of ['rss.xml', 'atom.xml', 'changelog/rss.xml', 'no-robots/atom.xml'])
      await checkItemAnchors(out, ROOT, feed);
    expect(feedLinks(await read('index.html'))).toEqual({
      'application/rss+xml': `${ROOT}rss.xml`,
      'application/atom+xml': `${ROOT}atom.xml`,
    });
    // Served at the root, so named in _headers as the root's other files are.
    const headers = await read('_headers');
    for (const file of ['rss.xml', 'atom.xml'])
      expect(headers).toContain(
        `/docs/${file}\n  Cache-Control: public, max-age=0, must-revalidate\n`,
      );
  });

  it('gives a hidden page and a page of a section hidden without claims no feed and no feed link', async () => {
    for (const dir of ['hidden', 'beta']) {
      expect(await exists(path.join(out, dir, 'index.html')), dir).toBe(true);
      expect(feedLinks(await read(`${dir}/index.html`)), dir).toEqual({});
    }
    expect(feedLinks(await read('plain/index.html'))).toEqual({});
  });

  it('lists only listed pages’ feeds in llms.txt', async () => {
    const llms = await read('llms.txt');
    expect(llms).toContain(`[RSS 2.0](${ROOT}changelog/rss.xml)`);
    expect(llms).toContain(`[RSS 2.0](${ROOT}rss.xml)`);
    expect(llms).not.toMatch(/no-robots|hidden|beta\/rss/);
  });

  it('leaves out updates a feed cannot give, saying why for one without a date', async () => {
    const feed = parseFeed(await read('changelog/rss.xml'));
    expect(feed.items.map((item) => item.title)).toEqual([
      'Newest, with a time',
      'A <tricky> heading & "quotes"',
      'Older, written first',
    ]);
    expect(feed.items[0]?.description).toContain('Readers who are not in the beta see this.');
    expect(feed.items[0]?.description).not.toMatch(/pro readers|Beta readers|refused/i);
    expect(built.stderr).toContain(
      `warning: /docs/changelog/: update "Undated": no date a feed can give (date="someday"): left out of the page's feeds`,
    );
  });

  it('writes the same bytes when rendered again, in another time zone', async () => {
    const again = path.join(temp.dir, 'again');
    const rendered = await runCli(['render', '--cache', cache, '--out', again], {
      env: { TZ: 'Pacific/Kiritimati' },
    }).done;
    expect(rendered.code, rendered.stderr).toBe(0);
    const feeds = (tree: Map<string, Buffer>) =>
      new Map([...tree].filter(([file]) => /(^|\/)(rss|atom)\.xml$|^llms\.txt$/.test(file)));
    const first = feeds(await readTree(out));
    expect(first.size).toBe(7);
    expect(feeds(await readTree(again))).toEqual(first);
  }, 120_000);
});
