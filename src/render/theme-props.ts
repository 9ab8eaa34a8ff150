/**
 * The public surface for themes: everything a theme component (the default theme's, or a
 * team's `--theme` override) imports from Offprint, as one stable specifier:
 *
 *   import type { FooterProps } from 'offprint:props';
 *
 * The build resolves `offprint:props` to this file (`theme-overrides.ts`). What a component
 * receives is decided before Astro runs and is already sanitized, its URLs checked
 * (`view.ts`). docs/theme-overrides.md lists the overridable components with these props.
 * Rename or remove nothing here without a note in that doc: teams' overrides depend on it.
 */
import type { OutlineEntry } from '../markdown/index.ts';
import type { Pagination, SidebarItem } from '../site/types.ts';
import type { PageView, SiteView, UiStrings } from '../view/view.ts';

export type { AdaptiveData } from '../adaptive/index.ts';
export { hasItemConditions } from '../adaptive/index.ts';
export { MERMAID_JS } from '../diagrams/bundle.ts';
export type { OutlineEntry } from '../markdown/index.ts';
export { type SearchScope, searchScope, searchScopeHtml } from '../search/scope.ts';
export type {
  Breadcrumb,
  Pagination,
  SidebarItem,
  SiteSpaceLink,
  Tab,
} from '../site/types.ts';
export type {
  ChromeView,
  HeaderLinkView,
  ImagePair,
  LinkView,
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
  /** The page has a sidebar: at phone width it opens from a menu button. */
  menu?: boolean;
}

/** `Footer`: the customization's footer. */
export interface FooterProps {
  site: SiteView;
}

/** `Layout`: the HTML shell of every page; slots: default, `head`, `banner`. */
export interface LayoutProps extends HeadProps {
  currentSectionId?: string;
  /** The page has a sidebar, which a menu button opens at phone width. */
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

/** `PageHeader`: cover, emoji or icon, title and description. */
export interface PageHeaderProps {
  page: PageView;
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
