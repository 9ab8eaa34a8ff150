import { describe, expect, it } from 'vitest';
import {
  buildSiteModel,
  type LocalPageInput,
  type SidebarItem,
  type SiteModelInput,
} from '../../src/site/index.ts';
import { guidesSite } from './helpers.ts';

/** A local page at `file` (its URL path is the file path without the extension). */
function local(file: string, extra: Partial<LocalPageInput> = {}): LocalPageInput {
  const segments = file.replace(/\.mdx?$/, '').split('/');
  return { file, segments, title: `Local ${file}`, ...extra };
}

function withLocal(...pages: LocalPageInput[]): SiteModelInput {
  return { ...guidesSite(), localPages: pages };
}

/** Titles of a sidebar, nested as arrays. */
function titles(items: SidebarItem[]): unknown[] {
  return items.flatMap((item) =>
    item.kind === 'more'
      ? []
      : 'children' in item && item.children
        ? [item.title, titles(item.children)]
        : [item.title],
  );
}

describe('local pages in the site model', () => {
  it('places a page after a platform page, at the URL of its file path, in that page’s sidebar', () => {
    const model = buildSiteModel(
      withLocal(local('legal/terms.mdx', { sidebar: { after: 'getting-started/install' } })),
    );
    const page = model.pages.find((p) => p.local?.file === 'legal/terms.mdx');
    expect(page).toMatchObject({
      url: '/legal/terms/',
      outputFile: 'legal/terms/index.html',
      title: 'Local legal/terms.mdx',
      siteSpaceId: 'guides-v2',
      sectionId: 'guides',
      hidden: false,
      indexable: true,
    });
    const key = page?.key as string;
    expect(titles(model.sidebarFor(key))).toContainEqual([
      'Install v2',
      'Local legal/terms.mdx',
      'First launch',
      ['Checklist'],
    ]);
    expect(model.breadcrumbsFor(key).map((b) => b.title)).toContain('Getting started');
    expect(model.paginationFor(key).prev?.title).toBe('Install v2');
    // In site order, right after the page it follows.
    const urls = model.pages.map((p) => p.url);
    expect(urls.indexOf('/legal/terms/')).toBe(urls.indexOf('/getting-started/install/') + 1);
  });

  it('places a page before a top-level page, and never makes it the space’s home', () => {
    const model = buildSiteModel(withLocal(local('start.mdx', { sidebar: { before: 'readme' } })));
    expect(model.pages[0]?.url).toBe('/start/');
    expect(model.siteSpace('guides-v2')?.homeKey).toBe('guides-v2:p-readme');
    expect(model.pages.find((p) => p.url === '/')?.title).toBe('Welcome');
  });

  it('appends a page to a section named by id or by path, in its default site space', () => {
    const model = buildSiteModel(
      withLocal(local('changelog.md', { section: 'api' }), local('a/b.md', { section: '/API/' })),
    );
    const sidebar = titles(model.sidebarFor('api-ref:p-auth'));
    expect(sidebar.slice(-2)).toEqual(['Local changelog.md', 'Local a/b.md']);
    expect(model.pages.find((p) => p.url === '/changelog/')?.sectionId).toBe('api');
  });

  it('goes to the default section’s default site space without placement', () => {
    const model = buildSiteModel(withLocal(local('notes.md')));
    expect(model.pages.find((p) => p.url === '/notes/')?.siteSpaceId).toBe('guides-v2');
  });

  it('builds a hidden page out of the sidebar and the search index', () => {
    const model = buildSiteModel(withLocal(local('secret.md', { sidebar: { hidden: true } })));
    const page = model.pages.find((p) => p.url === '/secret/');
    expect(page).toMatchObject({ hidden: true, indexable: false });
    expect(JSON.stringify(model.sidebarFor('guides-v2:p-readme'))).not.toContain('secret');
  });

  it('replaces a platform page in place: its key, URL and children stay, title and content are local', () => {
    const input = withLocal(
      local('first.mdx', { replaces: '/getting-started/first-launch/', title: 'Launch day' }),
    );
    const before = JSON.stringify([...input.revisions.entries()]);
    const model = buildSiteModel(input);
    const page = model.page('guides-v2:p-getting-started_first-launch');
    expect(page).toMatchObject({
      url: '/getting-started/first-launch/',
      title: 'Launch day',
      local: { file: 'first.mdx' },
    });
    expect(model.pages).toHaveLength(buildSiteModel(guidesSite()).pages.length);
    expect(titles(model.sidebarFor(page?.key as string))).toContainEqual([
      'Install v2',
      'Launch day',
      ['Checklist'],
    ]);
    // A platform page linking to the replaced one still reaches its URL.
    expect(
      model.hrefFor('guides-v2:p-readme', {
        kind: 'page',
        pageId: page?.pageId as string,
        raw: '',
      }),
    ).toBe('/getting-started/first-launch/');
    // The snapshot's revision is left as it was.
    expect(JSON.stringify([...input.revisions.entries()])).toBe(before);
  });

  it('keeps a page placed under a page that another local page replaces', () => {
    const model = buildSiteModel(
      withLocal(
        local('extra.md', { sidebar: { after: 'getting-started/install' } }),
        local('gs.mdx', { replaces: 'getting-started', title: 'Get going' }),
      ),
    );
    expect(titles(model.sidebarFor('guides-v2:p-getting-started'))).toContainEqual('Get going');
    expect(titles(model.sidebarFor('guides-v2:p-getting-started'))).toContainEqual([
      'Install v2',
      'Local extra.md',
      'First launch',
      ['Checklist'],
    ]);
  });

  it('replaces the home page at the site root', () => {
    const model = buildSiteModel(withLocal(local('index.mdx', { replaces: '/', title: 'Home' })));
    expect(model.pages.find((p) => p.url === '/')).toMatchObject({
      title: 'Home',
      local: { file: 'index.mdx' },
    });
  });

  it('refuses a page that takes a platform page’s URL without replaces, naming both', () => {
    expect(() => buildSiteModel(withLocal(local('getting-started/install.md')))).toThrowError(
      'local page getting-started/install.md would take the URL /getting-started/install/ of page "Install v2" (space guides-v2): add "replaces: getting-started/install" to its front matter to replace that page, or move the file',
    );
    // The home page's own path is taken too.
    expect(() => buildSiteModel(withLocal(local('readme.md')))).toThrowError(
      /local page readme\.md would take the URL \/readme\/ of page "Welcome"/,
    );
  });

  it('names the file and the field when a page path, or a section, does not exist', () => {
    expect(() => buildSiteModel(withLocal(local('x.md', { replaces: 'nope' })))).toThrowError(
      'local page x.md: front matter "replaces": no platform page at "nope" (give its URL path below the base, e.g. guides/install)',
    );
    expect(() =>
      buildSiteModel(withLocal(local('x.md', { sidebar: { before: 'gone/away' } }))),
    ).toThrowError(/^local page x\.md: front matter "sidebar\.before": no platform page/);
    expect(() => buildSiteModel(withLocal(local('x.md', { section: 'blog' })))).toThrowError(
      'local page x.md: front matter "section": no section "blog" (sections: guides, api, telemetry)',
    );
    expect(() =>
      buildSiteModel(
        withLocal(local('x.md', { section: 'api', sidebar: { after: 'getting-started' } })),
      ),
    ).toThrowError(/front matter "section" "api" is not the section of "getting-started"/);
  });

  it('refuses two local pages replacing one platform page', () => {
    expect(() =>
      buildSiteModel(
        withLocal(local('a.md', { replaces: 'api/auth' }), local('b.md', { replaces: 'api/auth' })),
      ),
    ).toThrowError('local pages a.md and b.md both replace page "Authentication" (space api-ref)');
  });
});
