import { appendFile, cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../src/local-platform/server.ts';
import { api, FIXTURE, listAll, start } from './helpers.ts';

const SITE = '/orgs/acme/sites/docs';
const PREVIEW = '/orgs/acme/sites/preview';
const KEY = 'open-sesame-1234';

describe('sites', () => {
  let platform: LocalPlatform;
  beforeAll(async () => {
    platform = await start();
  });
  afterAll(() => platform?.close());

  it('lists the organization and its sites, with filters', async () => {
    const orgs = await api(platform, '/orgs');
    expect(orgs.json.items.map((o: { id: string; object: string }) => [o.object, o.id])).toEqual([
      ['organization', 'acme'],
    ]);
    const sites = await api(platform, '/orgs/acme/sites');
    expect(sites.json.items.map((s: { id: string }) => s.id)).toEqual(['docs', 'preview']);
    expect(
      (await api(platform, '/orgs/acme/sites?space=preview')).json.items.map(
        (s: { id: string }) => s.id,
      ),
    ).toEqual(['preview']);
    expect(
      (await api(platform, '/orgs/acme/sites?title=acme')).json.items.map(
        (s: { id: string }) => s.id,
      ),
    ).toEqual(['docs']);
    expect((await api(platform, '/orgs/acme/sites?published=false')).json.items).toEqual([]);
  });

  it('serves the published site: sections with site spaces and groups, customizations', async () => {
    const { status, json } = await api(platform, `${SITE}/published`);
    expect(status).toBe(200);
    expect(json.object).toBe('published-content-site');
    expect(json.site).toMatchObject({
      object: 'site',
      id: 'docs',
      siteSpaces: 3,
      urls: { published: 'https://docs.acme.example/docs/' },
    });
    expect(json.structure.type).toBe('sections');
    const [guides, apiSection] = json.structure.structure;
    expect(guides).toMatchObject({
      object: 'site-section',
      id: 'guides',
      path: 'guides',
      default: true,
      sectionGroup: 'products',
      icon: 'book',
    });
    expect(
      guides.siteSpaces.map((s: { id: string; space: { id: string; revision: string } }) => [
        s.id,
        s.space.id,
      ]),
    ).toEqual([
      ['guides-v2', 'guides'],
      ['guides-v1', 'legacy'],
    ]);
    expect(guides.siteSpaces[0]).toMatchObject({
      default: true,
      section: 'guides',
      title: 'v2',
      urls: { published: 'https://docs.acme.example/docs/' },
    });
    expect(guides.siteSpaces[1]).toMatchObject({
      default: false,
      hidden: true,
      urls: { published: 'https://docs.acme.example/docs/v1/' },
    });
    expect(guides.siteSpaces[0].space.revision).toMatch(/^[0-9a-f]{20}$/);
    expect(apiSection).toMatchObject({
      path: 'api-reference',
      condition: 'visitor.claims.unsigned.beta == true',
      urls: { published: 'https://docs.acme.example/docs/api-reference/' },
    });
    expect(apiSection.sectionGroup).toBeUndefined();
    expect(apiSection.siteSpaces[0]).toMatchObject({
      id: 'api-ref',
      title: 'API',
      path: 'api-ref',
      default: true,
    });
    // Logo paths into a space's assets become download URLs; other values stay as written.
    const logo = json.customizations.site.header.logo;
    expect(logo.light).toMatch(
      new RegExp(`^${platform.url}/_files/[0-9a-f]{20}/[0-9a-f]{20}/logo\\.png$`),
    );
    expect(logo.dark).toBe('https://cdn.acme.example/logo-dark.png');
    expect(json.customizations.site.styling.theme).toBe('clean');
  });

  it('lists section groups with their sections, and site spaces with the default filter', async () => {
    const groups = await api(platform, `${SITE}/section-groups`);
    expect(groups.json.items).toEqual([
      expect.objectContaining({
        object: 'site-section-group',
        id: 'products',
        title: 'Products',
        icon: 'boxes',
        sections: [expect.objectContaining({ id: 'guides' })],
      }),
    ]);
    const ids = async (query: string) =>
      (await listAll(platform, `${SITE}/site-spaces${query}`)).items.map(
        (s: { id: string }) => s.id,
      );
    expect(await ids('')).toEqual(['guides-v2', 'guides-v1', 'api-ref']);
    expect(await ids('?default=true')).toEqual(['guides-v2', 'api-ref']);
    expect(await ids('?default=false')).toEqual(['guides-v1']);
  });

  it('serves the adaptive schema', async () => {
    const { json } = await api(platform, `${SITE}/adaptive-schema`);
    expect(json).toMatchObject({
      object: 'site-adaptive-schema',
      jsonSchema: { type: 'object', properties: { plan: { type: 'string' } } },
    });
  });

  describe('share-link site', () => {
    const reads = [
      PREVIEW,
      `${PREVIEW}/published`,
      `${PREVIEW}/sections`,
      `${PREVIEW}/site-spaces`,
      '/spaces/preview',
    ];

    it.each(reads)(
      '%s is 404 without a key, with a wrong key and with an inactive key',
      async (path) => {
        for (const query of ['', '?shareKey=wrong-key', '?shareKey=revoked-key-5678']) {
          const { status, json } = await api(platform, `${path}${query}`);
          expect(status, `${path}${query}`).toBe(404);
          expect(json.error.code).toBe(404);
        }
      },
    );

    it.each(reads)('%s is readable with an active key', async (path) => {
      expect((await api(platform, `${path}?shareKey=${KEY}`)).status).toBe(200);
    });

    it('lists bare site spaces as the structure of a site without sections', async () => {
      const { json } = await api(platform, `${PREVIEW}/published?shareKey=${KEY}`);
      expect(json.structure.type).toBe('siteSpaces');
      expect(
        json.structure.structure.map((s: { object: string; id: string }) => [s.object, s.id]),
      ).toEqual([['site-space', 'planner']]);
    });

    it('keeps keys of other sites out, and public spaces open', async () => {
      expect((await api(platform, `${SITE}/published?shareKey=whatever`)).status).toBe(200);
      expect((await api(platform, '/spaces/guides')).status).toBe(200);
    });
  });
});

describe('writes', () => {
  let platform: LocalPlatform;
  beforeEach(async () => {
    await platform?.close();
    platform = await start();
  });
  afterAll(() => platform?.close());

  it('PATCH SITE changes the site in memory, never the folder', async () => {
    const { status, json } = await api(platform, SITE, {
      method: 'PATCH',
      body: { title: 'Renamed', basename: 'help', visibility: 'unlisted' },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ title: 'Renamed', basename: 'help', visibility: 'unlisted' });
    expect((await api(platform, SITE)).json.title).toBe('Renamed');
    await platform.reload();
    expect((await api(platform, SITE)).json.title).toBe('Acme Docs');
  });

  it('creates, updates, moves and deletes sections', async () => {
    const created = await api(platform, `${SITE}/sections`, {
      method: 'POST',
      body: { spaceId: 'legacy', title: 'Legacy docs' },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      object: 'site-section',
      title: 'Legacy docs',
      path: 'legacy-docs',
      default: false,
    });
    expect(created.json.siteSpaces[0]).toMatchObject({ default: true, space: { id: 'legacy' } });
    const id = created.json.id;

    const patched = await api(platform, `${SITE}/sections/api`, {
      method: 'PATCH',
      body: { condition: null, icon: 'code', path: 'http' },
    });
    expect(patched.json.condition).toBeUndefined();
    expect(patched.json).toMatchObject({ icon: 'code', path: 'http' });
    expect(
      (await api(platform, `${SITE}/sections/api`, { method: 'PATCH', body: { path: 'guides' } }))
        .status,
    ).toBe(400);

    const order = async () =>
      (await api(platform, `${SITE}/sections`)).json.items.map((s: { id: string }) => s.id);
    expect(await order()).toEqual(['guides', 'api', id]);
    await api(platform, `${SITE}/sections/${id}/move`, {
      method: 'POST',
      body: { position: { before: { type: 'site-section', siteSection: 'guides' } } },
    });
    expect(await order()).toEqual([id, 'guides', 'api']);
    await api(platform, `${SITE}/sections/${id}/move`, { method: 'POST', body: {} });
    expect(await order()).toEqual(['guides', 'api', id]);

    expect((await api(platform, `${SITE}/sections/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await order()).toEqual(['guides', 'api']);
    expect(
      (await api(platform, `${SITE}/sections`, { method: 'POST', body: { spaceId: 'nope' } }))
        .status,
    ).toBe(400);
  });

  it('manages section groups', async () => {
    const group = await api(platform, `${SITE}/section-groups`, {
      method: 'POST',
      body: { title: 'Reference', sections: ['api'] },
    });
    expect(group.status).toBe(201);
    expect(group.json.sections.map((s: { id: string }) => s.id)).toEqual(['api']);
    const groupPath = `${SITE}/section-groups/${group.json.id}`;
    expect((await api(platform, `${groupPath}/sections/api`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect(
      (await api(platform, `${groupPath}/sections`, { method: 'POST', body: { sectionId: 'api' } }))
        .json.sections,
    ).toHaveLength(1);
    await api(platform, `${groupPath}/move`, {
      method: 'POST',
      body: { position: { before: { type: 'site-section', id: 'products' } } },
    });
    expect(
      (await api(platform, `${SITE}/section-groups`)).json.items.map((g: { id: string }) => g.id),
    ).toEqual([group.json.id, 'products']);
    expect(
      (await api(platform, `${SITE}/sections`)).json.items.map((s: { id: string }) => s.id),
    ).toEqual(['api', 'guides']);
    expect((await api(platform, groupPath, { method: 'DELETE' })).status).toBe(204);
    expect(
      (await api(platform, `${SITE}/sections/api`, { method: 'PATCH', body: {} })).json
        .sectionGroup,
    ).toBeUndefined();
  });

  it('manages site spaces and the default site space', async () => {
    const created = await api(platform, `${SITE}/site-spaces`, {
      method: 'POST',
      body: { spaceId: 'api', sectionId: 'guides' },
    });
    expect(created.json).toMatchObject({ section: 'guides', path: 'api', default: false });
    await api(platform, SITE, { method: 'PATCH', body: { defaultSiteSpace: created.json.id } });
    const defaults = (await api(platform, `${SITE}/site-spaces?default=true`)).json.items.map(
      (s: { id: string }) => s.id,
    );
    expect(defaults).toEqual([created.json.id, 'api-ref']);
    expect(
      (await api(platform, SITE, { method: 'PATCH', body: { defaultSiteSpace: 'api-ref' } }))
        .status,
    ).toBe(400);
    const moved = await api(platform, `${SITE}/site-spaces/guides-v1/move`, {
      method: 'POST',
      body: { position: { after: { type: 'site-space', siteSpace: 'api-ref' } } },
    });
    expect(moved.json.section).toBe('api');
    expect(
      (
        await api(platform, `${SITE}/site-spaces/guides-v1`, {
          method: 'PATCH',
          body: { path: 'old', condition: 'visitor.claims.unsigned.old' },
        })
      ).json,
    ).toMatchObject({ path: 'old', condition: 'visitor.claims.unsigned.old' });
    expect(
      (await api(platform, `${SITE}/site-spaces/guides-v1`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect(
      (await api(platform, `${SITE}/site-spaces/guides-v1`, { method: 'PATCH', body: {} })).status,
    ).toBe(404);
  });

  it('share links: a new key opens the site, deactivating it closes it again', async () => {
    const created = await api(platform, `${PREVIEW}/share-links`, {
      method: 'POST',
      body: { name: 'Partners' },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ object: 'share-link', name: 'Partners', active: true });
    const key = new URL(created.json.urls.published).searchParams.get('share');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect((await api(platform, `${PREVIEW}/published?shareKey=${key}`)).status).toBe(200);
    await api(platform, `${PREVIEW}/share-links/${created.json.id}`, {
      method: 'PATCH',
      body: { active: false },
    });
    expect((await api(platform, `${PREVIEW}/published?shareKey=${key}`)).status).toBe(404);
    const links = await api(platform, `${PREVIEW}/share-links`);
    expect(links.json.items.map((l: { id: string; active: boolean }) => [l.id, l.active])).toEqual([
      ['review', true],
      ['revoked', false],
      [created.json.id, false],
    ]);
    expect(
      (await api(platform, `${PREVIEW}/share-links/${created.json.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(204);
  });

  it('PUT adaptive-schema replaces the schema', async () => {
    const jsonSchema = {
      type: 'object',
      properties: { beta: { type: 'boolean', description: 'Beta' } },
    };
    expect(
      (await api(platform, `${SITE}/adaptive-schema`, { method: 'PUT', body: { jsonSchema } })).json
        .jsonSchema,
    ).toEqual(jsonSchema);
    expect(
      (await api(platform, `${SITE}/adaptive-schema`, { method: 'PUT', body: {} })).status,
    ).toBe(400);
  });
});

describe('reload', () => {
  it('re-reads the folder: new content, new revision', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'offprint-local-reload-'));
    await cp(FIXTURE, dir, { recursive: true });
    const platform = await start({ dir });
    try {
      const before = (await api(platform, '/spaces/legacy')).json.revision;
      await writeFile(join(dir, 'spaces/legacy/README.md'), '# Legacy, edited\n');
      await platform.reload();
      const after = (await api(platform, '/spaces/legacy')).json.revision;
      expect(after).not.toBe(before);
      expect(platform.model.space('legacy')?.content.revisionId).toBe(after);
    } finally {
      await platform.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('resolves an unchanged page’s links against the content it reloaded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'offprint-local-reload-'));
    await cp(FIXTURE, dir, { recursive: true });
    const platform = await start({ dir });
    const brokenLinks = async () =>
      (await api(platform, '/spaces/guides/links?status=broken')).json.items.map(
        (l: { targetReference: { url?: string } }) => l.targetReference.url,
      );
    try {
      // The welcome page links `missing.md`, which the folder does not have: until it does.
      expect(await brokenLinks()).toEqual(['missing.md']);
      await writeFile(join(dir, 'spaces/guides/missing.md'), '# Missing no more\n');
      await appendFile(join(dir, 'spaces/guides/SUMMARY.md'), '* [Missing](missing.md)\n');
      await platform.reload();
      expect(await brokenLinks()).toEqual([]);
    } finally {
      await platform.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
