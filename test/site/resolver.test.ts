import { describe, expect, it } from 'vitest';
import { parseReference, type Reference } from '../../src/markdown/index.ts';
import { buildSiteModel } from '../../src/site/index.ts';
import { doc, makeSite, sha } from './helpers.ts';

const model = buildSiteModel(
  makeSite({
    base: '/docs/',
    sections: [
      {
        id: 'guides',
        path: 'guides',
        default: true,
        spaces: [
          {
            id: 'guides-v2',
            path: 'v2',
            default: true,
            files: [
              { id: 'f-logo', name: 'Logo.png' },
              { id: 'f-deep', name: 'chart.svg', path: '.gitbook/assets/charts/chart.svg' },
            ],
            reusable: [
              {
                id: 'rc1',
                markdown: 'Included text',
                git: { path: '.gitbook/includes/notice.md' },
              },
            ],
            pages: [
              doc('readme', 'Welcome', { git: { path: 'README.md' } }),
              doc('getting-started', 'Getting started', {
                git: { path: 'getting-started/README.md' },
                pages: [doc('getting-started/install', 'Install')],
              }),
              // A page the platform gave no git path: found by `<path>.md` and folder README.
              { id: 'nogit', title: 'No git', path: 'concepts' },
            ],
          },
          {
            id: 'guides-v1',
            path: 'v1',
            pages: [doc('readme', 'Welcome v1', { git: { path: 'README.md' } })],
          },
        ],
      },
      {
        id: 'api',
        path: 'api',
        spaces: [
          {
            id: 'api-ref',
            spaceId: 'api-space',
            path: 'x',
            default: true,
            files: [{ id: 'f-spec', name: 'openapi.yaml' }],
            pages: [
              doc('readme', 'API', { id: 'api-home', git: { path: 'README.md' } }),
              doc('endpoints/missions', 'Missions', { id: 'api-missions' }),
            ],
          },
        ],
      },
    ],
  }),
);

const FROM = 'guides-v2:p-getting-started_install';
const resolver = model.resolverFor(FROM);
const currentPath = model.page(FROM)?.source.path as string;
const parse = (href: string, as: 'link' | 'file' = 'link') =>
  parseReference(href, { currentPath, as });

function page(href: string): string | undefined {
  const ref = parse(href);
  if (ref.kind !== 'page') throw new Error(`${href} parsed as ${ref.kind}`);
  return model.hrefFor(FROM, ref);
}

function file(href: string): string | undefined {
  const ref = parse(href, 'file');
  if (ref.kind !== 'file') throw new Error(`${href} parsed as ${ref.kind}`);
  return resolver.file(ref)?.url;
}

const asset = (space: string, id: string, name: string) =>
  `/docs/assets/${sha(`${space}/${id}`).slice(0, 16)}/${name}`;

describe('the reference resolver', () => {
  it('uses the page file path as the base of relative references', () => {
    expect(currentPath).toBe('getting-started/install.md');
  });

  it('resolves relative .md paths, README folders and anchors', () => {
    expect(page('../README.md')).toBe('/docs/');
    expect(page('README.md')).toBe('/docs/getting-started/');
    expect(page('./')).toBe('/docs/getting-started/');
    expect(page('install.md#step-2')).toBe('/docs/getting-started/install/#step-2');
    expect(page('../concepts.md')).toBe('/docs/concepts/');
    expect(page('../concepts/README.md')).toBe('/docs/concepts/');
    expect(page('#here')).toBe('/docs/getting-started/install/#here');
    expect(page('../missing.md')).toBeUndefined();
  });

  it('resolves stable refs within and across spaces', () => {
    expect(page('/pages/p-getting-started')).toBe('/docs/getting-started/');
    expect(page('/spaces/api-space/pages/api-missions#get')).toBe(
      '/docs/api/endpoints/missions/#get',
    );
    expect(page('/spaces/api-space/pages/nope')).toBeUndefined();
    expect(page('/spaces/unknown/pages/api-missions')).toBeUndefined();
  });

  it('resolves app URLs, with and without an organization', () => {
    expect(page('https://app.gitbook.com/s/api-space/endpoints/missions#post')).toBe(
      '/docs/api/endpoints/missions/#post',
    );
    expect(page('https://app.gitbook.com/o/acme/s/api-space/')).toBe('/docs/api/');
    expect(page('https://app.gitbook.com/s/guides-v1')).toBe('/docs/guides/v1/');
  });

  it('resolves file references to content-hashed assets', () => {
    const logo = asset('guides-v2', 'f-logo', 'logo.png');
    expect(file('../.gitbook/assets/Logo.png')).toBe(logo);
    expect(file('../.gitbook/assets/charts/chart.svg')).toBe(
      asset('guides-v2', 'f-deep', 'chart.svg'),
    );
    expect(file('/files/f-logo')).toBe(logo);
    expect(file('/spaces/api-space/files/f-spec')).toBe(
      asset('api-space', 'f-spec', 'openapi.yaml'),
    );
    expect(file('https://files.example/api-space/f-spec/openapi.yaml')).toBe(
      asset('api-space', 'f-spec', 'openapi.yaml'),
    );
    expect(file('https://elsewhere.example/x.png')).toBeUndefined();
    expect(file('/files/nope')).toBeUndefined();
    expect(resolver.file({ kind: 'file', fileId: 'f-logo', raw: '' })).toEqual({
      url: logo,
      name: 'Logo.png',
      size: 10,
      // What an OpenAPI block's spec is looked up by.
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      spaceId: 'guides-v2',
    });
    expect(model.assets.map((a) => a.outputFile)).toContain(logo.slice('/docs/'.length));
  });

  it('resolves reusable content by id and by path', () => {
    const byId = parse('/reusable-content/rc1');
    const byPath = parse('../.gitbook/includes/notice.md');
    expect(byId.kind).toBe('reusable-content');
    expect(byPath.kind).toBe('reusable-content');
    const expected = { markdown: 'Included text', path: '.gitbook/includes/notice.md' };
    expect(
      resolver.reusableContent(byId as Extract<Reference, { kind: 'reusable-content' }>),
    ).toEqual(expected);
    expect(
      resolver.reusableContent(byPath as Extract<Reference, { kind: 'reusable-content' }>),
    ).toEqual(expected);
  });

  it('prefers the current site space when a space id matches it', () => {
    const v1 = model.resolverFor('guides-v1:p-readme');
    expect(v1.page({ kind: 'page', spaceId: 'guides-v1', pagePath: '', raw: '' })?.url).toBe(
      '/docs/guides/v1/',
    );
    expect(v1.page({ kind: 'page', path: 'README.md', raw: '' })?.title).toBe('Welcome v1');
  });

  it('resolves content refs for header and footer links', () => {
    expect(model.resolveContentRef({ kind: 'space', space: 'api-space' })).toEqual({
      url: '/docs/api/',
      external: false,
    });
    expect(model.resolveContentRef({ kind: 'file', file: 'f-logo', space: 'guides-v2' })).toEqual({
      url: asset('guides-v2', 'f-logo', 'logo.png'),
      external: false,
    });
    expect(model.resolveContentRef({ kind: 'url', url: 'javascript:alert(1)' })).toBeUndefined();
  });
});

describe('two files of one name', () => {
  it('each keep their own URL and their own id; a reference by name alone reaches the first, with one warning', () => {
    const twins = buildSiteModel(
      makeSite({
        spaces: [
          {
            id: 's',
            path: 's',
            files: [
              { id: 'f-a', name: 'logo.png', path: '.gitbook/assets/a/logo.png' },
              { id: 'f-b', name: 'logo.png', path: '.gitbook/assets/b/logo.png' },
            ],
            pages: [doc('readme', 'Home')],
          },
        ],
      }),
    );
    const resolver = twins.resolverFor('s:p-readme');
    const a = resolver.file({ kind: 'file', fileId: 'f-a', raw: '' })?.url;
    const b = resolver.file({ kind: 'file', fileId: 'f-b', raw: '' })?.url;
    expect(a).toMatch(/^\/assets\/[0-9a-f]{16}\/logo\.png$/);
    expect(b).toMatch(/^\/assets\/[0-9a-f]{16}\/logo\.png$/);
    expect(a).not.toBe(b);
    expect(resolver.file({ kind: 'file', path: '.gitbook/assets/b/logo.png', raw: '' })?.url).toBe(
      b,
    );
    expect(resolver.file({ kind: 'file', path: '.gitbook/assets/logo.png', raw: '' })?.url).toBe(a);
    expect(twins.assets.map((asset) => asset.outputFile)).toHaveLength(2);
    expect(twins.warnings).toEqual([
      'files f-a and f-b of space s are both named "logo.png": each is at its own URL, and a reference by the name alone reaches f-a, the first',
    ]);
  });
});
