import type { ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import type { PageView, SiteView } from '../view/view.ts';
import { searchScopeHtml } from './scope.ts';

/**
 * A page's search document: the part of its finished HTML that Pagefind indexes (the search
 * body of `themes/default/Page.astro`: the scope span, which both write with `searchScopeHtml`,
 * the title, the description and the content), built from the page's view instead of read back
 * from the output. The render hands
 * these to Pagefind while Astro is still writing pages, and Pagefind parses a few kilobytes a
 * page rather than each page's navigation and chrome. The navigation the theme excludes from
 * search (breadcrumbs, pagination, last-updated, `data-pagefind-ignore`) is simply not here.
 *
 * Undefined for a page not in the index (hidden or `noindex`) and for a local page, whose
 * content only exists once Astro compiled it: that one is indexed from its output file.
 */
export function searchDocument(site: SiteView, page: PageView): string | undefined {
  if (!page.indexable || page.local || page.redirectTo !== undefined) return undefined;
  const header: ElementContent[] = [];
  // The title is in the page whether its layout shows it or hides it visually (PageHeader).
  header.push(h('h1', [page.emoji ? h('span', page.emoji) : '', ' ', page.title]));
  if (page.layout.description && page.description) header.push(h('p', page.description));
  const main = h('main', { dataPagefindBody: '' }, [
    { type: 'raw', value: searchScopeHtml(site, page) } as never,
    h('article', [h('header', header), h('div', [{ type: 'raw', value: page.html } as never])]),
  ]);
  return toHtml(h('html', { lang: site.lang }, [h('body', [main])]), { allowDangerousHtml: true });
}
