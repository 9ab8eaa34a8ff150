import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type * as api from '../api/schemas/index.ts';
import { FIXED_DATE } from './ids.ts';
import type {
  ChangeRequestRecord,
  Content,
  FileEntry,
  FolderPage,
  GitSyncRecord,
  LocalModel,
  OrganizationRecord,
  ReusableEntry,
  SectionGroupRecord,
  SectionRecord,
  ShareLinkRecord,
  SiteRecord,
  SiteSpaceRecord,
  SpaceRecord,
} from './model.ts';
import { fillOrigin } from './placeholder.ts';
import { type RefStyle, rewriteMarkdown } from './references.ts';

/**
 * Model records → API bodies, with the field names of docs/platform.md. Fields the spec marks
 * required but the folder cannot provide get fixed, plausible values (permissions all true,
 * counts of comments 0, the fixed date). Absolute URLs are built from the server's origin.
 *
 * Each body is typed as what the client's schema (src/api/schemas/) accepts, `z.input` of it:
 * a field renamed, dropped or of another type on either side fails the typecheck, so the local
 * platform cannot drift from what the client reads.
 */

type Json = Record<string, unknown>;

/** What the client's `schema` accepts: the type of the body the local platform answers with. */
export type Body<Schema extends z.ZodType> = z.input<Schema>;

export interface SerializeContext {
  model: LocalModel;
  origin: string;
}

/** `encodeURIComponent` plus the characters it leaves that break markdown link syntax. */
export function encodeSegment(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function apiUrl(ctx: SerializeContext, path: string): string {
  return `${ctx.origin}/v1${path}`;
}

/** App URLs name where an editor would open the thing; the local platform has no app. */
function appUrl(ctx: SerializeContext, path: string): string {
  return `${ctx.origin}/app${path}`;
}

/**
 * Where a file downloads: per revision, so a change request's version of a file never collides.
 * The name is spelled as the platform's storage URLs spell it: `image (1).png` is
 * `image%20(1).png`, its parentheses left as they are (quotes are encoded, so the URL fits in
 * any quoted attribute).
 */
export function downloadUrl(ctx: SerializeContext, content: Content, file: FileEntry): string {
  return `${ctx.origin}/_files/${content.revisionId}/${file.id}/${encodeFileName(file.name)}`;
}

function encodeFileName(name: string): string {
  return encodeURIComponent(name).replace(
    /[!'*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The public address of a site: its hostname, else one under the organization's. */
export function sitePublishedUrl(ctx: SerializeContext, site: SiteRecord): string {
  const org = ctx.model.organization;
  const host = site.hostname ?? `${org.hostname ?? org.id}.docs.example`;
  return `https://${host}/${site.basename ? `${site.basename.replace(/^\/+|\/+$/g, '')}/` : ''}`;
}

/** Known defaults under members given in the folder; one level of objects (`urls`) is merged. */
function withExtra(defaults: Json, extra: Json): Json {
  const out: Json = { ...defaults };
  for (const [key, value] of Object.entries(extra)) {
    const base = out[key];
    out[key] = isPlainObject(base) && isPlainObject(value) ? { ...base, ...value } : value;
  }
  return out;
}

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Copies only the members that are set, so optional fields are absent rather than null. */
function defined<Record extends object>(record: Record): Record {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined),
  ) as Record;
}

export function organizationJson(
  ctx: SerializeContext,
  org: OrganizationRecord,
): Body<typeof api.Organization> {
  const defaults = {
    createdAt: FIXED_DATE,
    emailDomains: [],
    type: 'business',
    inviteLinks: false,
    plan: 'free',
    defaultRole: 'read',
    trial: { status: 'none', endDate: null, decision: null },
    urls: { location: apiUrl(ctx, `/orgs/${org.id}`), app: appUrl(ctx, `/o/${org.id}`) },
    permissions: { admin: true, createContent: true },
    ...(org.hostname ? { hostname: org.hostname } : {}),
  };
  // Invites are resources of their own (ORG/link-invites), not members of the Organization.
  const { invites: _invites, ...extra } = org.extra;
  return {
    // What the folder adds is the folder's to get right (it may set any member).
    ...(withExtra(defaults, extra) as typeof defaults),
    object: 'organization',
    id: org.id,
    title: org.title,
  };
}

export function siteJson(ctx: SerializeContext, site: SiteRecord): Body<typeof api.Site> {
  const siteSpaces =
    site.siteSpaces.length + site.sections.reduce((n, s) => n + s.siteSpaces.length, 0);
  const orgId = ctx.model.organization.id;
  return defined({
    object: 'site',
    id: site.id,
    type: 'basic',
    title: site.title,
    hostname: site.hostname,
    basename: site.basename,
    proxy: site.proxy
      ? { origin: `https://${site.proxy}`, target: sitePublishedUrl(ctx, site) }
      : undefined,
    visibility: site.visibility,
    published: site.published,
    siteSpaces,
    createdAt: site.createdAt,
    adaptiveContent: site.adaptiveContent,
    features: [],
    urls: {
      location: apiUrl(ctx, `/orgs/${orgId}/sites/${site.id}`),
      app: appUrl(ctx, `/o/${orgId}/sites/${site.id}`),
      published: sitePublishedUrl(ctx, site),
    },
  });
}

export function spaceJson(ctx: SerializeContext, space: SpaceRecord): Body<typeof api.Space> {
  const count = (status: string) =>
    space.changeRequests.filter((cr) => cr.status === status).length;
  return {
    object: 'space',
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    createdAt: FIXED_DATE,
    updatedAt: space.updatedAt,
    editMode: space.editMode,
    ...(space.language ? { language: space.language } : {}),
    ...(space.gitSync ? { gitSync: gitSyncJson(space.gitSync) } : {}),
    urls: {
      location: apiUrl(ctx, `/spaces/${space.id}`),
      app: appUrl(ctx, `/s/${space.id}`),
      ...publishedUrlOf(ctx, space.id),
    },
    organization: ctx.model.organization.id,
    revision: space.content.revisionId,
    defaultLevel: 'read',
    comments: 0,
    changeRequests: space.changeRequests.length,
    changeRequestsOpen: count('open'),
    changeRequestsDraft: count('draft'),
    permissions: {
      access: true,
      admin: true,
      edit: true,
      comment: true,
      merge: true,
      review: true,
    },
  };
}

/**
 * A Git-synced space's `gitSync` as the platform gives it: `url` is the repository tree at the
 * synced branch and project directory, which the renderer joins a page's `git.path` to.
 */
function gitSyncJson(sync: GitSyncRecord): NonNullable<api.Space['gitSync']> {
  const tree = sync.provider === 'gitlab' ? '/-/blob/' : '/blob/';
  const root = [sync.branch, sync.directory].filter(Boolean).join('/');
  return {
    repoName: new URL(sync.repository).pathname.replace(/^\/+/, ''),
    installationProvider: sync.provider,
    integration: sync.provider,
    url: `${sync.repository}${tree}${root}/`,
    updatedAt: FIXED_DATE,
  };
}

/** A synced space's revision's `git`: the commit it came from, on the synced branch. */
function revisionGitJson(sync: GitSyncRecord, revisionId: string) {
  const oid = createHash('sha1').update(`commit ${revisionId}`).digest('hex');
  const commit = sync.provider === 'gitlab' ? '/-/commit/' : '/commit/';
  return {
    oid,
    message: `Sync from ${sync.provider === 'gitlab' ? 'GitLab' : 'GitHub'}`,
    createdByService: sync.provider,
    url: `${sync.repository}${commit}${oid}`,
    ref: `refs/heads/${sync.branch}`,
  };
}

export function siteSpaceJson(
  ctx: SerializeContext,
  site: SiteRecord,
  siteSpace: SiteSpaceRecord,
  section: SectionRecord | undefined,
): Body<typeof api.SiteSpace> {
  const space = ctx.model.spaces.get(siteSpace.space);
  // The folder loader and the routes that add site spaces both refuse an unknown space.
  if (!space) throw new Error(`site space ${siteSpace.id} names unknown space ${siteSpace.space}`);
  const base = section ? sectionPublishedUrl(ctx, site, section) : sitePublishedUrl(ctx, site);
  return defined({
    ...siteSpace.extra,
    object: 'site-space',
    id: siteSpace.id,
    path: siteSpace.path,
    section: section?.id,
    space: spaceJson(ctx, space),
    title: siteSpace.title ?? space.title,
    default: siteSpace.default,
    condition: siteSpace.condition,
    urls: { published: siteSpaceUrl(base, siteSpace) },
  });
}

/**
 * Where a space is published: the URL of the first site space showing it in a published public
 * site of the organization, as the platform gives `Space.urls.published`; none when no site does.
 */
function publishedUrlOf(ctx: SerializeContext, spaceId: string): { published?: string } {
  for (const site of ctx.model.sites) {
    if (!site.published || site.visibility !== 'public') continue;
    for (const section of site.sections) {
      const shown = section.siteSpaces.find((siteSpace) => siteSpace.space === spaceId);
      if (shown) return { published: siteSpaceUrl(sectionPublishedUrl(ctx, site, section), shown) };
    }
    const shown = site.siteSpaces.find((siteSpace) => siteSpace.space === spaceId);
    if (shown) return { published: siteSpaceUrl(sitePublishedUrl(ctx, site), shown) };
  }
  return {};
}

function siteSpaceUrl(base: string, siteSpace: SiteSpaceRecord): string {
  return siteSpace.default ? base : `${base}${siteSpace.path}/`;
}

function sectionPublishedUrl(
  ctx: SerializeContext,
  site: SiteRecord,
  section: SectionRecord,
): string {
  const base = sitePublishedUrl(ctx, site);
  return section.default ? base : `${base}${section.path}/`;
}

export function sectionJson(
  ctx: SerializeContext,
  site: SiteRecord,
  section: SectionRecord,
): Body<typeof api.SiteSection> {
  return defined({
    object: 'site-section',
    id: section.id,
    title: section.title,
    description: section.description,
    default: section.default,
    path: section.path,
    condition: section.condition,
    sectionGroup: section.group,
    siteSpaces: section.siteSpaces.map((siteSpace) => siteSpaceJson(ctx, site, siteSpace, section)),
    urls: { published: sectionPublishedUrl(ctx, site, section) },
    icon: section.icon,
  });
}

export function sectionGroupJson(
  ctx: SerializeContext,
  site: SiteRecord,
  group: SectionGroupRecord,
): Body<typeof api.SiteSectionGroup> {
  return defined({
    object: 'site-section-group',
    id: group.id,
    title: group.title,
    icon: group.icon,
    sections: site.sections
      .filter((s) => s.group === group.id)
      .map((s) => sectionJson(ctx, site, s)),
  });
}

export function shareLinkJson(
  ctx: SerializeContext,
  site: SiteRecord,
  link: ShareLinkRecord,
): Body<typeof api.ShareLink> {
  return defined({
    object: 'share-link',
    id: link.id,
    createdAt: link.createdAt,
    name: link.name,
    active: link.active,
    // The address to hand out: what a share link is for. Only this admin route shows it.
    urls: { published: `${sitePublishedUrl(ctx, site)}?share=${encodeSegment(link.key)}` },
  });
}

export function adaptiveSchemaJson(site: SiteRecord): Body<typeof api.SiteAdaptiveSchema> {
  const schema = site.adaptiveSchema ?? {
    jsonSchema: { type: 'object', properties: {}, additionalProperties: false },
    updatedAt: FIXED_DATE,
  };
  return {
    object: 'site-adaptive-schema',
    jsonSchema: schema.jsonSchema,
    updatedAt: schema.updatedAt,
  };
}

/** `customizations.site`, with image paths into a space's assets turned into download URLs. */
export function customizationsJson(
  ctx: SerializeContext,
  site: SiteRecord,
): Body<typeof api.SiteCustomization> {
  const resolve = (value: unknown): unknown => {
    if (!isPlainObject(value)) return value;
    const out: Json = { ...value };
    for (const mode of ['light', 'dark']) {
      const path = out[mode];
      if (typeof path === 'string') out[mode] = assetUrl(ctx, path) ?? path;
    }
    return out;
  };
  const site_ = structuredClone(site.customizations) as Json;
  const favicon = site_.favicon;
  if (isPlainObject(favicon) && favicon.icon) favicon.icon = resolve(favicon.icon);
  for (const key of ['header', 'footer']) {
    const part = site_[key];
    if (isPlainObject(part) && part.logo) part.logo = resolve(part.logo);
  }
  return site_;
}

/** `spaces/<id>/.gitbook/assets/…` (relative to the site folder) → that file's download URL. */
function assetUrl(ctx: SerializeContext, path: string): string | undefined {
  const match = /^(?:\.\/)?spaces\/([^/]+)\/(\.gitbook\/assets\/.+)$/.exec(path);
  if (!match) return undefined;
  const space = ctx.model.spaces.get(match[1] ?? '');
  const file = space?.content.filesByPath.get(match[2] ?? '');
  return space && file ? downloadUrl(ctx, space.content, file) : undefined;
}

export function publishedJson(
  ctx: SerializeContext,
  site: SiteRecord,
): Body<typeof api.PublishedContentSite> {
  // A site without sections lists its site spaces, as the platform does for such sites.
  const structure =
    site.sections.length > 0
      ? { type: 'sections', structure: site.sections.map((s) => sectionJson(ctx, site, s)) }
      : {
          type: 'siteSpaces',
          structure: site.siteSpaces.map((s) => siteSpaceJson(ctx, site, s, undefined)),
        };
  return {
    object: 'published-content-site',
    site: siteJson(ctx, site),
    structure,
    customizations: { site: customizationsJson(ctx, site) },
  };
}

const LOCAL_USER: Body<typeof api.User> = {
  object: 'user',
  id: 'local-user',
  displayName: 'Local Platform',
  email: 'local@localhost.example',
};

export function changeRequestJson(
  ctx: SerializeContext,
  space: SpaceRecord,
  cr: ChangeRequestRecord,
): Body<typeof api.ChangeRequest> {
  return {
    object: 'change-request',
    id: cr.id,
    number: cr.number,
    status: cr.status,
    subject: cr.subject,
    createdBy: LOCAL_USER,
    createdAt: cr.createdAt,
    updatedAt: cr.updatedAt,
    revision: cr.content.revisionId,
    revisionInitial: cr.initial.revisionId,
    comments: 0,
    outdated: cr.initial.revisionId !== space.content.revisionId,
    urls: {
      app: appUrl(ctx, `/s/${space.id}/~/changes/${cr.number}`),
      location: apiUrl(ctx, `/spaces/${space.id}/change-requests/${cr.id}`),
    },
  };
}

export interface ContentOptions {
  /** `metadata=false` leaves out git metadata. */
  metadata: boolean;
  refStyle: RefStyle;
}

export function fileJson(
  ctx: SerializeContext,
  content: Content,
  file: FileEntry,
  options: ContentOptions,
): Body<typeof api.File> {
  return defined({
    object: 'file',
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: downloadUrl(ctx, content, file),
    size: file.size,
    dimensions: file.dimensions ? { ...file.dimensions } : undefined,
    git: options.metadata ? { oid: file.oid, path: file.path } : undefined,
  });
}

export function pageJson(
  ctx: SerializeContext,
  content: Content,
  page: FolderPage,
  options: ContentOptions & { markdown?: boolean },
): api.Page {
  const children = page.children.map((child) =>
    pageJson(ctx, content, child, { ...options, markdown: false }),
  );
  if (page.type === 'link') {
    return {
      object: 'page',
      id: page.id,
      title: page.title,
      kind: 'link',
      type: 'link',
      target: { kind: 'url', url: page.url },
      href: page.url,
      pages: children,
    };
  }
  const app = appUrl(ctx, `/s/${content.spaceId}/${page.path}`);
  if (page.type === 'group') {
    return {
      object: 'page',
      id: page.id,
      title: page.title,
      kind: 'group',
      type: 'group',
      createdAt: FIXED_DATE,
      updatedAt: FIXED_DATE,
      urls: { app },
      slug: page.slug,
      path: page.path,
      pages: children,
    };
  }
  return defined({
    object: 'page',
    id: page.id,
    title: page.title,
    kind: 'sheet',
    type: 'document',
    emoji: page.emoji,
    icon: page.icon,
    createdAt: FIXED_DATE,
    updatedAt: page.updatedAt ?? FIXED_DATE,
    urls: { app },
    slug: page.slug,
    path: page.path,
    description: page.description,
    documentId: page.documentId,
    pages: children,
    git: options.metadata ? { oid: page.oid, path: page.file } : undefined,
    layout: page.layout ? { ...page.layout } : undefined,
    cover: page.cover
      ? defined({
          ref: { kind: 'file', file: page.cover.file },
          refDark: page.cover.fileDark ? { kind: 'file', file: page.cover.fileDark } : undefined,
          yPos: page.cover.yPos,
          height: page.cover.height,
        })
      : undefined,
    hidden: page.hidden,
    noIndex: page.noIndex,
    noRobotsIndex: page.noRobotsIndex,
    markdown: options.markdown
      ? fillOrigin(
          rewriteMarkdown(page, content, options.refStyle, (file) =>
            downloadUrl(ctx, content, file),
          ),
          ctx.origin,
        )
      : undefined,
  });
}

function reusableJson(
  ctx: SerializeContext,
  content: Content,
  reusable: ReusableEntry,
  options: ContentOptions,
): Body<typeof api.ReusableContent> {
  return defined({
    object: 'reusable-content',
    id: reusable.id,
    title: reusable.title,
    // The platform sends a document tree; the local platform sends what it has, the markdown.
    markdown: fillOrigin(
      rewriteMarkdown(reusable, content, options.refStyle, (file) =>
        downloadUrl(ctx, content, file),
      ),
      ctx.origin,
    ),
    git: options.metadata ? { oid: reusable.oid, path: reusable.file } : undefined,
  });
}

export function revisionJson(
  ctx: SerializeContext,
  content: Content,
  options: ContentOptions,
): Body<typeof api.Revision> {
  return {
    object: 'revision',
    id: content.revisionId,
    parents: content.parents,
    pages: content.pages.map((page) => pageJson(ctx, content, page, options)),
    files: content.files.map((file) => fileJson(ctx, content, file, options)),
    reusableContents: content.reusables.map((r) => reusableJson(ctx, content, r, options)),
    createdAt: FIXED_DATE,
    ...gitOfRevision(ctx, content, options),
    type: 'Human',
    urls: { app: appUrl(ctx, `/s/${content.spaceId}`) },
  };
}

/** The space's own revision of a synced space came from a commit; a change request's did not. */
function gitOfRevision(ctx: SerializeContext, content: Content, options: ContentOptions) {
  const space = ctx.model.spaces.get(content.spaceId);
  if (!options.metadata || !space?.gitSync || space.content !== content) return {};
  return { git: revisionGitJson(space.gitSync, content.revisionId) };
}
