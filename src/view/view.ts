import type { AdaptiveData } from '../adaptive/index.ts';
import type { AnalyticsView, IssueTarget } from '../analytics/index.ts';
import type { ContentStrings, MarkdownFeatures, OutlineEntry } from '../markdown/index.ts';
import type {
  Breadcrumb,
  PageModel,
  Pagination,
  SidebarItem,
  SiteSpaceLink,
  Tab,
} from '../site/types.ts';
import type { CoverView } from './cover.ts';

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
  /** `styling.search`: how loud the header's search control is (unknown values → prominent). */
  searchAppearance: 'prominent' | 'subtle';
  /** The site's generated theme stylesheet (src/theme), content-hashed, under the base. */
  themeCssUrl: string;
  /** Classes for `<html>`: the customization's style, corners, links and sidebar choices. */
  htmlClass: string;
  /** `themes.default`: `light` and `dark` set `data-theme` on `<html>`; `system` follows the OS. */
  defaultTheme: 'light' | 'dark' | 'system';
  /** The header, footer, announcement, theme toggle and favicon (src/render/chrome.ts). */
  chrome: ChromeView;
  /** Conditions of sections and site spaces, and the claim types (src/adaptive). */
  adaptive?: AdaptiveData;
  /** With `adaptive`: the sections and site spaces that have a condition, which navigation
   * links to them start hidden for (the visitor's claims may show them). */
  conditioned?: { sections: string[]; siteSpaces: string[] };
  /** The origin the site is hosted at (`--site-url` or its hostname), for absolute URLs. */
  siteUrl?: string;
  /** A change-request build: every page says which change request it previews. */
  changeRequest?: { number: number; subject: string };
}

/** A light image and, when it differs, its dark counterpart; URLs already checked safe. */
export interface ImagePair {
  light: string;
  dark?: string;
  /** Copies the size they are shown at, by URL (`light` or `dark`), when the build made them. */
  sized?: Record<string, SizedImage>;
}

/**
 * An image in copies the size it is shown at (src/images): `<picture>` with one `<source>` a
 * type, and `src` in a format every browser shows; `width` and `height` as shown, at 1×.
 */
export interface SizedImage {
  src: string;
  width: number;
  height: number;
  sources: { type: string; srcset: string }[];
}

export interface LinkView {
  title: string;
  url: string;
  external: boolean;
}

export interface HeaderLinkView {
  title: string;
  /** Absent for a dropdown whose parent has no target of its own. */
  url?: string;
  external: boolean;
  style: 'link' | 'button-primary' | 'button-secondary';
  links?: LinkView[];
}

export interface ChromeView {
  logo?: ImagePair;
  headerLinks: HeaderLinkView[];
  footer?: {
    logo?: ImagePair;
    groups: { title: string; links: LinkView[] }[];
    copyright?: string;
  };
  announcement?: {
    message: string;
    link?: LinkView;
    style: 'info' | 'warning' | 'danger' | 'success';
    /** Remembers a dismissal (`localStorage`); absent for `danger`, which cannot be dismissed. */
    dismissKey?: string;
  };
  /** `themes.toggeable`: a light/dark/system button, remembered in `localStorage`. */
  themeToggle: boolean;
  /** The icon's light/dark URLs, else a generated letter icon (a `data:image/svg+xml` URL). */
  favicon: ImagePair;
  /** The inline `<head>` script that applies stored choices before first paint. */
  headScript: string;
  /** `pdf.enabled`: pages offer a "print or save as PDF" action. */
  print: boolean;
  /** `pdf.enabled` and this build prints PDFs: each site space's PDF, by its id (URL paths). */
  pdfDownloads?: Record<string, string>;
  /** `feedback.enabled` with an endpoint (`--feedback-url`): the "was this helpful?" control posts there. */
  feedbackUrl?: string;
  /**
   * `feedback.enabled` with somewhere to collect answers: the endpoint (`--feedback-url`), a
   * repository's new-issue page (`--feedback-issues`), the analytics providers' events.
   */
  feedback?: { endpoint?: string; issues?: IssueTarget; analytics?: true };
  /** The analytics providers (`analytics`, src/analytics): their tags and the theme script's settings. */
  analytics?: AnalyticsView;
  /** `git.showEditLink`: pages of Git-synced spaces link to their file ("Edit on GitHub"). */
  editLinks?: true;
}

/**
 * A phrase in each plural form of its language, by the `Intl.PluralRules` category (`one`,
 * `few`…; src/view/plural.ts); `other` is the one every language has. `{count}` marks the number.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** `{path}`, `{title}`, `{index}`/`{total}` and `{count}` mark where values go. */
export interface ReviewStrings {
  /** The changes page's title, and the banner's link to it. */
  changes: string;
  intro: string;
  added: string;
  edited: string;
  moved: string;
  removed: string;
  showChanges: string;
  movedFrom: string;
  /** A page the request gives a new title: "Renamed from “{title}”". */
  retitledFrom: string;
  addedPage: string;
  removedPage: string;
  /** An edited page's blocks added, removed and changed, each in every plural form. */
  blocks: { added: PluralForms; removed: PluralForms; changed: PluralForms };
  /** The control that takes the reader to the page's next changed block. */
  nextChange: string;
  /** What it announces once there: "Change {index} of {total}". */
  changePosition: string;
  none: string;
  outdated: string;
}

/** What a change request did to a page, as its preview says above the page's content. */
export interface PageReview {
  change: 'added' | 'edited' | 'moved' | 'removed';
  /** A moved page's path before the request. */
  previousPath?: string;
  /** A page the request gives a new title: the title it had. */
  previousTitle?: string;
  /** The page's HTML marks the blocks the request added and holds those it removed: the
   * "Show changes" toggle shows them. */
  blocks?: { added: number; removed: number; changed: number };
  /** The changes page. */
  changesUrl: string;
}

export interface UiStrings {
  /** The labels the markdown renderer writes into page content (OpenAPI sections, "Show more"). */
  content: ContentStrings;
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
  /** A change-request preview's review: its changes page, sidebar marks and page notices. */
  review: ReviewStrings;
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
  /** The same when one page is found (`{count}` is 1): "1 page found", not "1 pages found". */
  searchResultCountOne: string;
  searchUnavailable: string;
  /** Said above the results of a query whose misspelt words were corrected; `{query}` is
   * replaced by the corrected query. */
  searchShowingResultsFor: string;
  searchHelp: string;
  /** The theme toggle's label; `{theme}` is replaced by the current choice's name. */
  themeToggle: string;
  themeLight: string;
  themeDark: string;
  themeSystem: string;
  /** The announcement's close button. */
  dismissAnnouncement: string;
  /** The footer's landmark label. */
  footer: string;
  /** The landmark label of the customization's header links. */
  headerLinks: string;
  /** Shown instead of a page whose section or site space is hidden for this visitor. */
  notAvailable: string;
  /** The phone-width menu's close button. */
  closeMenu: string;
  /** `pdf.enabled`: the action that opens the browser's print dialog. */
  print: string;
  /** `pdf.enabled` with PDFs printed: the link to the page's section as one PDF. */
  downloadPdf: string;
  /** On a PDF's cover, before the content's revision. */
  pdfRevision: string;
  /** A whole-site PDF's part for a site space with no section or site space title. */
  pdfDocumentation: string;
  /** `git.showEditLink`: the link to a page's file; `{provider}` is GitHub, GitLab or Git. */
  editOnGit: string;
  /** `feedback.enabled`: the question and its answers, and what the reader sees after answering. */
  feedbackQuestion: string;
  feedbackYes: string;
  feedbackNo: string;
  feedbackThanks: string;
  /** After an answer, the link to a prefilled new issue (`--feedback-issues`). */
  feedbackIssue: string;
  /** The page actions menu (`layout.actions`): its button and items. */
  pageActions: string;
  copyPage: string;
  /** Announced after "Copy page" put the page's markdown on the clipboard. */
  pageCopied: string;
  viewMarkdown: string;
  openInChatGpt: string;
  openInClaude: string;
  /** The prompt an assistant opens with; `{url}` is the page's public `.md` URL. */
  assistantPrompt: string;
  /** The item that copies `npx offprint mcp <site URL>`, and what is announced once it has. */
  useWithAssistant: string;
  commandCopied: string;
  /** The "Test it" console of API operations (its button's label is `content.testIt`). */
  tryIt: TryItStrings;
}

export interface TryItStrings {
  url: string;
  noCredentials: string;
  token: string;
  username: string;
  password: string;
  apiKey: string;
  body: string;
  send: string;
  sending: string;
  close: string;
  response: string;
  /** `{ms}`: the time the answer took. */
  duration: string;
  /** A request that got no readable answer; `{origin}` is the docs' origin. */
  failed: string;
  badUrl: string;
  /** Where the credentials go (nowhere). */
  memory: string;
  empty: string;
  /** The label of the box that narrows a long list of parameters. */
  filter: string;
  /** No parameter's name holds the filter's `{term}`. */
  noMatch: string;
  /** The fold of a group's optional parameters; `{count}` is how many. */
  optional: string;
  /** Where the response will be, before the first one. */
  waiting: string;
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
  /** For `<meta name="description">` and OpenGraph: the description, else the text's opening
   * (at most 160 characters), else the title. */
  metaDescription?: string;
  /** The page's absolute URL, when the site's origin is known. */
  canonicalUrl?: string;
  /**
   * Absolute URL of the page's `og:image`: the site's social preview image, else the page's
   * share card, else (cards off) its cover, else the site's logo.
   */
  socialImage?: string;
  /** The page's RSS 2.0 and Atom feeds of its updates, absolute, when it has them (`<head>`). */
  feeds?: { rss: string; atom: string };
  /** Set when `socialImage` is the page's share card: its size and text (`og:image:*`). */
  socialCard?: { width: number; height: number; alt: string };
  layout: PageModel['layout'];
  /** Shown when `layout.cover` is; where, `layout.coverSize` says (`cover.ts`). */
  cover?: CoverView;
  updatedAt?: string;
  robotsNoIndex: boolean;
  indexable: boolean;
  html: string;
  outline: OutlineEntry[];
  features: MarkdownFeatures;
  currentSectionId?: string;
  siteSpaces: SiteSpaceLink[];
  sidebar: SidebarItem[];
  breadcrumbs: Breadcrumb[];
  pagination: Pagination;
  /** The change request this page previews: its site space's, else the build's (every page of
   * a change-request build says so). */
  changeRequest?: { number: number; subject: string; changesUrl?: string };
  /** A change-request preview: what the request did to this page (docs/change-requests.md). */
  review?: PageReview;
  /** Set for an alias page: it only redirects to the canonical URL. */
  redirectTo?: string;
  /** A page from the user's repository (`--pages`): the route renders its `.md`/`.mdx` file
   * (virtual:offprint/local-pages) in place of `html`. */
  local?: true;
  /** The HTML has `{% if %}` regions for the browser to evaluate (src/adaptive/regions.ts). */
  adaptiveRegions?: boolean;
  /** Mostly API operations: the wide two-column layout (`api-layout.ts`). */
  apiLayout?: true;
  // What the page shows beside its content, decided from the site and the page
  // (`page-parts.ts`); the theme only reads these.
  /** "On this page": the layout asks for it and the page has headings. */
  showOutline?: true;
  /** The section's site spaces to switch between: it has more than one. */
  showVariants?: true;
  /** "Last updated": the layout asks for it and the page has a date. */
  showLastUpdated?: true;
  /** The page is in a conditioned section or site space: it carries the notice a visitor sees
   * when the condition is false. */
  unavailableNotice?: true;
  /** The adaptive-content evaluator loads: the site has conditions, or the page `{% if %}`s. */
  adaptiveScript?: true;
  /** The URL of the page's site space as one PDF, when this build prints it. */
  pdfDownload?: string;
  /** The page in the other language variants of its section, itself included, then
   * `x-default` (src/site/languages.ts): `<link rel="alternate" hreflang>`. Absolute URLs: only
   * with a known origin. */
  languageAlternates?: { hreflang: string; href: string }[];
  /** `git.showEditLink` on a Git-synced space's page that is a file of it: "Edit on GitHub". */
  editLink?: { url: string; providerName: string };
  /**
   * The language of the page's content when its site space speaks another than the site's
   * interface (a French variant of an English site): `<main lang dir>`, so a screen reader, a
   * spell checker and hyphenation read the content as French while the chrome stays English.
   */
  contentLanguage?: { lang: string; dir?: 'ltr' | 'rtl' };
}
