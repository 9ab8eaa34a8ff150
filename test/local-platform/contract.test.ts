import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as schemas from '../../src/api/schemas/index.ts';
import type { LocalPlatform } from '../../src/local-platform/server.ts';
import { api, type Body, start } from './helpers.ts';

/**
 * The local platform answers what the API client (src/api) expects: every body of the routes
 * a pull walks is checked against the client's schemas, built from docs/platform.md.
 */
describe('responses match the API client schemas', () => {
  let platform: LocalPlatform;
  beforeAll(async () => {
    platform = await start({ pageSize: 3 });
  });
  afterAll(() => platform?.close());

  async function check(path: string, schema: z.ZodType): Promise<Body> {
    const { status, json } = await api(platform, path);
    expect(status, path).toBe(200);
    const parsed = schema.safeParse(json);
    expect(parsed.success ? [] : parsed.error.issues.slice(0, 3), path).toEqual([]);
    return json;
  }

  it('organization, sites and site structure', async () => {
    await check('/orgs', schemas.listEnvelope(schemas.Organization));
    await check('/orgs/acme', schemas.Organization);
    await check('/orgs/acme/sites', schemas.listEnvelope(schemas.Site));
    await check('/orgs/acme/sites/docs', schemas.Site);
    await check('/orgs/acme/sites/docs/published', schemas.PublishedContentSite);
    await check(
      '/orgs/acme/sites/preview/published?shareKey=open-sesame-1234',
      schemas.PublishedContentSite,
    );
    await check('/orgs/acme/sites/docs/sections', schemas.listEnvelope(schemas.SiteSection));
    await check(
      '/orgs/acme/sites/docs/section-groups',
      schemas.listEnvelope(schemas.SiteSectionGroup),
    );
    await check('/orgs/acme/sites/docs/site-spaces', schemas.listEnvelope(schemas.SiteSpace));
    await check('/orgs/acme/sites/preview/share-links', schemas.listEnvelope(schemas.ShareLink));
    await check('/orgs/acme/sites/docs/adaptive-schema', schemas.SiteAdaptiveSchema);
  });

  it('space content and change requests', async () => {
    await check('/spaces/guides', schemas.Space);
    const revision = await check('/spaces/guides/content', schemas.Revision);
    await check('/spaces/guides/content/pages', schemas.RevisionPages);
    await check('/spaces/guides/content/files', schemas.listEnvelope(schemas.File));
    await check(`/spaces/guides/content/files/${revision.files[0].id}`, schemas.File);
    await check(
      `/spaces/guides/content/files/${revision.files[0].id}/backlinks`,
      schemas.listEnvelope(schemas.ContentReference),
    );
    for (const page of revision.pages) {
      await check(`/spaces/guides/content/page/${page.id}?format=markdown`, schemas.Page);
      await check(`/spaces/guides/content/page/${page.id}/links`, schemas.LinkList);
    }
    await check('/spaces/guides/links', schemas.LinkList);
    await check('/spaces/guides/change-requests', schemas.listEnvelope(schemas.ChangeRequest));
    await check('/spaces/guides/change-requests/1', schemas.ChangeRequest);
    await check('/spaces/guides/change-requests/1/content', schemas.Revision);
    await check('/spaces/guides/change-requests/1/content/pages', schemas.RevisionPages);
  });
});
