import type { Nodes } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { sidebarListHtml } from '../../src/render/sidebar-html.ts';
import { freezeShape, markCurrent, splitCurrent } from '../../src/render/sidebar-shapes.ts';
import type { SidebarItem } from '../../src/site/types.ts';

// The markup is the one the default theme's former `SidebarList.astro` component wrote (a 2,000-page
// site and the example rendered identically) less the `</li>` of each entry another follows, which
// the HTML parser implies: these pin each kind of entry, and that the tree is the one the full
// markup gave.
const strings = { externalLink: 'External link' };

/** The tree an HTML parser builds from a fragment, without source positions. */
function tree(html: string): unknown {
  const strip = (node: Nodes): unknown => {
    const { position: _, ...rest } = node as Nodes & { position?: unknown };
    return 'children' in node ? { ...rest, children: node.children.map(strip) } : rest;
  };
  return strip(fromHtml(html, { fragment: true }));
}

describe('the sidebar list', () => {
  it('writes pages, the current page and its open ancestors', () => {
    const items: SidebarItem[] = [
      {
        kind: 'page',
        key: 'a',
        title: 'Guide',
        url: '/guide/',
        open: true,
        children: [
          { kind: 'page', key: 'b', title: 'Install', url: '/guide/install/', current: true },
          { kind: 'page', key: 'c', title: 'Deploy', url: '/guide/deploy/', hasChildren: true },
        ],
      },
      { kind: 'page', key: 'd', title: 'FAQ', url: '/faq/', emoji: '❓' },
    ];
    const html = sidebarListHtml(items, strings);
    expect(html).toBe(
      '<ul> ' +
        '<li class="op-nav-parent"> <a href="/guide/">Guide</a> <details open> <summary><span class="op-sr-only">Guide</span></summary> ' +
        '<ul> ' +
        '<li><a href="/guide/install/" aria-current="page">Install</a>' +
        '<li class="op-nav-collapsed"><a href="/guide/deploy/">Deploy</a></li>' +
        ' </ul> </details> ' +
        '<li><a href="/faq/"><span class="op-emoji" aria-hidden="true">❓</span>FAQ</a></li>' +
        ' </ul>',
    );
    // Every end tag written, as the component did: the same tree.
    const full =
      '<ul> ' +
      '<li class="op-nav-parent"> <a href="/guide/">Guide</a> <details open> <summary><span class="op-sr-only">Guide</span></summary> ' +
      '<ul> ' +
      '<li><a href="/guide/install/" aria-current="page">Install</a></li>' +
      '<li class="op-nav-collapsed"><a href="/guide/deploy/">Deploy</a></li>' +
      ' </ul> </details> </li>' +
      '<li><a href="/faq/"><span class="op-emoji" aria-hidden="true">❓</span>FAQ</a></li>' +
      ' </ul>';
    expect(tree(html)).toEqual(tree(full));
  });

  it('writes groups, links, and markers for entries left out', () => {
    const items: SidebarItem[] = [
      { kind: 'more', count: 3 },
      {
        kind: 'group',
        title: 'Elsewhere',
        children: [
          { kind: 'link', title: 'Blog', url: 'https://blog.example.com/', external: true },
          { kind: 'link', title: 'API', url: '/api/', external: false, siteSpaceId: 'api' },
        ],
      },
    ];
    const html = sidebarListHtml(items, strings);
    expect(html).toBe(
      '<ul> ' +
        '<li class="op-nav-more" aria-hidden="true">…' +
        '<li class="op-nav-group"> <span class="op-nav-group__title">Elsewhere</span> <ul> ' +
        '<li>  <a href="https://blog.example.com/" rel="noopener noreferrer">Blog<span class="op-external" aria-label="External link">↗</span></a> ' +
        '<li data-op-space="api">  <a href="/api/">API</a> </li>' +
        ' </ul> </li>' +
        ' </ul>',
    );
    const full =
      '<ul> ' +
      '<li class="op-nav-more" aria-hidden="true">…</li>' +
      '<li class="op-nav-group"> <span class="op-nav-group__title">Elsewhere</span> <ul> ' +
      '<li>  <a href="https://blog.example.com/" rel="noopener noreferrer">Blog<span class="op-external" aria-label="External link">↗</span></a> </li>' +
      '<li data-op-space="api">  <a href="/api/">API</a> </li>' +
      ' </ul> </li>' +
      ' </ul>';
    expect(tree(html)).toEqual(tree(full));
  });

  it('gives the tree of the full markup at every depth, and writes an empty list whole', () => {
    const page = (key: string, more: Partial<SidebarItem & { kind: 'page' }> = {}) =>
      ({ kind: 'page', key, title: key, url: `/${key}/`, ...more }) as SidebarItem;
    const items: SidebarItem[] = [
      page('a', { open: true, children: [page('b', { children: [page('c'), page('d')] })] }),
      { kind: 'group', title: 'G', children: [page('e'), { kind: 'more', count: 1 }] },
      { kind: 'group', title: 'Empty', children: [] },
      page('f', { hasChildren: true }),
    ];
    const html = sidebarListHtml(items, strings);
    // One `</li>` per list: its last entry's.
    expect(html.match(/<\/li>/g)).toHaveLength(4);
    expect(html).toContain('<ul>  </ul>');
    const full = html.replace(/(<\/a>|<\/details> |<\/ul> |…)(?=<li)/g, '$1</li>');
    expect(full.match(/<\/li>/g)).toHaveLength(html.match(/<li/g)?.length ?? 0);
    expect(tree(html)).toEqual(tree(full));
  });

  it('hides links into conditioned sections and site spaces', () => {
    const items: SidebarItem[] = [
      { kind: 'link', title: 'Beta', url: '/beta/', external: false, sectionId: 's1' },
      { kind: 'link', title: 'Pro', url: '/pro/', external: false, siteSpaceId: 'pro' },
      { kind: 'link', title: 'Open', url: '/open/', external: false, siteSpaceId: 'open' },
    ];
    const html = sidebarListHtml(items, strings, { sections: ['s1'], siteSpaces: ['pro'] });
    expect(html).toContain('<li data-op-section="s1" hidden>  <a href="/beta/">');
    expect(html).toContain('<li data-op-space="pro" hidden>  <a href="/pro/">');
    expect(html).toContain('<li data-op-space="open">  <a href="/open/">');
  });

  it('escapes text and attributes as Astro templates do', () => {
    const hostile = `<img src=x onerror="alert('x')"> & co`;
    const items: SidebarItem[] = [
      { kind: 'page', key: 'a', title: hostile, url: '/a/?x="1"&y=2', emoji: '<b>' },
      { kind: 'group', title: hostile, children: [] },
      { kind: 'link', title: hostile, url: '/l/', external: true, sectionId: '"s"' },
    ];
    const html = sidebarListHtml(items, { externalLink: 'a "quoted" & label' });
    const text = '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; co';
    expect(html).toContain(
      `<a href="/a/?x=&quot;1&quot;&amp;y=2"><span class="op-emoji" aria-hidden="true">&lt;b&gt;</span>${text}</a>`,
    );
    expect(html).toContain(`<span class="op-nav-group__title">${text}</span>`);
    expect(html).toContain('<li data-op-section="&quot;s&quot;">');
    expect(html).toContain('aria-label="a &quot;quoted&quot; &amp; label"');
    expect(html).not.toMatch(/<img|<b>/);
  });
});

describe('a sidebar made from a shared shape', () => {
  /** A tree whose pages are current one at a time: with and without listed children. */
  const tree = (current?: string): SidebarItem[] => {
    const page = (key: string, more: Partial<SidebarItem & { kind: 'page' }> = {}) =>
      ({
        kind: 'page',
        key,
        title: key,
        url: `/${key}/`,
        ...(key === current ? { current: true } : {}),
        ...more,
      }) as SidebarItem;
    return [
      page('a', {
        open: true,
        children: [
          page('b', { children: [page('c'), page('d')] }),
          page('e', { hasChildren: true }),
        ],
      }),
      { kind: 'group', title: 'G', children: [page('f')] },
      { kind: 'link', title: 'L', url: '/l/', external: false, sectionId: 's' },
    ];
  };

  it('is written as the same sidebar written directly, for every current page', () => {
    for (const current of ['a', 'b', 'c', 'd', 'e', 'f', undefined]) {
      const direct = tree(current);
      const { shape, current: path } = splitCurrent(tree(current));
      const shared = markCurrent(freezeShape(shape), path);
      for (const conditioned of [undefined, { sections: ['s'], siteSpaces: [] }]) {
        expect(sidebarListHtml(shared, strings, conditioned), String(current)).toBe(
          sidebarListHtml(direct, strings, conditioned),
        );
      }
    }
  });
});
