import type { OutlineEntry, RenderFeatures } from '../markdown/index.ts';
import type {
  Breadcrumb,
  PageModel,
  Pagination,
  SidebarItem,
  Tab,
  VariantLink,
} from '../site/types.ts';

/**
 * What the theme receives: everything a page shows, decided before Astro runs. The Astro side
 * only lays it out, so the theme stays replaceable and per-page work stays small.
 */

/** The same for every page of the site: written once, read once per build. */
export interface SiteView {
  title: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  base: string;
  tabs: Tab[];
  /** Pages carry `noindex` (a site not public). */
  noindex: boolean;
  strings: UiStrings;
  /** The site's generated theme stylesheet (src/theme), content-hashed, under the base. */
  themeCssUrl: string;
  /** Classes for `<html>`: the customization's style, corners, links and sidebar choices. */
  htmlClass: string;
  /** `themes.default`: `light` and `dark` set `data-theme` on `<html>`; `system` follows the OS. */
  defaultTheme: 'light' | 'dark' | 'system';
}

export interface UiStrings {
  onThisPage: string;
  previous: string;
  next: string;
  skipToContent: string;
  menu: string;
  variant: string;
  breadcrumbs: string;
  sections: string;
  copy: string;
  copied: string;
  notFoundTitle: string;
  notFoundText: string;
  backHome: string;
  lastUpdated: string;
  previewOf: string;
  externalLink: string;
  /** The search control and dialog. */
  search: string;
  searchPlaceholder: string;
  searchClose: string;
  /** The control that widens the search from the reader's site space to the whole site. */
  searchWholeSite: string;
  searchResults: string;
  searchLoading: string;
  searchNoResults: string;
  /** `{count}` is replaced by the number of pages found. */
  searchResultCount: string;
  searchUnavailable: string;
  searchHelp: string;
}

/** One page's view, stored as one JSON file and read by the page that renders it. */
export interface PageView {
  key: string;
  url: string;
  outputFile: string;
  title: string;
  emoji?: string;
  icon?: string;
  /** Shown under the title. */
  description?: string;
  /** For `<meta name="description">`: the description, else the text's opening. */
  metaDescription?: string;
  layout: PageModel['layout'];
  cover?: { url: string; darkUrl?: string; width?: number; height?: number; yPos?: number };
  updatedAt?: string;
  robotsNoIndex: boolean;
  indexable: boolean;
  html: string;
  outline: OutlineEntry[];
  features: RenderFeatures;
  currentSectionId?: string;
  variants: VariantLink[];
  sidebar: SidebarItem[];
  breadcrumbs: Breadcrumb[];
  pagination: Pagination;
  changeRequest?: { number: number; subject: string };
  /** Set for an alias page: it only redirects to the canonical URL. */
  redirectTo?: string;
}
