import type { z } from 'zod';
import {
  ChangeRequest,
  File,
  LinkList,
  listEnvelope,
  Organization,
  Page,
  PublishedContentSite,
  Revision,
  Site,
  SiteAdaptiveSchema,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  Space,
} from './schemas/index.ts';

/**
 * The one table of the platform endpoints Offprint calls (docs/platform.md "Endpoints"): what
 * a pull reads, plus four that tests use to find and change a site. To call another endpoint,
 * add its row here and its schema in `schemas/`. The client's methods are derived from it: path parameters from the `{name}` placeholders, the
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

  // Sites
  listSites: endpoint({
    method: 'GET',
    path: `${ORG}/sites`,
    query: ['space', 'title', 'published', 'type'],
    response: listEnvelope(Site),
    list: true,
  }),
  getSite: endpoint({ method: 'GET', path: SITE, response: Site }),
  updateSite: endpoint({ method: 'PATCH', path: SITE, body: true, response: Site }),
  getSiteAdaptiveSchema: endpoint({
    method: 'GET',
    path: `${SITE}/adaptive-schema`,
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

  // Site section groups
  listSiteSectionGroups: endpoint({
    method: 'GET',
    path: `${SITE}/section-groups`,
    response: listEnvelope(SiteSectionGroup),
    list: true,
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
  getSpaceContent: endpoint({
    method: 'GET',
    path: `${SPACE}/content`,
    query: CONTENT_READ,
    response: Revision,
  }),
  listSpaceFiles: endpoint({
    method: 'GET',
    path: `${SPACE}/content/files`,
    query: CONTENT_READ,
    response: listEnvelope(File),
    list: true,
  }),
  getSpacePage: endpoint({
    method: 'GET',
    path: `${SPACE}/content/page/{pageId}`,
    query: ['format', ...CONTENT_READ],
    response: Page,
  }),

  // A past revision of a space, by id: what a change request started from (`revisionInitial`)
  getRevision: endpoint({
    method: 'GET',
    path: `${SPACE}/revisions/{revisionId}`,
    query: CONTENT_READ,
    response: Revision,
  }),
  listRevisionFiles: endpoint({
    method: 'GET',
    path: `${SPACE}/revisions/{revisionId}/files`,
    query: CONTENT_READ,
    response: listEnvelope(File),
    list: true,
  }),
  getRevisionPage: endpoint({
    method: 'GET',
    path: `${SPACE}/revisions/{revisionId}/page/{pageId}`,
    query: ['format', ...CONTENT_READ],
    response: Page,
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

  // Change request content
  getChangeRequestContent: endpoint({
    method: 'GET',
    path: `${CR}/content`,
    query: CONTENT_READ,
    response: Revision,
  }),
  listChangeRequestFiles: endpoint({
    method: 'GET',
    path: `${CR}/content/files`,
    query: CONTENT_READ,
    response: listEnvelope(File),
    list: true,
  }),
  getChangeRequestPage: endpoint({
    method: 'GET',
    path: `${CR}/content/page/{pageId}`,
    query: ['format', ...CONTENT_READ],
    response: Page,
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
