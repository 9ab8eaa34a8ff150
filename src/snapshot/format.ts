import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ChangeRequestView, PageChange } from './records.ts';

/**
 * The snapshot: everything render needs from one pull, on disk. Documented in
 * docs/snapshot.md; bump SNAPSHOT_FORMAT when a reader of the old layout would misread the new.
 *
 * ```
 * manifest.json                   Manifest (written last: a snapshot without it is incomplete)
 * site.json                       the published content site (site, structure, customizations)
 * structure.json                  Structure: sections, section groups, site spaces, normalized
 * adaptive-schema.json            when adaptive content is on
 * linked-spaces.json              other spaces pages link to, where they are published
 * spaces/<key>/space.json         the Space (or the change request's view of it)
 * spaces/<key>/revision.json      the Revision: page tree (without markdown), files, reusable content
 * spaces/<key>/pages/<key>.md     each document page's markdown
 * spaces/<key>/pages.json         the sha256 of each page's markdown as pulled (PageDigests)
 * spaces/<key>/links.json         the platform's broken-link report
 * spaces/<key>/changes.json       a change request's page changes (SpaceChanges)
 * spaces/<key>/base/<key>.md      their markdown before the request (edited, removed pages)
 * files/<sha256>                  file bytes, content-addressed (spec documents too)
 * openapi.json                    optional: OpenAPI spec documents by URL (./openapi.ts)
 * ```
 * `<key>` is `storageKey(id)`: ids come from the API and are untrusted, so they never become
 * path segments as they are.
 */

export const SNAPSHOT_FORMAT = 1;

/**
 * A file-name-safe name for an untrusted id, distinct for distinct ids even on a
 * case-insensitive file system: plain lowercase ids stay readable, others get a hash suffix.
 */
export function storageKey(id: string): string {
  if (/^[a-z0-9_-]{1,64}$/.test(id)) return id;
  const readable = id
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 40)
    .toLowerCase();
  const hash = createHash('sha256').update(id).digest('hex').slice(0, 12);
  // `=` never occurs in a plain key, so a crafted plain id cannot equal a hashed one.
  return `${readable}=${hash}`;
}

export const StoredFile = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string().optional(),
  size: z.number(),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
  width: z.number().optional(),
  height: z.number().optional(),
  /** Identity of the file's content as the platform described it, for reuse across pulls. */
  fingerprint: z.string(),
});
export type StoredFile = z.infer<typeof StoredFile>;

/** What a change request changes in its space, as the pull found it. */
export const SpaceChanges = z.object({
  /** The space's revision the request started from (`revisionInitial`). */
  baseRevision: z.string(),
  /** The space's revision when pulled: not the base when the space has moved on since. */
  currentRevision: z.string(),
  pages: z.array(PageChange),
  /** Files of the base revision the request no longer has (removed blocks may show them). */
  files: z.array(StoredFile),
  /** When the space has moved on: the pages the live space changed since the request started. */
  liveSince: z.array(PageChange).optional(),
});
export type SpaceChanges = z.infer<typeof SpaceChanges>;

export const SpaceEntry = z.object({
  spaceId: z.string(),
  key: z.string(),
  revision: z.string(),
  title: z.string(),
  pages: z.number(),
  files: z.array(StoredFile),
  /** Set when this space's content is a change request's. */
  changeRequest: ChangeRequestView.optional(),
});
export type SpaceEntry = z.infer<typeof SpaceEntry>;

export const Manifest = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  generator: z.string(),
  /** The API base, without credentials or query. */
  apiUrl: z.string(),
  organizationId: z.string(),
  siteId: z.string(),
  siteTitle: z.string(),
  visibility: z.string(),
  published: z.boolean(),
  /** True when pulled through a share link (the key itself is never stored). */
  viaShareLink: z.boolean(),
  fetchedAt: z.string(),
  spaces: z.array(SpaceEntry),
  counts: z.object({
    sections: z.number(),
    siteSpaces: z.number(),
    spaces: z.number(),
    pages: z.number(),
    files: z.number(),
    fileBytes: z.number(),
  }),
});
export type Manifest = z.infer<typeof Manifest>;

export const SNAPSHOT_FILES = {
  manifest: 'manifest.json',
  site: 'site.json',
  structure: 'structure.json',
  adaptiveSchema: 'adaptive-schema.json',
  linkedSpaces: 'linked-spaces.json',
} as const;

/**
 * Spaces pages link to that the site does not show, where the platform links them: the URL it
 * publishes each at, else its app URL (src/pull/linked-spaces.ts).
 */
export const LinkedSpaces = z.object({
  spaces: z.record(
    z.string(),
    z.object({ title: z.string(), published: z.string().optional(), app: z.string().optional() }),
  ),
});
export type LinkedSpaces = z.infer<typeof LinkedSpaces>;

export function spaceDir(spaceKey: string): string {
  return `spaces/${spaceKey}`;
}

export function pageMarkdownPath(spaceKey: string, pageId: string): string {
  return `spaces/${spaceKey}/pages/${storageKey(pageId)}.md`;
}

/**
 * The sha256 of each document page's markdown as the pull wrote it, by page id: a page file
 * damaged since (a bad restore, a disk error) is found before a later pull links it into its
 * own snapshot. Optional: snapshots pulled before it was written have none.
 */
export const PageDigests = z.object({
  pages: z.record(z.string(), z.string().regex(/^[a-f0-9]{64}$/)),
});
export type PageDigests = z.infer<typeof PageDigests>;

/** A change request's page changes (`SpaceChanges`), in its space's folder. */
export function spaceChangesPath(spaceKey: string): string {
  return `spaces/${spaceKey}/changes.json`;
}

/** A page's markdown in the revision a change request started from (edited and removed pages). */
export function basePageMarkdownPath(spaceKey: string, pageId: string): string {
  return `spaces/${spaceKey}/base/${storageKey(pageId)}.md`;
}

export function pageDigestsPath(spaceKey: string): string {
  return `spaces/${spaceKey}/pages.json`;
}

export function blobPath(sha256: string): string {
  return `files/${sha256}`;
}

/** Sections, section groups and site spaces, normalized from the API's several shapes. */
export const StructureSiteSpace = z.object({
  id: z.string(),
  sectionId: z.string().optional(),
  spaceId: z.string(),
  title: z.string(),
  path: z.string(),
  default: z.boolean(),
  condition: z.string().optional(),
  hidden: z.boolean(),
  draft: z.boolean(),
  /** Its space's `language`, when set (a language variant of its section). */
  language: z.string().optional(),
});
export type StructureSiteSpace = z.infer<typeof StructureSiteSpace>;

export const StructureSection = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  path: z.string(),
  default: z.boolean(),
  icon: z.string().optional(),
  condition: z.string().optional(),
  groupId: z.string().optional(),
  siteSpaceIds: z.array(z.string()),
});
export type StructureSection = z.infer<typeof StructureSection>;

export const StructureGroup = z.object({
  id: z.string(),
  title: z.string(),
  icon: z.string().optional(),
  sectionIds: z.array(z.string()),
});
export type StructureGroup = z.infer<typeof StructureGroup>;

export const Structure = z.object({
  /** In site order. Empty for a site without sections. */
  sections: z.array(StructureSection),
  sectionGroups: z.array(StructureGroup),
  /** In site order; those of a site without sections have no `sectionId`. */
  siteSpaces: z.array(StructureSiteSpace),
});
export type Structure = z.infer<typeof Structure>;
