import { describe, expect, it } from 'vitest';
import { searchDocument } from '../../src/search/document.ts';
import { searchScopeHtml } from '../../src/search/scope.ts';
import type { PageView, SiteView } from '../../src/view/view.ts';

/**
 * The scope span is written once, by `searchScopeHtml`, for the theme's page and for the search
 * document. The built example shows that a page keeps the bytes Astro wrote for it
 * (scripts/compare-output.ts); here, the attributes the example has no case of.
 */
describe('the search scope span', () => {
  const site = {
    lang: 'en',
    tabs: [{ kind: 'section', id: 'sec-1', title: 'Guides & "Tools"' }],
  } as unknown as SiteView;
  const page = {
    key: 'space-1:page-1',
    title: 'Fish & "Chips" <raw>',
    currentSectionId: 'sec-1',
    siteSpaces: [],
    indexable: true,
    layout: { title: true, description: false },
    html: '<p>cod</p>',
    outline: [],
  } as unknown as PageView;

  it('escapes values as Astro does and leaves out what the page has not', () => {
    expect(searchScopeHtml(site, page)).toBe(
      '<span hidden data-op-search-scope' +
        ' data-pagefind-filter="space[data-space], section[data-section]"' +
        ' data-pagefind-meta="title[data-title], section[data-section-title]"' +
        ' data-space="space-1" data-section="sec-1"' +
        ' data-title="Fish &amp; &quot;Chips&quot; <raw>"' +
        ' data-section-title="Guides &amp; &quot;Tools&quot;"></span>',
    );
  });

  it('carries the titles above the page, as its breadcrumbs show them', () => {
    const nested = {
      ...page,
      breadcrumbs: [
        { title: 'Guides', url: '/guides/' },
        { title: ' v2 ' },
        { title: '' },
        { title: 'Concepts' },
      ],
    } as PageView;
    const html = searchScopeHtml(site, nested);
    expect(html).toContain(
      'data-pagefind-meta="title[data-title], section[data-section-title], path[data-path]"',
    );
    expect(html).toContain(' data-path="Guides / v2 / Concepts"');
  });

  it('writes an empty value as a bare attribute, as Astro does', () => {
    const untitled = { ...page, title: '', currentSectionId: undefined } as PageView;
    expect(searchScopeHtml(site, untitled)).toBe(
      '<span hidden data-op-search-scope data-pagefind-filter="space[data-space]"' +
        ' data-pagefind-meta="title[data-title]" data-space="space-1" data-title></span>',
    );
  });

  it("carries an API page's operations and, for one operation's page, its method", () => {
    const operation = {
      ...page,
      title: 'Create a mission',
      currentSectionId: undefined,
      apiLayout: true,
      outline: [{ depth: 2, id: 'create-a-mission', text: 'Create a mission', method: 'post' }],
    } as PageView;
    expect(searchScopeHtml(site, operation)).toBe(
      '<span hidden data-op-search-scope data-pagefind-filter="space[data-space]"' +
        ' data-pagefind-meta="title[data-title], method[data-method], operations[data-operations]"' +
        ' data-space="space-1" data-title="Create a mission" data-method="post"' +
        ' data-operations="[[&quot;create-a-mission&quot;,&quot;post&quot;]]"></span>',
    );
  });

  it('is the span of the search document', () => {
    expect(searchDocument(site, page)).toContain(searchScopeHtml(site, page));
  });
});
