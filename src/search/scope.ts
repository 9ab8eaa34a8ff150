import { siteSpaceOf } from '../view/page-parts.ts';
import type { PageView, SiteView } from '../view/view.ts';
import { type OperationsMeta, operationsMeta } from './operations.ts';

/**
 * What the search index knows of a page besides its text: its site space and section as
 * Pagefind filters (the search dialog scopes to them), and its title, section, site space and
 * OpenAPI operations' methods (operations.ts) as result metadata, written as `data-*` attributes
 * on a hidden span (`searchScopeHtml`) in the page's search body, so titles with commas or colons
 * stay intact.
 */
export interface SearchScope extends OperationsMeta {
  siteSpaceId: string;
  sectionId?: string;
  sectionTitle?: string;
  /** Set only when the page's section has site spaces to tell apart. */
  siteSpaceTitle?: string;
  /** The titles above the page (its breadcrumbs: section, site space, ancestor pages), joined. */
  path?: string;
  /** `data-pagefind-filter`: which `data-*` attributes are filters. */
  filterAttribute: string;
  /** `data-pagefind-meta`: which `data-*` attributes are result metadata. */
  metaAttribute: string;
}

/** Between the titles of a result's path, as the page's breadcrumbs show them. */
export const PATH_SEPARATOR = ' / ';

export function searchScope(site: SiteView, page: PageView): SearchScope {
  const siteSpaceId = siteSpaceOf(page.key);
  const sectionTitle = site.tabs
    .flatMap((tab) => (tab.kind === 'section' ? [tab] : tab.sections))
    .find((tab) => tab.id === page.currentSectionId)?.title;
  const siteSpaceTitle =
    page.siteSpaces.length > 1 ? page.siteSpaces.find((v) => v.current)?.title : undefined;
  const operations = operationsMeta(page.outline, page.apiLayout === true);
  const path = (page.breadcrumbs ?? [])
    .map((crumb) => crumb.title.trim())
    .filter(Boolean)
    .join(PATH_SEPARATOR);
  return {
    ...operations,
    siteSpaceId,
    ...(page.currentSectionId !== undefined ? { sectionId: page.currentSectionId } : {}),
    ...(sectionTitle !== undefined ? { sectionTitle } : {}),
    ...(siteSpaceTitle !== undefined ? { siteSpaceTitle } : {}),
    ...(path ? { path } : {}),
    filterAttribute: ['space[data-space]', page.currentSectionId && 'section[data-section]']
      .filter(Boolean)
      .join(', '),
    metaAttribute: [
      'title[data-title]',
      sectionTitle && 'section[data-section-title]',
      siteSpaceTitle && 'variant[data-variant]',
      path && 'path[data-path]',
      operations.method && 'method[data-method]',
      operations.operations && 'operations[data-operations]',
    ]
      .filter(Boolean)
      .join(', '),
  };
}

/**
 * The hidden span that carries a page's search scope. The theme's page (`Page.astro`) and the
 * search document (`document.ts`) both write this one string, so what Pagefind indexes and what
 * the page's search dialog scopes to cannot drift apart. Attributes are written as Astro writes
 * them (no value when empty, only `&` and `"` escaped), so pages keep the bytes they had when
 * the span was markup in `Page.astro`.
 */
export function searchScopeHtml(site: SiteView, page: PageView): string {
  const scope = searchScope(site, page);
  const attributes: [name: string, value: string | undefined][] = [
    ['data-pagefind-filter', scope.filterAttribute],
    ['data-pagefind-meta', scope.metaAttribute],
    ['data-space', scope.siteSpaceId],
    ['data-section', scope.sectionId],
    ['data-title', page.title],
    ['data-section-title', scope.sectionTitle],
    ['data-variant', scope.siteSpaceTitle],
    ['data-path', scope.path],
    ['data-method', scope.method],
    ['data-operations', scope.operations],
  ];
  const written = attributes
    .map(([name, value]) => (value === undefined ? '' : attribute(name, value)))
    .join('');
  return `<span hidden data-op-search-scope${written}></span>`;
}

function attribute(name: string, value: string): string {
  if (value === '') return ` ${name}`;
  return ` ${name}="${value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`;
}
