import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CrawlResult,
  checkLinks,
  crawlOutput,
  scanLinks,
} from '../../src/hosting/check-links.ts';
import { tempDir } from '../helpers/fs.ts';

/** A small output directory on disk, crawled as a render's staged output is. */
describe('the crawl of an output directory', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let result: CrawlResult;

  const page = (body: string) =>
    `<!doctype html><html><head><link rel="stylesheet" href="/docs/_astro/a.css"></head><body>${body}</body></html>`;

  beforeAll(async () => {
    temp = await tempDir();
    const files: Record<string, string> = {
      'index.html': page(
        [
          '<a href="guide/">ok, relative</a>',
          '<a href="/docs/guide/#install">ok, anchor</a>',
          '<a href="/docs/guide/#nope">missing anchor</a>',
          '<a href="/docs/gone/">missing page</a>',
          '<img src="/docs/assets/x.png"><img src="/docs/assets/missing.png">',
          '<a href="https://docs.example.com/docs/also-gone/">own origin</a>',
          '<a href="https://elsewhere.example/whatever/">external</a>',
          '<a href="/outside-base/">outside the base</a>',
          '<a href="mailto:a@b.example">mail</a><a href="#top">top</a><a id="top"></a>',
          '<a href="caf%C3%A9/">encoded</a>',
          // Text of a script is not markup: a real HTML parser does not see this link.
          '<script>document.write(\'<a href="/docs/in-script/">x</a>\')</script>',
          '<!-- <a href="/docs/in-comment/">x</a> -->',
          // As a browser reads attributes: any case, references decoded, the first of a name.
          '<A HREF="/docs/upper-gone/">upper case</A>',
          '<a href="/docs/amp&amp;gone/">entity</a>',
          '<a href="/docs/first-gone/" href="/docs/guide/">first wins</a>',
          '<img src="/docs/assets/self-closing-gone.png"/>',
          // Only an `<a>` is named by `name`.
          '<div name="not-an-anchor"></div><a href="guide/#not-an-anchor">x</a>',
          '<a href="guide/#legacy">ok, a name</a><a href="guide/#caf&eacute;">ok, decoded id</a>',
        ].join(''),
      ),
      'guide/index.html': page(
        '<h2 id="install">Install</h2><a href="../">home</a><a name="legacy"></a><a href="#legacy">named</a><p id="café"></p>',
      ),
      'café/index.html': page('<a href="/docs/guide/#install">again</a>'),
      '404.html': page('<a href="/docs/">home</a>'),
      'assets/x.png': 'png',
      '_astro/a.css': 'body{}',
    };
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(temp.dir, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, text);
    }
    result = await crawlOutput({
      dir: temp.dir,
      base: '/docs/',
      origin: 'https://docs.example.com',
    });
  });
  afterAll(() => temp?.cleanup());

  it('reads every HTML file', () => {
    expect(result.pages).toBe(4);
    expect(result.links).toBeGreaterThan(10);
  });

  it('reports exactly the links inside the site that lead nowhere', () => {
    expect(result.broken).toEqual([
      { page: '/docs/', target: '/docs/also-gone/', reason: 'missing' },
      { page: '/docs/', target: '/docs/amp&gone/', reason: 'missing' },
      { page: '/docs/', target: '/docs/assets/missing.png', reason: 'missing' },
      { page: '/docs/', target: '/docs/assets/self-closing-gone.png', reason: 'missing' },
      { page: '/docs/', target: '/docs/first-gone/', reason: 'missing' },
      { page: '/docs/', target: '/docs/gone/', reason: 'missing' },
      { page: '/docs/', target: '/docs/guide/#nope', reason: 'no-anchor' },
      { page: '/docs/', target: '/docs/guide/#not-an-anchor', reason: 'no-anchor' },
      { page: '/docs/', target: '/docs/upper-gone/', reason: 'missing' },
    ]);
  });
});

/** The render keeps the last output's scan and reads only the pages it did not copy from it. */
describe('a scan that knows some pages from an earlier one', () => {
  it('takes those from it and reads the others', async () => {
    const temp = await tempDir();
    try {
      const write = async (name: string, body: string) => {
        await mkdir(path.dirname(path.join(temp.dir, name)), { recursive: true });
        await writeFile(path.join(temp.dir, name), `<!doctype html><body>${body}</body>`);
      };
      await write('index.html', '<a href="a/#one">a</a><a href="/b/">b</a><a href="/gone/">x</a>');
      await write('a/index.html', '<h2 id="one">One</h2><a href="../">home</a>');
      const options = { dir: temp.dir, base: '/', origin: 'https://docs.example.com' };
      const first = await scanLinks(options);
      // `a/` is known: its new text is not read. The home page is read again, and now links
      // to `a/#two`, which the known ids of `a/` do not hold, and to `b/`, which now exists.
      await write('a/index.html', '<a href="/also-gone/">never read</a>');
      await write('index.html', '<a href="a/#two">a</a><a href="/b/">b</a>');
      await write('b/index.html', '<a href="/a/#one">a</a>');
      const known = { scan: first, files: new Set(['a/index.html']) };
      const again = await checkLinks(await scanLinks({ ...options, known }), temp.dir);
      expect(again.pages).toBe(3);
      expect(again.broken).toEqual([{ page: '/', target: '/a/#two', reason: 'no-anchor' }]);
      // A scan made for another origin resolved links differently: it is not used.
      const elsewhere = { ...known, scan: { ...first, origin: 'https://other.example' } };
      const full = await checkLinks(await scanLinks({ ...options, known: elsewhere }), temp.dir);
      expect(full.broken.map((link) => `${link.page} → ${link.target}`)).toEqual([
        '/ → /a/#two',
        '/a/ → /also-gone/',
        '/b/ → /a/#one',
      ]);
    } finally {
      await temp.cleanup();
    }
  });
});
