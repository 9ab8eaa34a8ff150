/**
 * The public surface for themes: everything a theme component (the default theme's, or a
 * team's `--theme` override) imports from Offprint, as one stable specifier:
 *
 *   import type { FooterProps } from 'offprint:props';
 *
 * The build resolves `offprint:props` to this file (`theme-overrides.ts`). What a component
 * receives is decided before Astro runs and is already sanitized, its URLs checked
 * (`view.ts`). Every overridable component's props are `<Name>Props` here (a test holds that to
 * the folder); docs/theme-overrides.md lists the components with these props.
 * Rename or remove nothing here without a note in that doc: teams' overrides depend on it.
 */

import type { AdaptiveData } from '../adaptive/index.ts';
import type { IssueTarget } from '../analytics/index.ts';
import type { OutlineEntry } from '../markdown/index.ts';
import type { Breadcrumb, Pagination, SidebarItem, SiteSpaceLink } from '../site/types.ts';
import type { CoverView } from '../view/cover.ts';
import type { ImagePair, PageReview, PageView, SiteView, UiStrings } from '../view/view.ts';

export type { AdaptiveData } from '../adaptive/index.ts';
export { hasItemConditions } from '../adaptive/index.ts';
export { MERMAID_JS } from '../diagrams/bundle.ts';
export type { OutlineEntry } from '../markdown/index.ts';
export { fill } from '../markdown/strings.ts';
export { type SearchScope, searchScope, searchScopeHtml } from '../search/scope.ts';
export type {
  Breadcrumb,
  Pagination,
  SidebarItem,
  SiteSpaceLink,
  Tab,
} from '../site/types.ts';
export type { CoverImageView, CoverView } from '../view/cover.ts';
export { blockCountsText, plural } from '../view/plural.ts';
export type {
  ChromeView,
  HeaderLinkView,
  ImagePair,
  LinkView,
  PageReview,
  PageView,
  SiteView,
  UiStrings,
} from '../view/view.ts';
export { formatUpdated } from './dates.ts';
export { KATEX_CSS } from './katex.ts';
export { pageActionsView } from './page-actions.ts';
export { keepSharedHtml, sharedHtml } from './shared-html.ts';
export { sidebarListHtml } from './sidebar-html.ts';

/** `Head`: the tags inside `<head>`. */
export interface HeadProps {
  site: SiteView;
  /** The page's title; the site title is appended unless they are the same. */
  title: string;
  description?: string;
  noindex?: boolean;
  canonical?: string;
}

/** `Header`: logo or title, section tabs, search, header links, theme toggle. */
export interface HeaderProps {
  site: SiteView;
  currentSectionId?: string;
  /**
   * The page has a sidebar. Every page has the phone-width menu (it holds the section tabs,
   * header links and theme toggle too); the sidebar joins them when there is one.
   */
  menu?: boolean;
}

/** `Footer`: the customization's footer. */
export interface FooterProps {
  site: SiteView;
}

/** `Layout`: the HTML shell of every page; slots: default, `head`, `banner`. */
export interface LayoutProps extends HeadProps {
  currentSectionId?: string;
  /** The page has a sidebar, which joins the phone-width menu (`HeaderProps.menu`). */
  menu?: boolean;
}

/** `Page`: a document page; its default slot is a local page's content. */
export interface PageProps {
  site: SiteView;
  page: PageView;
}

/** `Sidebar`: the page's site space navigation. */
export interface SidebarProps {
  items: SidebarItem[];
  strings: UiStrings;
  /** Sections and site spaces with a condition (adaptive content): links into them start hidden. */
  conditioned?: { sections: readonly string[]; siteSpaces: readonly string[] };
}

/** `PageHeader`: emoji or icon, title and description, over the cover when it is a background. */
export interface PageHeaderProps {
  page: PageView;
}

/** `PageCover`: the page's cover image, one per colour scheme, laid out as `size` says. */
export interface PageCoverProps {
  cover: CoverView;
  size: PageView['layout']['coverSize'];
}

/** `Outline`: "On this page". */
export interface OutlineProps {
  entries: OutlineEntry[];
  label: string;
}

/** `Pagination`: previous and next links. */
export interface PaginationProps {
  pagination: Pagination;
  strings: UiStrings;
}

/** `Adaptive`: the build's conditions as JSON, and the script that evaluates them. */
export interface AdaptiveProps {
  data: AdaptiveData;
}

/** `Announcement`: the site's announcement banner; nothing when the site has none. */
export interface AnnouncementProps {
  site: SiteView;
}

/** `Breadcrumbs`: the page's ancestors. */
export interface BreadcrumbsProps {
  items: Breadcrumb[];
  label: string;
}

/** `DownloadPdf`: the link to the page's site space as one PDF. */
export interface DownloadPdfProps {
  href: string;
  label: string;
}

/** `EditLink`: "Edit on GitHub/GitLab", to the page's file in its Git-synced repository. */
export interface EditLinkProps {
  url: string;
  /** `GitHub`, `GitLab` or `Git`. */
  providerName: string;
  /** `strings.editOnGit`: `{provider}` marks where the name goes. */
  label: string;
}

/** `LanguageAlternates`: `<link rel="alternate" hreflang>` for the page's language variants. */
export interface LanguageAlternatesProps {
  alternates: { hreflang: string; href: string }[];
}

/**
 * `Feedback`: "Was this page helpful?", posting to `endpoint`, offering a new issue in `issues`,
 * told to the analytics providers (whichever of them the build was given).
 */
export interface FeedbackProps {
  endpoint?: string | undefined;
  issues?: IssueTarget | undefined;
  /** The page's URL, sent with the answer. */
  page: string;
  strings: UiStrings;
}

/** `HeaderLinks`: the customization's header links. */
export interface HeaderLinksProps {
  site: SiteView;
}

/** `ChangeNotice`: a change-request preview's note on a page it changed, with "Show changes". */
export interface ChangeNoticeProps {
  review: PageReview;
  strings: UiStrings;
  /** The site's language (`<html lang>`): the counts' plural forms are its own. */
  lang: string;
}

/** `LastUpdated`: "Last updated" and the date, in the site's language. */
export interface LastUpdatedProps {
  updatedAt: string;
  lang: string;
  label: string;
}

/** `Logo`: a logo as two images, one per color scheme. */
export interface LogoProps {
  logo: ImagePair;
  alt: string;
  class?: string;
}

/** `MenuButton`: the phone-width button that opens the sidebar. */
export interface MenuButtonProps {
  strings: UiStrings;
}

/** `MermaidScript`: Mermaid for diagrams the build could not draw. */
export interface MermaidScriptProps {
  base: string;
}

/** `Operations`: the API operations' script (no props). */
export type OperationsProps = Record<never, never>;

/** `PageActions`: the page actions menu button. */
export interface PageActionsProps {
  site: SiteView;
  page: PageView;
}

/** `PrintButton`: "Print or save as PDF". */
export interface PrintButtonProps {
  label: string;
}

/** `Search`: the header's search control. */
export interface SearchProps {
  site: SiteView;
  /** `styling.search` of the site's customizations: a class hook for the theme. */
  appearance?: 'prominent' | 'subtle';
}

/**
 * `Shared`: renders its default slot once per site view and `key`, and inserts that HTML on
 * later pages. The key must name every prop the content depends on besides the site.
 */
export interface SharedProps {
  site: SiteView;
  key: string;
}

/** `SocialMeta`: canonical link, feed links, OpenGraph and Twitter card tags (in `<head>`). */
export interface SocialMetaProps {
  site: SiteView;
  page: PageView;
}

/** `TabsScript`: the script of `{% tabs %}` (no props). */
export type TabsScriptProps = Record<never, never>;

/** `ThemeToggle`: the light / dark / system button. */
export interface ThemeToggleProps {
  site: SiteView;
}

/** `VariantSwitcher`: the site spaces of the page's section. */
export interface VariantSwitcherProps {
  siteSpaces: SiteSpaceLink[];
  label: string;
  /** Site spaces with a condition: hidden until the visitor's claims show them. */
  conditioned?: readonly string[];
}
