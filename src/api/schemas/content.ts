import { z } from 'zod';
import { specText } from './bounds.ts';
import { ContentRef, DateTime, openEnum, resource } from './common.ts';

/**
 * Revision content: pages, files, reusable content, link reports (docs/platform.md
 * "What the resources carry"). The spec does not say which Page and Revision fields are required,
 * so only what every consumer needs is: ids, and a page's title.
 */

const GitInfo = z.looseObject({ oid: z.string().optional(), path: z.string().optional() });

const FileRef = z.looseObject({ kind: z.string(), file: z.string().optional() });

export const PageLayout = z.looseObject({
  width: openEnum(['default', 'wide']).optional(),
  cover: z.boolean().optional(),
  coverSize: openEnum(['hero', 'full', 'background']).optional(),
  title: z.boolean().optional(),
  description: z.boolean().optional(),
  tableOfContents: z.boolean().optional(),
  outline: z.boolean().optional(),
  pagination: z.boolean().optional(),
  // Beyond the published spec (docs/site-folder.md "Page layout"): absent means shown.
  metadata: z.boolean().optional(),
  tags: z.boolean().optional(),
  actions: z.boolean().optional(),
});

export const PageCover = z.looseObject({
  ref: FileRef.optional(),
  refDark: FileRef.optional(),
  yPos: z.number().optional(),
  height: z.number().optional(),
});

export const PageKind = openEnum(['document', 'group', 'link', 'computed']);

/** A page of the tree, with its children under `pages` (recursive). */
export interface Page {
  object?: string;
  id: string;
  title: string;
  type?: string;
  kind?: string;
  emoji?: string;
  icon?: string;
  createdAt?: string;
  updatedAt?: string;
  markdown?: string;
  slug?: string;
  path?: string;
  description?: string;
  documentId?: string;
  linkTitle?: string;
  pages?: Page[];
  git?: z.infer<typeof GitInfo>;
  layout?: z.infer<typeof PageLayout>;
  cover?: z.infer<typeof PageCover> | null;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  target?: ContentRef;
  href?: string;
  computed?: Record<string, unknown>;
  computedSeed?: string;
  urls?: { app?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export const Page: z.ZodType<Page> = z.lazy(() =>
  z.looseObject({
    object: z.string().optional(),
    id: z.string(),
    title: z.string(),
    type: PageKind.optional(),
    kind: z.string().optional(),
    emoji: z.string().optional(),
    icon: z.string().optional(),
    createdAt: DateTime.optional(),
    updatedAt: DateTime.optional(),
    markdown: z.string().optional(),
    slug: z.string().optional(),
    path: specText('page path', { max: 1024 }).optional(),
    description: z.string().optional(),
    documentId: z.string().optional(),
    linkTitle: z.string().optional(),
    pages: z.array(Page).optional(),
    git: GitInfo.optional(),
    layout: PageLayout.optional(),
    cover: PageCover.nullable().optional(),
    hidden: z.boolean().optional(),
    noIndex: z.boolean().optional(),
    noRobotsIndex: z.boolean().optional(),
    // A link page's target; one the site model could not follow anyway (no `kind`) is dropped.
    target: ContentRef.optional().catch(undefined),
    href: z.string().optional(),
    computed: z.looseObject({ type: z.string().optional() }).optional(),
    computedSeed: z.string().optional(),
    urls: z.looseObject({ app: z.string().optional() }).optional(),
  }),
);

export const File = z.looseObject({
  object: z.string().optional(),
  id: z.string(),
  name: z.string(),
  contentType: z.string().optional(),
  downloadURL: z.string(),
  size: z.number().optional(),
  dimensions: z.looseObject({ width: z.number(), height: z.number() }).optional(),
  git: GitInfo.optional(),
});
export type File = z.infer<typeof File>;

export const ReusableContent = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  document: z.unknown().optional(),
  markdown: z.string().optional(),
  git: GitInfo.optional(),
});
export type ReusableContent = z.infer<typeof ReusableContent>;

export const Revision = resource('revision', {
  id: z.string(),
  parents: z.array(z.string()).optional(),
  pages: z.array(Page),
  files: z.array(File).default([]),
  reusableContents: z.array(ReusableContent).optional(),
  createdAt: DateTime.optional(),
  /** The commit a Git-synced space's revision came from; `ref` names its branch
   * (`refs/heads/main`). */
  git: z
    .looseObject({
      oid: z.string().optional(),
      message: z.string().optional(),
      createdByService: z.string().optional(),
      url: z.string().optional(),
      ref: z.string().optional(),
    })
    .optional(),
  urls: z.looseObject({}).optional(),
  type: z.string().optional(),
});
export type Revision = z.infer<typeof Revision>;

export const RevisionPages = z.looseObject({ pages: z.array(Page) });

/** An item of a backlinks list. */
export const ContentReference = z.looseObject({
  kind: z.string(),
  organization: z.string().optional(),
  space: z.string().optional(),
  versionContext: z
    .looseObject({ type: z.string().optional(), revision: z.string().optional() })
    .optional(),
  file: z.string().optional(),
  page: z.string().optional(),
});
export type ContentReference = z.infer<typeof ContentReference>;

export const LinkStatus = openEnum(['ok', 'broken', 'in-app']);

export const ContentLink = z.looseObject({
  status: LinkStatus,
  relation: z.string().optional(),
  targetReference: z.looseObject({ kind: z.string() }).optional(),
  locationReferences: z.array(z.looseObject({})).optional(),
});
export type ContentLink = z.infer<typeof ContentLink>;

/** A link list: `L<ContentLink>` plus `stats`. */
export const LinkList = z.looseObject({
  next: z.looseObject({ page: z.string() }).optional(),
  count: z.number().optional(),
  items: z.array(ContentLink),
  stats: z
    .looseObject({
      total: z.number().optional(),
      broken: z
        .looseObject({ total: z.number().optional(), changeRequest: z.number().optional() })
        .optional(),
    })
    .optional(),
});
export type LinkList = z.infer<typeof LinkList>;

/** `POST CR/merge` and `POST CR/update`. */
export const RevisionResult = z.looseObject({ revision: z.string(), result: z.string() });
