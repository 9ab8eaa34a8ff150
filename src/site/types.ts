import type { File, Page, ReusableContent } from '../api/schemas/index.ts';
import type { SpaceEntry, Structure } from '../snapshot/format.ts';
import type { ChangeRequestView } from '../snapshot/records.ts';
import type { GitSource } from './edit-links.ts';

/** What `buildSiteModel` needs: the snapshot's data, already read (tests build it in memory). */
export interface SiteModelInput {
  site: {
    id?: string;
    title: string;
    basename?: string;
    visibility?: string;
    /** `internationalization.locale`: the language of site spaces whose space sets none. */
    language?: string;
  };
  structure: Structure;
  /** The manifest's space entries: stored files (content hashes) and change requests. */
  manifest: {
    spaces: readonly (Pick<SpaceEntry, 'spaceId' | 'files'> & {
      changeRequest?: ChangeRequestView;
    })[];
  };
  /** Each shown space's revision, by space id. */
  revisions: ReadonlyMap<string, RevisionContent>;
  /** A Git-synced space's git data (its `gitSync`, its revision's `git`), by space id. */
  git?: ReadonlyMap<string, GitSource>;
  /** `--base`; default the site's `basename`, else `/`. */
  base?: string;
  /** Pages from the user's own repository (`--pages`), placed among the platform's. */
  localPages?: readonly LocalPageInput[];
  /** Spaces the pages link to that the site does not show, where the platform links them: its
   * published URL, else its app URL (links into them lead there rather than being broken). */
  linkedSpaces?: Readonly<Record<string, { title: string; published?: string; app?: string }>>;
  /** A change-request preview: how each page the request changed was changed, by space id and
   * page id (the sidebar marks them). */
  changes?: ReadonlyMap<string, ReadonlyMap<string, PageChangeKind>>;
}

/** How a change request changed a page that it keeps. */
export type PageChangeKind = 'added' | 'edited' | 'moved';

/** A local page's place in the site, from its file path and front matter (src/local-pages). */
export interface LocalPageInput {
  /** The file relative to the pages directory, `/`-separated: how messages name it. */
  file: string;
  /** Its URL below the base, as safe segments (from the file path). */
  segments: string[];
  title: string;
  description?: string;
  /** A section's id or path. */
  section?: string;
  sidebar?: { before?: string; after?: string; hidden?: boolean };
  /** The URL path (below the base) of the platform page it takes the place of. */
  replaces?: string;
}

export interface RevisionContent {
  pages: readonly Page[];
  files?: readonly File[];
  reusableContents?: readonly ReusableContent[];
}

export interface SectionModel {
  id: string;
  title: string;
  description?: string;
  icon?: string;
  groupId?: string;
  /** The section at the site root. */
  default: boolean;
  condition?: string;
  /** Root of its default site space. */
  url: string;
  /** Shown site spaces, in site order; the first is not necessarily the default. */
  siteSpaceIds: string[];
  defaultSiteSpaceId: string;
}

export interface SiteSpaceModel {
  id: string;
  spaceId: string;
  sectionId?: string;
  title: string;
  /** The default site space of its section (or of a site without sections). */
  default: boolean;
  condition?: string;
  /** Its space's `language`, when set (a language variant: src/site/languages.ts). */
  language?: string;
  /** The space's root: where its first page answers. */
  url: string;
  /** Key of the page at `url`, when the space has a document page. */
  homeKey?: string;
  /** Set when this space's content is a change request's: the preview banner. */
  changeRequest?: ChangeRequestView;
}

export interface PageLayoutModel {
  width: 'default' | 'wide';
  cover: boolean;
  /** `hero`: a banner above the title; `full`: the page's full width; `background`: behind the
   * title and description. */
  coverSize: 'hero' | 'full' | 'background';
  title: boolean;
  description: boolean;
  tableOfContents: boolean;
  outline: boolean;
  pagination: boolean;
  /** The "Last updated" line (from `updatedAt`). */
  metadata: boolean;
  /** The page's tags (the theme has no tag list yet: the platform's tag data is not read). */
  tags: boolean;
  /** The page actions menu (copy, view as Markdown, open in an assistant). */
  actions: boolean;
}

/** A downloaded file as the built site serves it. */
export interface AssetModel {
  fileId: string;
  spaceId: string;
  /** `<base>assets/<sha256 first 16>/<safe name>` */
  url: string;
  /** Relative to the output directory. */
  outputFile: string;
  sha256: string;
  name: string;
  contentType?: string;
  size: number;
  width?: number;
  height?: number;
}

export interface CoverModel {
  light: AssetModel;
  dark?: AssetModel;
  /** The platform's vertical focal offset: image pixels the image is moved down from its centre. */
  yPos?: number;
  /** The height the cover is shown at, in CSS pixels. */
  height?: number;
}

/** A page that becomes HTML: a document or computed page. */
export interface PageModel {
  /** `${siteSpaceId}:${pageId}`: stable across builds. */
  key: string;
  pageId: string;
  siteSpaceId: string;
  spaceId: string;
  sectionId?: string;
  kind: 'document' | 'computed';
  /** `computed.type`, e.g. `builtin:openapi`. */
  computedType?: string;
  title: string;
  /** Shorter title for navigation (`linkTitle`), else the title. */
  navTitle: string;
  emoji?: string;
  icon?: string;
  description?: string;
  /** Its path in the space as URL segments joined by `/` (safe; `''` never for a page). */
  path: string;
  /** Canonical URL (the space root for the space's first page). */
  url: string;
  /** Other URLs that answer with this page (the first page's own path). */
  aliases: string[];
  /** `url`'s file relative to the output directory. */
  outputFile: string;
  layout: PageLayoutModel;
  cover?: CoverModel;
  /** Built, but out of navigation, pagination and search (also when an ancestor is hidden). */
  hidden: boolean;
  noIndex: boolean;
  /** Goes into the search index: not hidden and not `noIndex`. */
  indexable: boolean;
  /** `<meta name="robots" content="noindex">`: the page's `noIndex` or `noRobotsIndex`, or a site not public. */
  robotsNoIndex: boolean;
  updatedAt?: string;
  /** Where its markdown is: `snapshot.pageMarkdown(spaceId, pageId)`; `path` is the file path
   * in the space (`currentPath` for the markdown renderer's references). */
  source: { spaceId: string; pageId: string; path: string };
  /** A page from the user's repository (`--pages`): Astro renders its file, not markdown. */
  local?: { file: string };
  /** A document page's file in a Git-synced space (`git.path`, relative to the synced root). */
  gitPath?: string;
}

/** A URL that answers with a page it is not canonical for. */
export interface AliasModel {
  url: string;
  outputFile: string;
  pageKey: string;
  canonicalUrl: string;
}

export interface SectionTab {
  kind: 'section';
  id: string;
  title: string;
  icon?: string;
  description?: string;
  url: string;
  groupId?: string;
}

/** A section group: a dropdown of its sections in the top tabs. */
export interface SectionGroupTab {
  kind: 'group';
  id: string;
  title: string;
  icon?: string;
  sections: SectionTab[];
}

export type Tab = SectionTab | SectionGroupTab;

export interface SiteSpaceLink {
  siteSpaceId: string;
  title: string;
  url: string;
  current: boolean;
  /** `url` is the same page in that site space (else it is the site space's root). */
  samePage: boolean;
}

export type SidebarItem =
  | {
      kind: 'page';
      key: string;
      title: string;
      url: string;
      emoji?: string;
      icon?: string;
      current?: true;
      /** A change-request preview: the request added, edited or moved this page. */
      change?: PageChangeKind;
      /** An ancestor of the current page: render expanded. */
      open?: true;
      /** Has children not listed here (collapsed): render a toggle that is closed. */
      hasChildren?: true;
      children?: SidebarItem[];
    }
  | { kind: 'group'; title: string; open?: true; children: SidebarItem[] }
  | {
      kind: 'link';
      title: string;
      url: string;
      external: boolean;
      emoji?: string;
      icon?: string;
      /** Where an internal link leads: adaptive content hides it with that space or section. */
      siteSpaceId?: string;
      sectionId?: string;
    }
  /** `count` entries of this list left out to keep the sidebar bounded. */
  | { kind: 'more'; count: number };

export interface Breadcrumb {
  title: string;
  /** Absent for groups (plain text). */
  url?: string;
}

export interface PageLink {
  key: string;
  title: string;
  url: string;
  emoji?: string;
  icon?: string;
}

export interface Pagination {
  prev?: PageLink;
  next?: PageLink;
}
