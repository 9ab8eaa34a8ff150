import { describe, expect, it } from 'vitest';
import { buildSiteModel, normalizeBase } from '../../src/site/index.ts';
import { doc, guidesSite, makeSite } from './helpers.ts';

const urls = (model: ReturnType<typeof buildSiteModel>) =>
  Object.fromEntries(model.pages.map((p) => [p.key, p.url]));

describe('the URL scheme', () => {
  it('puts the default section and its default site space at the root', () => {
    const model = buildSiteModel(guidesSite());
    const u = urls(model);
    expect(u['guides-v2:p-readme']).toBe('/');
    expect(u['guides-v2:p-getting-started']).toBe('/getting-started/');
    expect(u['guides-v2:p-getting-started_install']).toBe('/getting-started/install/');
    expect(u['guides-v2:p-getting-started_first-launch_checklist']).toBe(
      '/getting-started/first-launch/checklist/',
    );
    // Groups contribute nothing of their own; their pages keep their paths.
    expect(u['guides-v2:p-operations_telemetry']).toBe('/operations/telemetry/');
  });

  it('puts variants under <section>/<site space> and other sections under their path', () => {
    const u = urls(buildSiteModel(guidesSite()));
    expect(u['guides-v1:p-readme']).toBe('/guides/v1/');
    expect(u['guides-v1:p-getting-started_install']).toBe('/guides/v1/getting-started/install/');
    expect(u['api-ref:p-readme']).toBe('/api/');
    expect(u['api-ref:p-auth']).toBe('/api/auth/');
    expect(u['kit:p-readme']).toBe('/telemetry/');
  });

  it('answers the first page at the space root and records its own path as an alias', () => {
    const model = buildSiteModel(guidesSite());
    const home = model.page('guides-v2:p-readme');
    expect(home?.url).toBe('/');
    expect(home?.aliases).toEqual(['/readme/']);
    expect(home?.outputFile).toBe('index.html');
    expect(model.aliases).toContainEqual({
      url: '/guides/v1/readme/',
      outputFile: 'guides/v1/readme/index.html',
      pageKey: 'guides-v1:p-readme',
      canonicalUrl: '/guides/v1/',
    });
    expect(model.siteSpace('api-ref')?.homeKey).toBe('api-ref:p-readme');
  });

  it('maps every page URL to <url>/index.html under the output directory', () => {
    const model = buildSiteModel(guidesSite());
    const page = model.page('guides-v1:p-getting-started_install');
    expect(page?.outputFile).toBe('guides/v1/getting-started/install/index.html');
    expect(model.outputFileFor('/api/auth/')).toBe('api/auth/index.html');
  });

  it('puts everything under a base path, from --base or the site basename', () => {
    const fromBase = buildSiteModel(guidesSite({ base: 'docs/v' }));
    expect(fromBase.base).toBe('/docs/v/');
    expect(urls(fromBase)['api-ref:p-auth']).toBe('/docs/v/api/auth/');
    expect(fromBase.page('guides-v2:p-readme')?.url).toBe('/docs/v/');
    // The output directory is served at the base: files do not repeat it.
    expect(fromBase.page('api-ref:p-auth')?.outputFile).toBe('api/auth/index.html');
    expect(fromBase.outputFileFor('/docs/v/')).toBe('index.html');

    const fromSite = buildSiteModel(guidesSite({ basename: '/handbook/' }));
    expect(fromSite.base).toBe('/handbook/');
    const overridden = buildSiteModel(guidesSite({ basename: 'handbook', base: '/' }));
    expect(overridden.base).toBe('/');
    expect(normalizeBase(undefined)).toBe('/');
    expect(normalizeBase('a//b\\c')).toBe('/a/b/c/');
  });

  it('places site spaces of a site without sections at the root or under their path', () => {
    const model = buildSiteModel(
      makeSite({
        spaces: [
          { id: 'main', path: 'main', pages: [doc('intro', 'Intro'), doc('faq', 'FAQ')] },
          { id: 'beta', path: 'beta', default: true, pages: [doc('intro', 'Intro')] },
        ],
      }),
    );
    expect(urls(model)).toEqual({
      'main:p-intro': '/main/',
      'main:p-faq': '/main/faq/',
      'beta:p-intro': '/',
    });
    expect(model.sections).toEqual([]);
    expect(model.tabs).toEqual([]);
  });

  it('falls back to the parent path plus the slug when a page has no path', () => {
    const model = buildSiteModel(
      makeSite({
        spaces: [
          {
            id: 's',
            path: 's',
            pages: [
              doc('a', 'A'),
              doc('b', 'B', {}, [
                { id: 'c', title: 'C page', slug: 'c-slug' },
                { id: 'd', title: 'Dee Page' },
              ]),
            ],
          },
        ],
      }),
    );
    expect(model.page('s:c')?.url).toBe('/b/c-slug/');
    expect(model.page('s:d')?.url).toBe('/b/dee-page/');
  });

  it('leaves hidden and draft site spaces and empty sections out', () => {
    const model = buildSiteModel(
      makeSite({
        sections: [
          {
            id: 'a',
            path: 'a',
            default: true,
            spaces: [
              { id: 'a1', path: 'one', default: true, hidden: true, pages: [doc('x', 'X')] },
              { id: 'a2', path: 'two', pages: [doc('x', 'X')] },
              { id: 'a3', path: 'three', draft: true, pages: [doc('x', 'X')] },
            ],
          },
          {
            id: 'b',
            path: 'b',
            spaces: [{ id: 'b1', path: 'one', hidden: true, pages: [doc('y', 'Y')] }],
          },
        ],
      }),
    );
    expect(model.siteSpaces.map((s) => s.id)).toEqual(['a2']);
    expect(model.sections.map((s) => s.id)).toEqual(['a']);
    // The only shown site space takes the root.
    expect(model.page('a2:p-x')?.url).toBe('/');
  });
});
