import type { PageView, SiteView } from '../view/view.ts';

/**
 * What the search index knows of a page besides its text: its site space and section as
 * Pagefind filters (the search dialog scopes to them), and its title, section and variant as
 * result metadata. The theme writes these as `data-*` attributes on a hidden span in the page's
 * search body, so titles with commas or colons stay intact; the search documents of the render
 * (`document.ts`) carry the same span.
 */
export interface SearchScope {
  siteSpaceId: string;
  sectionId?: string;
  sectionTitle?: string;
  /** Set only when the page has variants to tell apart. */
  variantTitle?: string;
  /** `data-pagefind-filter`: which `data-*` attributes are filters. */
  filterAttribute: string;
  /** `data-pagefind-meta`: which `data-*` attributes are result metadata. */
  metaAttribute: string;
}

export function searchScope(site: SiteView, page: PageView): SearchScope {
  const siteSpaceId = page.key.slice(0, page.key.indexOf(':'));
  const sectionTitle = site.tabs
    .flatMap((tab) => (tab.kind === 'section' ? [tab] : tab.sections))
    .find((tab) => tab.id === page.currentSectionId)?.title;
  const variantTitle =
    page.variants.length > 1 ? page.variants.find((v) => v.current)?.title : undefined;
  return {
    siteSpaceId,
    ...(page.currentSectionId !== undefined ? { sectionId: page.currentSectionId } : {}),
    ...(sectionTitle !== undefined ? { sectionTitle } : {}),
    ...(variantTitle !== undefined ? { variantTitle } : {}),
    filterAttribute: ['space[data-space]', page.currentSectionId && 'section[data-section]']
      .filter(Boolean)
      .join(', '),
    metaAttribute: [
      'title[data-title]',
      sectionTitle && 'section[data-section-title]',
      variantTitle && 'variant[data-variant]',
    ]
      .filter(Boolean)
      .join(', '),
  };
}
