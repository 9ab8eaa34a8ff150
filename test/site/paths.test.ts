import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assetOutputFile,
  buildSiteModel,
  outputFileFor,
  RESERVED_TOP_LEVEL,
  SiteModelError,
  safeFileName,
  safeSegments,
  urlFor,
} from '../../src/site/index.ts';
import { PROPERTY_SEED } from '../property-seed.ts';
import { doc, makeSite } from './helpers.ts';

/** Where `file` lands under an output directory, or throws if it would leave it. */
function contained(file: string): string {
  const out = '/out';
  const target = path.resolve(out, file);
  if (!target.startsWith(`${out}/`)) throw new Error(`${file} escapes the output directory`);
  const top = path.relative(out, target).split(path.sep)[0] as string;
  if (file.endsWith('/index.html') && RESERVED_TOP_LEVEL.has(top)) {
    throw new Error(`${file} takes the reserved name ${top}`);
  }
  return path.relative(out, target);
}

const HOSTILE: [string, string][] = [
  ['../../etc/passwd', 'etc/passwd/index.html'],
  ['a/../../../b', 'a/b/index.html'],
  ['%2e%2e/%2E%2E/secret', 'secret/index.html'],
  ['%252e%252e/x', '2e2e/x/index.html'],
  ['a%2f..%2f..%2fb', 'a/b/index.html'],
  ['..\\..\\windows\\system32', 'windows/system32/index.html'],
  ['a\u0000b/c', 'ab/c/index.html'],
  ['/etc/hosts', 'etc/hosts/index.html'],
  ['//evil.example/x', 'evil.example/x/index.html'],
  ['C:\\Users\\x', 'c/users/x/index.html'],
  ['_astro', '_astro-1/index.html'],
  ['pagefind/x', 'pagefind-1/x/index.html'],
  // The theme's stylesheet and fonts live in `_offprint/`: a page must not take it.
  ['_offprint', '_offprint-1/index.html'],
  ['404', '404-1/index.html'],
  ['Assets/logo', 'assets-1/logo/index.html'],
  ['robots.txt', 'robots.txt-1/index.html'],
  ['a/index.html', 'a/index-html/index.html'],
  ['nul/con.txt', 'nul-1/con-1.txt/index.html'],
  ['.git/config', 'git/config/index.html'],
  ['Café Menu', 'café-menu/index.html'],
];

describe('containment of untrusted paths', () => {
  it.each(HOSTILE)('page path %j builds %j', (pagePath, file) => {
    const model = buildSiteModel(
      makeSite({
        spaces: [{ id: 's', path: 's', pages: [doc('home', 'Home'), doc(pagePath, 'Hostile')] }],
      }),
    );
    const page = model.pages.find((p) => p.title === 'Hostile');
    expect(page?.outputFile).toBe(file);
    expect(contained(page?.outputFile as string)).toBe(file);
    expect(model.outputFileFor(page?.url as string)).toBe(file);
  });

  it('keeps section and site-space paths contained too', () => {
    const model = buildSiteModel(
      makeSite({
        sections: [
          {
            id: 'a',
            path: 'a',
            default: true,
            spaces: [{ id: 'a1', path: 'x', default: true, pages: [doc('p', 'P')] }],
          },
          {
            id: 'b',
            path: '../../etc',
            spaces: [
              { id: 'b1', path: 'x', default: true, pages: [doc('p', 'P')] },
              { id: 'b2', path: '..%2f..%2fpasswd', pages: [doc('q', 'Q'), doc('r', 'R')] },
            ],
          },
        ],
      }),
    );
    expect(model.page('b1:p-p')?.outputFile).toBe('etc/index.html');
    expect(model.page('b2:p-r')?.outputFile).toBe('etc/passwd/r/index.html');
  });

  it('moves a section whose path is all traversal off the root it would take, with a warning', () => {
    const input = makeSite({
      sections: [
        {
          id: 'a',
          path: 'a',
          default: true,
          spaces: [{ id: 'a1', path: 'x', default: true, pages: [doc('p', 'P')] }],
        },
        {
          id: 'b',
          path: '../..',
          spaces: [{ id: 'b1', path: 'x', default: true, pages: [doc('q', 'Q'), doc('r', 'R')] }],
        },
      ],
    });
    const model = buildSiteModel(input);
    expect(model.page('a1:p-p')?.url).toBe('/');
    expect(model.page('b1:p-q')?.url).toBe('/b1/');
    expect(model.page('b1:p-r')?.url).toBe('/b1/r/');
    expect(model.warnings).toEqual([
      'URL / is claimed by the root of site space a1 and the root of site space b1: the first keeps it, the second is at /b1/',
    ]);
  });

  it('cuts a segment longer than a file name may be, on a character boundary', () => {
    const long = 'é'.repeat(300);
    const [segment] = safeSegments(`${long}/x`);
    expect(Buffer.byteLength(segment as string)).toBe(200);
    expect(safeSegments(segment)).toEqual([segment]);
    expect(outputFileFor(urlFor('/', [segment as string]))).toBe(`${segment}/index.html`);
  });

  it('rejects URLs that are not safe page URLs', () => {
    for (const url of [
      '/../x/',
      '/a/%2e%2e/b/',
      '/a%2Fb/',
      '/a/b',
      'x/',
      '/assets/',
      '/_astro/',
      '/a\\b/',
      '/a\u0000/',
      '/A/',
      '/a//b/',
      '//evil/',
    ]) {
      expect(() => outputFileFor(url), url).toThrow(SiteModelError);
    }
    expect(() => outputFileFor('/other/x/', '/docs/')).toThrow(SiteModelError);
    expect(outputFileFor('/')).toBe('index.html');
    expect(outputFileFor('/caf%C3%A9/')).toBe('café/index.html');
    // Reserved names are reserved at the top only.
    expect(outputFileFor('/guides/assets/')).toBe('guides/assets/index.html');
  });

  it('never escapes the output directory, for any path (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom('..', '.', '%2e%2e', '\\', '\u0000')), {
          maxLength: 6,
        }),
        (parts) => {
          const segments = safeSegments(parts.join('/'));
          const url = urlFor('/', segments);
          const file = outputFileFor(url);
          contained(file);
          expect(safeSegments(segments.join('/'))).toEqual(segments);
        },
      ),
      { ...PROPERTY_SEED, numRuns: 500 },
    );
  });

  it('names assets by content hash and a safe name', () => {
    const hash = 'ab'.repeat(32);
    expect(assetOutputFile(hash, 'Logo Dark.PNG')).toBe(`assets/${'ab'.repeat(8)}/logo-dark.png`);
    expect(assetOutputFile(hash, '../../x.svg')).toBe(`assets/${'ab'.repeat(8)}/x.svg`);
    expect(safeFileName('report.html')).toBe('report.html.txt');
    // XML can carry an XHTML root or an XSLT stylesheet; gzipped SVG cannot be sanitized.
    expect(safeFileName('feed.XML')).toBe('feed.xml.txt');
    expect(safeFileName('style.xsl')).toBe('style.xsl.txt');
    expect(safeFileName('logo.svgz')).toBe('logo.svgz.txt');
    expect(safeFileName('logo.svg')).toBe('logo.svg');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('a.b.c.tar.gz')).toBe('a-b-c-tar.gz');
    expect(() => assetOutputFile('../x', 'a')).toThrow(SiteModelError);
  });
});

describe('URL collisions', () => {
  it('never fail: the first in site order keeps the URL, the other gets its id appended, one warning names both', () => {
    const input = makeSite({
      sections: [
        {
          id: 'guides',
          path: 'guides',
          default: true,
          spaces: [
            { id: 'guides-v2', path: 'v2', default: true, pages: [doc('readme', 'Welcome')] },
            {
              id: 'guides-v3',
              path: 'v3',
              pages: [
                doc('readme', 'Welcome'),
                doc('install', 'Install'),
                doc('install', 'install', { id: 'other' }),
              ],
            },
          ],
        },
      ],
    });
    const model = buildSiteModel(input);
    expect(model.page('guides-v3:p-install')?.url).toBe('/guides/v3/install/');
    expect(model.page('guides-v3:other')?.url).toBe('/guides/v3/install-other/');
    expect(model.page('guides-v3:other')?.outputFile).toBe('guides/v3/install-other/index.html');
    expect(model.warnings).toEqual([
      'URL /guides/v3/install/ is claimed by page "Install" (space guides-v3) and page "install" (space guides-v3): the first keeps it, the second is at /guides/v3/install-other/',
    ]);
  });

  it('separate pages whose paths differ only in case, and links reach each', () => {
    const input = makeSite({
      spaces: [
        {
          id: 'guides-v2',
          path: 'v2',
          pages: [
            doc('readme', 'Welcome', {}, []),
            doc('guides/Install', 'Install'),
            doc('guides/install', 'install'),
          ],
        },
      ],
    });
    const model = buildSiteModel(input);
    const upper = model.page('guides-v2:p-guides_Install');
    const lower = model.page('guides-v2:p-guides_install');
    expect(upper?.url).toBe('/guides/install/');
    expect(lower?.url).toBe('/guides/install-p-guides_ins/');
    const resolver = model.resolverFor('guides-v2:p-readme');
    expect(resolver.page({ kind: 'page', path: 'guides/Install.md', raw: '' })?.url).toBe(
      upper?.url,
    );
    expect(resolver.page({ kind: 'page', path: 'guides/install.md', raw: '' })?.url).toBe(
      lower?.url,
    );
    expect(resolver.page({ kind: 'page', pageId: 'p-guides_install', raw: '' })?.url).toBe(
      lower?.url,
    );
    expect(model.warnings).toHaveLength(1);
  });

  it('keep a space root over a page, and a page over a first page’s alias', () => {
    const input = makeSite({
      sections: [
        {
          id: 'guides',
          path: 'guides',
          default: true,
          spaces: [
            {
              id: 'v2',
              path: 'v2',
              default: true,
              pages: [
                doc('readme', 'Welcome'),
                doc('guides/v1', 'Old'),
                doc('readme', 'Again', { id: 'again' }),
              ],
            },
            { id: 'v1', path: 'v1', pages: [doc('home', 'Home v1')] },
          ],
        },
      ],
    });
    const model = buildSiteModel(input);
    expect(model.page('v1:p-home')?.url).toBe('/guides/v1/');
    expect(model.page('v2:p-guides_v1')?.url).toBe('/guides/v1-p-guides_v1/');
    expect(model.page('v2:again')?.url).toBe('/readme/');
    expect(model.page('v2:p-readme')?.url).toBe('/');
    expect(model.page('v2:p-readme')?.aliases).toEqual([]);
    expect(model.aliases).toEqual([
      {
        url: '/guides/v1/home/',
        outputFile: 'guides/v1/home/index.html',
        pageKey: 'v1:p-home',
        canonicalUrl: '/guides/v1/',
      },
    ]);
    expect(model.warnings).toEqual([
      'URL /guides/v1/ is claimed by the root of site space v1 and page "Old" (space v2): the first keeps it, the second is at /guides/v1-p-guides_v1/',
      'URL /readme/ is claimed by page "Again" (space v2) and page "Welcome" (space v2) (its own path; the page is at /): the first keeps it, the alias is left out',
    ]);
    const files = model.pages.map((page) => page.outputFile.toLowerCase());
    expect(new Set(files).size).toBe(files.length);
  });
});
