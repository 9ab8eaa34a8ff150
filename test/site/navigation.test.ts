import { describe, expect, it } from 'vitest';
import { buildSiteModel } from '../../src/site/index.ts';
import { doc, group, guidesSite, link, makeSite } from './helpers.ts';

describe('top navigation and variants', () => {
  const model = buildSiteModel(guidesSite());

  it('lists sections as tabs, a section group as a dropdown', () => {
    expect(model.tabs).toEqual([
      { kind: 'section', id: 'guides', title: 'Guides', icon: 'book', url: '/' },
      { kind: 'section', id: 'api', title: 'API', url: '/api/' },
      {
        kind: 'group',
        id: 'hardware',
        title: 'Hardware',
        icon: 'chip',
        sections: [
          {
            kind: 'section',
            id: 'telemetry',
            title: 'Telemetry',
            url: '/telemetry/',
            groupId: 'hardware',
          },
        ],
      },
    ]);
    expect(model.section('guides')).toMatchObject({
      default: true,
      siteSpaceIds: ['guides-v2', 'guides-v1'],
      defaultSiteSpaceId: 'guides-v2',
    });
  });

  it('switches variants to the same page when it exists, else to the variant root', () => {
    expect(model.siteSpaceLinks('guides-v2:p-getting-started_install')).toEqual([
      {
        siteSpaceId: 'guides-v2',
        title: 'v2',
        url: '/getting-started/install/',
        current: true,
        samePage: true,
      },
      {
        siteSpaceId: 'guides-v1',
        title: 'v1',
        url: '/guides/v1/getting-started/install/',
        current: false,
        samePage: true,
      },
    ]);
    // v1 has no Operations pages.
    expect(model.siteSpaceLinks('guides-v2:p-operations_telemetry')[1]).toMatchObject({
      url: '/guides/v1/',
      samePage: false,
    });
    // The first page maps to the other variant's first page, at its root.
    expect(model.siteSpaceLinks('guides-v1:p-readme')[0]).toMatchObject({
      url: '/',
      samePage: true,
      current: false,
    });
    expect(model.siteSpaceLinks('api-ref:p-auth')).toHaveLength(1);
  });

  it('never switches from a visible page to one hidden in the other variant', () => {
    const hiddenTwin = buildSiteModel(
      makeSite({
        sections: [
          {
            id: 's',
            path: 's',
            default: true,
            spaces: [
              {
                id: 'a',
                path: 'a',
                default: true,
                pages: [doc('intro', 'Intro'), doc('twin', 'Twin')],
              },
              {
                id: 'b',
                path: 'b',
                pages: [doc('start', 'Start'), doc('twin', 'Twin', { hidden: true })],
              },
              { id: 'c', path: 'c', pages: [doc('twin', 'Twin', { hidden: true })] },
            ],
          },
        ],
      }),
    );
    // b's twin is hidden: its first page instead; c has no visible page: left out.
    expect(hiddenTwin.siteSpaceLinks('a:p-twin')).toEqual([
      { siteSpaceId: 'a', title: 'a', url: '/twin/', current: true, samePage: true },
      { siteSpaceId: 'b', title: 'b', url: '/s/b/', current: false, samePage: false },
    ]);
    // From the hidden page itself, its visible twin is fine.
    expect(hiddenTwin.siteSpaceLinks('b:p-twin')[0]).toMatchObject({
      url: '/twin/',
      samePage: true,
    });
    expect(hiddenTwin.page('b:p-twin')?.url).toBe('/s/b/twin/');
    // A section whose default variant shows nothing is entered at one that does.
    const hiddenDefault = buildSiteModel(
      makeSite({
        sections: [
          {
            id: 'm',
            path: 'm',
            default: true,
            spaces: [{ id: 'm1', path: 'm', pages: [doc('m', 'M')] }],
          },
          {
            id: 's',
            path: 's',
            spaces: [
              { id: 'c', path: 'c', default: true, pages: [doc('c', 'C', { hidden: true })] },
              { id: 'd', path: 'd', pages: [doc('d', 'D')] },
            ],
          },
        ],
      }),
    );
    expect(hiddenDefault.tabs.map((tab) => tab.kind === 'section' && tab.url)).toEqual([
      '/',
      '/s/d/',
    ]);
    expect(hiddenDefault.breadcrumbsFor('d:p-d')[0]).toEqual({ title: 's', url: '/s/d/' });
  });

  it('leaves out of the sidebar a visible link page that leads to a hidden page', () => {
    const site = buildSiteModel(
      makeSite({
        spaces: [
          {
            id: 'a',
            path: 'a',
            pages: [
              doc('intro', 'Intro'),
              doc('secret', 'Secret', { hidden: true }),
              link('To the secret', { kind: 'page', page: 'p-secret' }),
              link('To the intro', { kind: 'page', page: 'p-intro' }),
            ],
          },
        ],
      }),
    );
    const titles = JSON.stringify(site.sidebarFor('a:p-intro'));
    expect(titles).toContain('To the intro');
    expect(titles).not.toContain('To the secret');
    expect(titles).not.toContain('/secret/');
    expect(site.warnings).toEqual([
      'link page "To the secret" (space a) leads to hidden page "Secret" (space a): left out of the sidebar',
    ]);
  });

  it('carries the change request banner of a space', () => {
    const cr = { id: 'cr1', number: 1, subject: 'Mass limits', status: 'open' };
    const withCr = buildSiteModel(
      makeSite({ spaces: [{ id: 's', path: 's', pages: [doc('a', 'A')], changeRequest: cr }] }),
    );
    expect(withCr.siteSpace('s')?.changeRequest).toEqual(cr);
    expect(model.siteSpace('guides-v2')?.changeRequest).toBeUndefined();
  });
});

describe('pages', () => {
  const model = buildSiteModel(guidesSite());

  it('builds hidden pages but keeps them out of navigation, pagination and search', () => {
    const runbook = model.page('guides-v2:p-operations_runbook');
    expect(runbook).toMatchObject({
      url: '/operations/runbook/',
      hidden: true,
      noIndex: true,
      indexable: false,
      robotsNoIndex: true,
    });
    const flat = JSON.stringify(model.sidebarFor('guides-v2:p-operations_telemetry'));
    expect(flat).not.toContain('Runbook');
    expect(model.paginationFor('guides-v2:p-operations_telemetry').next).toBeUndefined();
    expect(model.paginationFor('guides-v2:p-operations_runbook')).toEqual({});
    // Its own sidebar still shows where it is.
    const own = model.sidebarFor('guides-v2:p-operations_runbook');
    expect(JSON.stringify(own)).not.toContain('"current"');
    expect(own.find((i) => i.kind === 'group')).toMatchObject({ open: true });
  });

  it('hides the pages under a hidden page too', () => {
    const hidden = buildSiteModel(
      makeSite({
        spaces: [
          {
            id: 's',
            path: 's',
            pages: [doc('a', 'A'), doc('b', 'B', { hidden: true }, [doc('b/c', 'C')])],
          },
        ],
      }),
    );
    expect(hidden.page('s:p-b_c')).toMatchObject({ hidden: true, indexable: false });
    expect(hidden.paginationFor('s:p-a')).toEqual({});
  });

  it('applies layout defaults and resolves the cover', () => {
    const input = makeSite({
      spaces: [
        {
          id: 's',
          path: 's',
          files: [{ id: 'f1', name: 'cover.png' }],
          pages: [
            doc('a', 'A', {
              emoji: '🚀',
              description: 'About A',
              updatedAt: '2024-01-01T00:00:00.000Z',
              layout: { width: 'wide', outline: false, metadata: false },
              cover: { ref: { kind: 'file', file: 'f1' }, yPos: 10 },
            }),
            doc('b', 'B', { layout: { width: 'unknown-width' } }),
            { id: 'c', title: 'C', type: 'computed', computed: { type: 'builtin:openapi' } },
          ],
        },
      ],
      visibility: 'unlisted',
    });
    const built = buildSiteModel(input);
    const a = built.page('s:p-a');
    expect(a?.layout).toEqual({
      width: 'wide',
      cover: true,
      coverSize: 'hero',
      title: true,
      description: true,
      tableOfContents: true,
      outline: false,
      pagination: true,
      metadata: false,
      // Absent from the API answer: shown, as on the platform.
      tags: true,
      actions: true,
    });
    expect(a?.cover?.light.url).toMatch(/^\/assets\/[a-f0-9]{16}\/cover\.png$/);
    expect(a?.cover?.yPos).toBe(10);
    expect(a).toMatchObject({
      emoji: '🚀',
      description: 'About A',
      updatedAt: '2024-01-01T00:00:00.000Z',
      source: { spaceId: 's', pageId: 'p-a', path: 'a.md' },
      robotsNoIndex: true,
      indexable: true,
    });
    expect(built.page('s:p-b')?.layout).toMatchObject({ width: 'default', cover: false });
    expect(built.page('s:c')).toMatchObject({ kind: 'computed', computedType: 'builtin:openapi' });
    expect(built.noIndex).toBe(true);
  });

  it('makes no HTML page of groups and links', () => {
    const keys = model.pages.map((p) => p.key);
    expect(keys).not.toContain('guides-v2:g-Operations');
    expect(keys).not.toContain('guides-v2:l-Status');
    expect(keys.filter((k) => k.startsWith('guides-v2:'))).toHaveLength(7);
  });
});

describe('pagination', () => {
  it('follows reading order within one site space, skipping groups, links and hidden pages', () => {
    const model = buildSiteModel(guidesSite());
    const order: string[] = [];
    let key: string | undefined = 'guides-v2:p-readme';
    while (key) {
      order.push(key);
      key = model.paginationFor(key).next?.key;
    }
    expect(order).toEqual([
      'guides-v2:p-readme',
      'guides-v2:p-getting-started',
      'guides-v2:p-getting-started_install',
      'guides-v2:p-getting-started_first-launch',
      'guides-v2:p-getting-started_first-launch_checklist',
      'guides-v2:p-operations_telemetry',
    ]);
    expect(model.paginationFor('guides-v2:p-getting-started')).toEqual({
      prev: { key: 'guides-v2:p-readme', title: 'Welcome', url: '/' },
      next: {
        key: 'guides-v2:p-getting-started_install',
        title: 'Install v2',
        url: '/getting-started/install/',
      },
    });
    expect(model.paginationFor('guides-v1:p-readme').prev).toBeUndefined();
  });
});

describe('breadcrumbs', () => {
  const model = buildSiteModel(guidesSite());

  it('lists section, variant, ancestor pages, and groups as plain text', () => {
    expect(model.breadcrumbsFor('guides-v1:p-getting-started_first-launch_checklist')).toEqual([
      { title: 'Guides', url: '/' },
      { title: 'v1', url: '/guides/v1/' },
      { title: 'Getting started', url: '/guides/v1/getting-started/' },
      { title: 'First launch', url: '/guides/v1/getting-started/first-launch/' },
    ]);
    expect(model.breadcrumbsFor('guides-v2:p-operations_telemetry')).toEqual([
      { title: 'Guides', url: '/' },
      { title: 'v2', url: '/' },
      { title: 'Operations' },
    ]);
    // A section with one site space shows no variant.
    expect(model.breadcrumbsFor('api-ref:p-auth')).toEqual([{ title: 'API', url: '/api/' }]);
  });

  it('has no section on a site without sections', () => {
    const flat = buildSiteModel(
      makeSite({
        spaces: [{ id: 's', path: 's', pages: [doc('a', 'A', {}, [doc('a/b', 'B')])] }],
      }),
    );
    expect(flat.breadcrumbsFor('s:p-a_b')).toEqual([{ title: 'A', url: '/' }]);
  });
});

describe('link pages', () => {
  it('resolve url, page, space and href targets; unsafe ones are dropped', () => {
    const model = buildSiteModel(
      makeSite({
        sections: [
          {
            id: 'a',
            path: 'a',
            default: true,
            spaces: [
              {
                id: 'a1',
                path: 'x',
                default: true,
                pages: [
                  doc('home', 'Home'),
                  doc('other', 'Other'),
                  link('Ext', { kind: 'url', url: 'https://example.com/x' }),
                  link('ToPage', { kind: 'page', page: 'p-other' }),
                  link('ToApi', { kind: 'page', page: 'p-auth', space: 'api' }),
                  link('ToSpace', { kind: 'space', space: 'api' }),
                  { id: 'href', title: 'Href', type: 'link', href: 'mailto:a@example.com' },
                  link('Evil', { kind: 'url', url: 'javascript:alert(1)' }),
                  link('Missing', { kind: 'page', page: 'nope' }),
                  // The platform's app URL of another space of the site, as link pages hold it.
                  link('AppUrl', { kind: 'url', url: 'https://app.gitbook.com/s/api/auth' }),
                  {
                    id: 'app-href',
                    title: 'AppHref',
                    type: 'link',
                    href: 'https://app.gitbook.com/s/api/',
                  },
                  link('StableRef', { kind: 'url', url: '/spaces/api/pages/p-auth#scopes' }),
                  link('AppUnknown', { kind: 'url', url: 'https://app.gitbook.com/s/elsewhere/x' }),
                  group('Empty', [doc('hidden', 'Hidden', { hidden: true })]),
                ],
              },
            ],
          },
          {
            id: 'b',
            path: 'b',
            spaces: [
              {
                id: 'api-ref',
                spaceId: 'api',
                path: 'y',
                default: true,
                pages: [doc('readme', 'API'), doc('auth', 'Auth')],
              },
            ],
          },
        ],
      }),
    );
    const links = model.sidebarFor('a1:p-home').filter((i) => i.kind === 'link');
    expect(links).toEqual([
      { kind: 'link', title: 'Ext', url: 'https://example.com/x', external: true },
      // Internal targets name their site space and section (adaptive content hides with them).
      {
        kind: 'link',
        title: 'ToPage',
        url: '/other/',
        external: false,
        siteSpaceId: 'a1',
        sectionId: 'a',
      },
      {
        kind: 'link',
        title: 'ToApi',
        url: '/b/auth/',
        external: false,
        siteSpaceId: 'api-ref',
        sectionId: 'b',
      },
      {
        kind: 'link',
        title: 'ToSpace',
        url: '/b/',
        external: false,
        siteSpaceId: 'api-ref',
        sectionId: 'b',
      },
      { kind: 'link', title: 'Href', url: 'mailto:a@example.com', external: true },
      // App URLs and stable refs of this site's pages resolve as links in content do.
      {
        kind: 'link',
        title: 'AppUrl',
        url: '/b/auth/',
        external: false,
        siteSpaceId: 'api-ref',
        sectionId: 'b',
      },
      {
        kind: 'link',
        title: 'AppHref',
        url: '/b/',
        external: false,
        siteSpaceId: 'api-ref',
        sectionId: 'b',
      },
      {
        kind: 'link',
        title: 'StableRef',
        url: '/b/auth/#scopes',
        external: false,
        siteSpaceId: 'api-ref',
        sectionId: 'b',
      },
      // A space this site does not publish stays the platform's URL.
      {
        kind: 'link',
        title: 'AppUnknown',
        url: 'https://app.gitbook.com/s/elsewhere/x',
        external: true,
      },
    ]);
    // A group whose pages are all hidden is not an empty heading.
    expect(model.sidebarFor('a1:p-home').some((i) => i.kind === 'group')).toBe(false);
  });
});

describe('page trees that repeat an id', () => {
  it('keep the first place of a page and warn about a cycle and a duplicate, naming them', () => {
    const again = doc('b', 'B');
    const site = makeSite({
      spaces: [
        {
          id: 's1',
          path: 's1',
          pages: [doc('a', 'A', {}, [doc('b', 'B', {}, [{ ...doc('a', 'A'), pages: [] }])]), again],
        },
      ],
    });
    const model = buildSiteModel(site);
    expect(model.pages.map((p) => p.title)).toEqual(['A', 'B']);
    expect(model.warnings).toEqual([
      expect.stringMatching(
        /^page "A" \(id \S+\) appears again under page "B" in site space \S+ \(a cycle\): only its first place is kept$/,
      ),
      expect.stringMatching(
        /^page "B" \(id \S+\) appears again in site space \S+ \(a duplicate id\)/,
      ),
    ]);
  });
});
