import { z } from 'zod';
import {
  ChangeRequest,
  ContentReference,
  File,
  Invite,
  LinkList,
  listEnvelope,
  Organization,
  Page,
  PublishedContentSite,
  Revision,
  RevisionPages,
  ShareLink,
  Site,
  SiteAdaptiveSchema,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  Space,
} from './schemas/index.ts';

/**
 * The one table of the platform endpoints Offprint uses (platform-api.md "Endpoints"). The
 * client's methods are derived from it: path parameters from the `{name}` placeholders, the
 * response type from `response`. `list` marks `L<T>` responses, read page by page through
 * `next.page`; `shareKey` marks the operations that accept a share link's key.
 */

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: Method;
  path: string;
  /** Query parameters the operation accepts (besides `page`/`limit` of lists and `shareKey`). */
  query?: readonly string[];
  /** Whether the operation takes a JSON body. */
  body?: boolean;
  /** Schema of the response body; null for `204 No Content`. */
  response: z.ZodType | null;
  /** `L<T>`: paginated through `next.page`. */
  list?: boolean;
  shareKey?: boolean;
}

const ORG = '/orgs/{organizationId}';
const SITE = `${ORG}/sites/{siteId}`;
const SPACE = '/spaces/{spaceId}';
const CR = `${SPACE}/change-requests/{changeRequestId}`;
const CONTENT_READ = ['metadata', 'computed'] as const;

const SearchResult = z.looseObject({ id: z.string(), title: z.string() });
const NoContent = null;

function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

export const endpoints = {
  // Organizations (reads)
  listOrganizations: endpoint({
    method: 'GET',
    path: '/orgs',
    response: listEnvelope(Organization),
    list: true,
  }),
  getOrganization: endpoint({ method: 'GET', path: ORG, response: Organization }),
  getOrganizationInvite: endpoint({
    method: 'GET',
    path: `${ORG}/link-invites/{inviteId}`,
    response: Invite,
  }),
  searchOrganizationContent: endpoint({
    method: 'GET',
    path: `${ORG}/search`,
    query: ['query'],
    response: listEnvelope(SearchResult),
    list: true,
  }),
  listOrganizationsByEmailDomain: endpoint({
    method: 'GET',
    path: '/email-domains/{emailDomain}/orgs',
    response: z.looseObject({ organizations: z.array(Organization) }),
  }),

  // Sites
  listSites: endpoint({
    method: 'GET',
    path: `${ORG}/sites`,
    query: ['space', 'title', 'published', 'type'],
    response: listEnvelope(Site),
    list: true,
  }),
  createSite: endpoint({ method: 'POST', path: `${ORG}/sites`, body: true, response: Site }),
  getSite: endpoint({ method: 'GET', path: SITE, response: Site }),
  deleteSite: endpoint({ method: 'DELETE', path: SITE, response: NoContent }),
  updateSite: endpoint({ method: 'PATCH', path: SITE, body: true, response: Site }),
  getSiteAdaptiveSchema: endpoint({
    method: 'GET',
    path: `${SITE}/adaptive-schema`,
    response: SiteAdaptiveSchema,
  }),
  updateSiteAdaptiveSchema: endpoint({
    method: 'PUT',
    path: `${SITE}/adaptive-schema`,
    body: true,
    response: SiteAdaptiveSchema,
  }),
  getPublishedContentSite: endpoint({
    method: 'GET',
    path: `${SITE}/published`,
    response: PublishedContentSite,
    shareKey: true,
  }),

  // Site sections
  listSiteSections: endpoint({
    method: 'GET',
    path: `${SITE}/sections`,
    response: listEnvelope(SiteSection),
    list: true,
    shareKey: true,
  }),
  createSiteSection: endpoint({
    method: 'POST',
    path: `${SITE}/sections`,
    body: true,
    response: SiteSection,
  }),
  deleteSiteSection: endpoint({
    method: 'DELETE',
    path: `${SITE}/sections/{siteSectionId}`,
    response: NoContent,
  }),
  updateSiteSection: endpoint({
    method: 'PATCH',
    path: `${SITE}/sections/{siteSectionId}`,
    body: true,
    response: SiteSection,
  }),
  moveSiteSection: endpoint({
    method: 'POST',
    path: `${SITE}/sections/{siteSectionId}/move`,
    body: true,
    response: SiteSection,
  }),

  // Site section groups
  listSiteSectionGroups: endpoint({
    method: 'GET',
    path: `${SITE}/section-groups`,
    response: listEnvelope(SiteSectionGroup),
    list: true,
  }),
  createSiteSectionGroup: endpoint({
    method: 'POST',
    path: `${SITE}/section-groups`,
    body: true,
    response: SiteSectionGroup,
  }),
  deleteSiteSectionGroup: endpoint({
    method: 'DELETE',
    path: `${SITE}/section-groups/{siteSectionGroupId}`,
    response: NoContent,
  }),
  updateSiteSectionGroup: endpoint({
    method: 'PATCH',
    path: `${SITE}/section-groups/{siteSectionGroupId}`,
    body: true,
    response: SiteSectionGroup,
  }),
  addSiteSectionToGroup: endpoint({
    method: 'POST',
    path: `${SITE}/section-groups/{siteSectionGroupId}/sections`,
    body: true,
    response: SiteSectionGroup,
  }),
  removeSiteSectionFromGroup: endpoint({
    method: 'DELETE',
    path: `${SITE}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}`,
    response: NoContent,
  }),
  moveSiteSectionGroup: endpoint({
    method: 'POST',
    path: `${SITE}/section-groups/{siteSectionGroupId}/move`,
    body: true,
    response: SiteSectionGroup,
  }),

  // Site spaces
  listSiteSpaces: endpoint({
    method: 'GET',
    path: `${SITE}/site-spaces`,
    query: ['default'],
    response: listEnvelope(SiteSpace),
    list: true,
    shareKey: true,
  }),
  createSiteSpace: endpoint({
    method: 'POST',
    path: `${SITE}/site-spaces`,
    body: true,
    response: SiteSpace,
  }),
  deleteSiteSpace: endpoint({
    method: 'DELETE',
    path: `${SITE}/site-spaces/{siteSpaceId}`,
    response: NoContent,
  }),
  updateSiteSpace: endpoint({
    method: 'PATCH',
    path: `${SITE}/site-spaces/{siteSpaceId}`,
    body: true,
    response: SiteSpace,
  }),
  moveSiteSpace: endpoint({
    method: 'POST',
    path: `${SITE}/site-spaces/{siteSpaceId}/move`,
    body: true,
    response: SiteSpace,
  }),

  // Site share links
  listShareLinks: endpoint({
    method: 'GET',
    path: `${SITE}/share-links`,
    response: listEnvelope(ShareLink),
    list: true,
  }),
  createShareLink: endpoint({
    method: 'POST',
    path: `${SITE}/share-links`,
    body: true,
    response: ShareLink,
  }),
  deleteShareLink: endpoint({
    method: 'DELETE',
    path: `${SITE}/share-links/{shareLinkId}`,
    response: NoContent,
  }),
  updateShareLink: endpoint({
    method: 'PATCH',
    path: `${SITE}/share-links/{shareLinkId}`,
    body: true,
    response: ShareLink,
  }),

  // Spaces (reads)
  getSpace: endpoint({ method: 'GET', path: SPACE, response: Space, shareKey: true }),
  listSpaceLinks: endpoint({
    method: 'GET',
    path: `${SPACE}/links`,
    query: ['status'],
    response: LinkList,
    list: true,
  }),

  // Space content
  searchSpaceContent: endpoint({
    method: 'GET',
    path: `${SPACE}/search`,
    query: ['query'],
    response: listEnvelope(SearchResult),
    list: true,
  }),
  getSpaceContent: endpoint({
    method: 'GET',
    path: `${SPACE}/content`,
    query: CONTENT_READ,
    response: Revision,
  }),
  listSpacePages: endpoint({
    method: 'GET',
    path: `${SPACE}/content/pages`,
    query: CONTENT_READ,
    response: RevisionPages,
  }),
  listSpaceFiles: endpoint({
    method: 'GET',
    path: `${SPACE}/content/files`,
    query: CONTENT_READ,
    response: listEnvelope(File),
    list: true,
  }),
  getSpaceFile: endpoint({
    method: 'GET',
    path: `${SPACE}/content/files/{fileId}`,
    query: CONTENT_READ,
    response: File,
  }),
  listSpaceFileBacklinks: endpoint({
    method: 'GET',
    path: `${SPACE}/content/files/{fileId}/backlinks`,
    response: listEnvelope(ContentReference),
    list: true,
  }),
  getSpacePage: endpoint({
    method: 'GET',
    path: `${SPACE}/content/page/{pageId}`,
    query: ['format', ...CONTENT_READ],
    response: Page,
  }),
  listSpacePageLinks: endpoint({
    method: 'GET',
    path: `${SPACE}/content/page/{pageId}/links`,
    query: ['status'],
    response: LinkList,
    list: true,
  }),

  // Change requests (reads)
  listChangeRequests: endpoint({
    method: 'GET',
    path: `${SPACE}/change-requests`,
    query: ['status', 'contributor'],
    response: listEnvelope(ChangeRequest),
    list: true,
  }),
  getChangeRequest: endpoint({ method: 'GET', path: CR, response: ChangeRequest }),
  getChangeRequestPdf: endpoint({
    method: 'GET',
    path: `${CR}/pdf`,
    query: ['only', 'page'],
    response: z.looseObject({ url: z.string() }),
  }),

  // Change request content
  getChangeRequestContent: endpoint({
    method: 'GET',
    path: `${CR}/content`,
    query: CONTENT_READ,
    response: Revision,
  }),
  listChangeRequestPages: endpoint({
    method: 'GET',
    path: `${CR}/content/pages`,
    query: CONTENT_READ,
    response: RevisionPages,
  }),
  listChangeRequestFiles: endpoint({
    method: 'GET',
    path: `${CR}/content/files`,
    query: CONTENT_READ,
    response: listEnvelope(File),
    list: true,
  }),
  getChangeRequestFile: endpoint({
    method: 'GET',
    path: `${CR}/content/files/{fileId}`,
    query: CONTENT_READ,
    response: File,
  }),
  listChangeRequestFileBacklinks: endpoint({
    method: 'GET',
    path: `${CR}/content/files/{fileId}/backlinks`,
    response: listEnvelope(ContentReference),
    list: true,
  }),
  getChangeRequestPage: endpoint({
    method: 'GET',
    path: `${CR}/content/page/{pageId}`,
    query: ['format', ...CONTENT_READ],
    response: Page,
  }),
  listChangeRequestPageLinks: endpoint({
    method: 'GET',
    path: `${CR}/content/page/{pageId}/links`,
    response: LinkList,
    list: true,
  }),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** `'/orgs/{organizationId}/sites/{siteId}'` → `'organizationId' | 'siteId'`. */
export type PathParamNames<Path extends string> =
  Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

export type PathParams<Name extends EndpointName> = Record<
  PathParamNames<Endpoints[Name]['path']>,
  string
>;

export type ResponseOf<Name extends EndpointName> = Endpoints[Name]['response'] extends z.ZodType
  ? z.output<Endpoints[Name]['response']>
  : undefined;

export type ListEndpointName = {
  [Name in EndpointName]: Endpoints[Name] extends { list: true } ? Name : never;
}[EndpointName];

export type ItemOf<Name extends ListEndpointName> =
  ResponseOf<Name> extends { items: (infer Item)[] } ? Item : never;

/** Fills `{name}` placeholders, each value percent-encoded so an id cannot change the path. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new TypeError(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}
