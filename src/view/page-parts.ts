/**
 * What a page shows beside its content, decided from the site and the page before Astro runs,
 * so the theme's `Page` only reads fields and lays them out, and an override of it copies no
 * logic. Every field is absent when false, as `apiLayout` is: page views stay small.
 */
import { type AdaptiveData, hasItemConditions } from '../adaptive/index.ts';
import type { PageView, SiteView } from './view.ts';

export type PageParts = Pick<
  PageView,
  | 'showOutline'
  | 'showVariants'
  | 'showLastUpdated'
  | 'unavailableNotice'
  | 'adaptiveScript'
  | 'pdfDownload'
  | 'changeRequest'
>;

type SiteInput = Pick<SiteView, 'adaptive' | 'changeRequest'> & {
  chrome: Pick<SiteView['chrome'], 'pdfDownloads' | 'editLinks'>;
};

type PageInput = Pick<
  PageView,
  | 'key'
  | 'layout'
  | 'outline'
  | 'updatedAt'
  | 'siteSpaces'
  | 'currentSectionId'
  | 'changeRequest'
  | 'adaptiveRegions'
>;

export function pageParts(site: SiteInput, page: PageInput): PageParts {
  const siteSpaceId = siteSpaceOf(page.key);
  const adaptive = site.adaptive;
  // The evaluator loads on sites with conditioned sections or site spaces, and on pages with
  // `{% if %}` regions.
  const adaptiveScript =
    adaptive !== undefined && (hasItemConditions(adaptive) || page.adaptiveRegions === true);
  // A page of a conditioned section or site space carries the notice its visitor sees when the
  // condition is false.
  const unavailableNotice =
    adaptive !== undefined &&
    ((page.currentSectionId !== undefined &&
      adaptive.sections[page.currentSectionId] !== undefined) ||
      adaptive.siteSpaces[siteSpaceId] !== undefined);
  // A change-request build says so on every page, not only on the pages of the changed space.
  const changeRequest = page.changeRequest ?? site.changeRequest;
  // The PDF of the page's site space, when this build prints it.
  const pdfDownload = site.chrome.pdfDownloads?.[siteSpaceId];
  return {
    ...outlineShown(page.layout, page.outline),
    ...(page.siteSpaces.length > 1 ? { showVariants: true } : {}),
    ...(page.layout.metadata && page.updatedAt ? { showLastUpdated: true } : {}),
    ...(unavailableNotice ? { unavailableNotice: true } : {}),
    ...(adaptiveScript ? { adaptiveScript: true } : {}),
    ...(pdfDownload ? { pdfDownload } : {}),
    ...(changeRequest ? { changeRequest } : {}),
  };
}

/**
 * `showOutline`: the layout asks for an outline and the page has headings. Apart, because a
 * local page's headings are known only once Astro compiled it (src/pages/[...slug].astro).
 */
export function outlineShown(
  layout: Pick<PageView['layout'], 'outline'>,
  outline: readonly unknown[],
): Pick<PageView, 'showOutline'> {
  return layout.outline && outline.length > 0 ? { showOutline: true } : {};
}

/** A page's site space: the first part of its key (`<siteSpaceId>:<pageId>`). */
export function siteSpaceOf(key: string): string {
  return key.slice(0, key.indexOf(':'));
}

/** The site view's `conditioned`: the ids of the sections and site spaces with a condition. */
export function conditionedItems(adaptive: AdaptiveData): NonNullable<SiteView['conditioned']> {
  return { sections: Object.keys(adaptive.sections), siteSpaces: Object.keys(adaptive.siteSpaces) };
}
