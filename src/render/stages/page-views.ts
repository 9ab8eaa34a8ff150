import { absoluteUrl } from '../../hosting/index.ts';
import { hreflangTag, type PageModel, type SiteModel } from '../../site/index.ts';
import { isApiLayout } from '../../view/api-layout.ts';
import { coverView } from '../../view/cover.ts';
import { pageParts } from '../../view/page-parts.ts';
import type { PageView, SiteView } from '../../view/view.ts';

/** What absolute URLs in a page's head need: the origin, and the site logo as a fallback image. */
export interface SocialContext {
  origin?: string;
  /** The header logo, absolute. */
  logo?: string;
  /** The site's own social preview image, absolute: every page's `og:image` (stages/share-cards.ts). */
  preview?: string;
  /** The page's share card (its absolute URL queued to be drawn), when cards are on. */
  card?: (
    page: PageModel,
  ) => { url: string; width: number; height: number; alt: string } | undefined;
}

/** What of the site view decides what a page shows (`page-parts.ts`), and its language. */
export type SiteParts = Parameters<typeof pageParts>[0] & Pick<SiteView, 'lang' | 'dir'>;

/**
 * A page's view: its rendered content with the navigation the site model gives it, and what it
 * shows beside them (`page-parts.ts`).
 */
export function pageView(
  model: SiteModel,
  site: SiteParts,
  page: PageModel,
  rendered: {
    html: string;
    outline: PageView['outline'];
    /** `adaptiveRegions`: the HTML holds `{% if %}` regions for the browser to evaluate. */
    features: PageView['features'] & { adaptiveRegions?: boolean };
    excerpt: string;
    text: string;
  },
  social: SocialContext,
): PageView {
  const { adaptiveRegions, ...features } = rendered.features;
  const siteSpace = model.siteSpace(page.siteSpaceId);
  const canonicalUrl = absoluteUrl(social.origin, page.url);
  const card = social.preview ? undefined : social.card?.(page);
  const image =
    social.preview ?? card?.url ?? absoluteUrl(social.origin, page.cover?.light.url) ?? social.logo;
  const languageAlternates = social.origin
    ? model.languageAlternatesFor(page.key).map((alternate) => ({
        hreflang: alternate.hreflang,
        href: absoluteUrl(social.origin, alternate.url) as string,
      }))
    : [];
  const editLink = site.chrome.editLinks ? model.editLinkFor(page.key) : undefined;
  const contentLanguage = contentLanguageOf(siteSpace?.language, site);
  const view: PageView = {
    key: page.key,
    url: page.url,
    outputFile: page.outputFile,
    title: page.title,
    emoji: page.emoji,
    icon: page.icon,
    description: page.description,
    metaDescription: metaDescription(page.description || rendered.excerpt || page.title),
    ...(canonicalUrl ? { canonicalUrl } : {}),
    ...(image ? { socialImage: image } : {}),
    ...(card ? { socialCard: { width: card.width, height: card.height, alt: card.alt } } : {}),
    layout: page.layout,
    ...(page.cover ? { cover: coverView(page.cover, model.images, page.layout.coverSize) } : {}),
    updatedAt: page.updatedAt,
    robotsNoIndex: page.robotsNoIndex,
    indexable: page.indexable,
    html: rendered.html,
    outline: rendered.outline,
    features,
    ...(isApiLayout(features, rendered.text) ? { apiLayout: true as const } : {}),
    currentSectionId: page.sectionId,
    siteSpaces: model.siteSpaceLinks(page.key),
    sidebar: model.sidebarFor(page.key),
    breadcrumbs: model.breadcrumbsFor(page.key),
    pagination: model.paginationFor(page.key),
    changeRequest: siteSpace?.changeRequest && {
      number: siteSpace.changeRequest.number,
      subject: siteSpace.changeRequest.subject,
    },
    ...(adaptiveRegions ? { adaptiveRegions: true } : {}),
    ...(languageAlternates.length > 0 ? { languageAlternates } : {}),
    ...(editLink ? { editLink } : {}),
    ...(contentLanguage ? { contentLanguage } : {}),
  };
  return { ...view, ...pageParts(site, view) };
}

/** The site space's language, when it is not the interface's (`PageView.contentLanguage`). */
function contentLanguageOf(
  language: string | undefined,
  site: Pick<SiteView, 'lang' | 'dir'>,
): PageView['contentLanguage'] {
  if (!language) return undefined;
  const lang = hreflangTag(language);
  const primary = (tag: string) => tag.split('-')[0]?.toLowerCase();
  if (primary(lang) === primary(site.lang)) return undefined;
  const dir = directionOf(lang);
  return { lang, ...(dir !== site.dir ? { dir } : {}) };
}

/** A language's writing direction, as the runtime's locale data gives it (`ltr` when unknown). */
function directionOf(lang: string): 'ltr' | 'rtl' {
  try {
    const locale = new Intl.Locale(lang) as Intl.Locale & {
      getTextInfo?: () => { direction?: string };
    };
    return locale.getTextInfo?.().direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/** A local page: its navigation as any page's; its content is its file, rendered by Astro. */
export function localPageView(
  model: SiteModel,
  site: SiteParts,
  page: PageModel,
  social: SocialContext,
): PageView {
  return {
    ...pageView(
      model,
      site,
      page,
      {
        html: '',
        outline: [],
        features: { mermaid: false, math: false, tabs: false },
        excerpt: '',
        text: '',
      },
      social,
    ),
    local: true,
  };
}

/** The layout of a page the build writes itself (no cover, no page actions, no metadata). */
export const PLAIN_LAYOUT: PageView['layout'] = {
  width: 'default',
  cover: false,
  coverSize: 'hero',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: false,
  tags: false,
  actions: false,
};

/** An old URL of a page: a page that sends the reader on to its canonical URL. */
export function aliasView(
  url: string,
  outputFile: string,
  canonicalUrl: string,
  title: string,
): PageView {
  return {
    key: `alias:${url}`,
    url,
    outputFile,
    title,
    layout: PLAIN_LAYOUT,
    robotsNoIndex: true,
    indexable: false,
    html: '',
    outline: [],
    features: { mermaid: false, math: false, tabs: false },
    siteSpaces: [],
    sidebar: [],
    breadcrumbs: [],
    pagination: {},
    redirectTo: canonicalUrl,
  };
}

/** A meta description stays short: search results show about 160 characters. */
export const META_DESCRIPTION_LENGTH = 160;

function metaDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= META_DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, META_DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > META_DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, '')}…`;
}
