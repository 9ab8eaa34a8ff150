import type { PageLayoutModel } from '../site/types.ts';
import type { Dimensions } from './files.ts';

/**
 * The in-memory state of the local platform. Loaded from the site folder, mutated by write
 * routes (never written back), turned into API bodies by `resources.ts`. Everything that
 * depends on the server's address (absolute URLs) is added when serializing, not stored here.
 */
export interface LocalModel {
  /** Absolute, real path of the site folder. */
  dir: string;
  organization: OrganizationRecord;
  sites: SiteRecord[];
  spaces: Map<string, SpaceRecord>;
  /** Every content (space or change request) by revision id: what file downloads look up. */
  revisions: Map<string, Content>;
  /** Counter behind the ids of sites created through the API. */
  created: number;
}

export interface OrganizationRecord {
  id: string;
  title: string;
  hostname?: string;
  /** Other members of organization.yaml, passed through to the Organization body. */
  extra: Record<string, unknown>;
}

export type SiteVisibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth';

export interface SiteRecord {
  id: string;
  title: string;
  visibility: SiteVisibility;
  published: boolean;
  basename?: string;
  hostname?: string;
  proxy?: string;
  adaptiveContent?: { enabled: boolean };
  customizations: Record<string, unknown>;
  adaptiveSchema?: { jsonSchema: Record<string, unknown>; updatedAt: string };
  shareLinks: ShareLinkRecord[];
  sectionGroups: SectionGroupRecord[];
  sections: SectionRecord[];
  /** Site spaces of a site without sections. */
  siteSpaces: SiteSpaceRecord[];
  createdAt: string;
  /** Counter behind the ids of resources created through the API. */
  created: number;
}

export interface ShareLinkRecord {
  id: string;
  name?: string;
  key: string;
  active: boolean;
  createdAt: string;
}

export interface SectionGroupRecord {
  id: string;
  title: string;
  icon?: string;
}

export interface SectionRecord {
  id: string;
  title: string;
  path: string;
  default: boolean;
  icon?: string;
  description?: string;
  condition?: string;
  group?: string;
  siteSpaces: SiteSpaceRecord[];
}

export interface SiteSpaceRecord {
  id: string;
  space: string;
  title?: string;
  path: string;
  default: boolean;
  condition?: string;
  /** Members the site file gives beyond the known ones (e.g. `hidden`), served as written. */
  extra: Record<string, unknown>;
}

export interface SpaceRecord {
  id: string;
  title: string;
  emoji: string;
  visibility: string;
  editMode: 'live' | 'locked';
  updatedAt: string;
  /** `space.yaml`'s `language`. */
  language?: string;
  /** `space.yaml`'s `gitSync`: the repository the space is synced with. */
  gitSync?: GitSyncRecord;
  content: Content;
  changeRequests: ChangeRequestRecord[];
}

export interface GitSyncRecord {
  provider: 'github' | 'gitlab';
  /** The repository's web URL, without `.git` or a trailing slash. */
  repository: string;
  branch: string;
  /** `''`, or a folder path without leading or trailing slashes. */
  directory: string;
}

export interface ChangeRequestRecord {
  id: string;
  number: number;
  subject: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  /** The space's revision the request started from (`revisionInitial`). */
  initial: Content;
  content: Content;
}

/** One revision of a space: the main content, or a change request's overlay of it. */
export interface Content {
  spaceId: string;
  revisionId: string;
  parents: string[];
  /** Roots of the page tree, in SUMMARY order. */
  pages: FolderPage[];
  pagesById: Map<string, FolderPage>;
  /** Page id by page file path (relative to the space): what `.md` links resolve through. */
  pageIdByFile: Map<string, string>;
  files: FileEntry[];
  filesById: Map<string, FileEntry>;
  filesByPath: Map<string, FileEntry>;
  reusables: ReusableEntry[];
  reusablesByPath: Map<string, ReusableEntry>;
}

export type FolderPage = DocumentPage | GroupPage | LinkPage;

interface PageBase {
  id: string;
  title: string;
  children: FolderPage[];
}

export interface DocumentPage extends PageBase {
  type: 'document';
  path: string;
  slug: string;
  /** Page file relative to the space root; relative links in its markdown resolve from it. */
  file: string;
  /** Where the page file is, relative to the site folder: for error messages. */
  source: string;
  oid: string;
  documentId: string;
  /** Markdown body without front matter, as written in the folder. */
  markdown: string;
  description?: string;
  icon?: string;
  emoji?: string;
  hidden: boolean;
  noIndex: boolean;
  noRobotsIndex: boolean;
  cover?: { file: string; fileDark?: string; yPos?: number; height?: number };
  layout: PageLayout;
  /** Front matter `updatedAt` (local only: the platform keeps this date itself). */
  updatedAt?: string;
}

/** A page's layout with every flag decided, as the platform serves it and the site model reads it. */
export type PageLayout = PageLayoutModel;

export interface GroupPage extends PageBase {
  type: 'group';
  path: string;
  slug: string;
}

export interface LinkPage extends PageBase {
  type: 'link';
  url: string;
}

export interface FileEntry {
  id: string;
  name: string;
  /** Path relative to the space root (`.gitbook/assets/logo.png`). */
  path: string;
  /** Absolute path on disk, checked at load time to be inside the site folder. */
  abs: string;
  size: number;
  oid: string;
  contentType: string;
  dimensions?: Dimensions;
}

export interface ReusableEntry {
  id: string;
  title: string;
  /** Path relative to the space root (`.gitbook/includes/x.md`). */
  file: string;
  oid: string;
  markdown: string;
}
