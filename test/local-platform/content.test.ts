import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../src/local-platform/server.ts';
import { api, FIXTURE, listAll, start, TOKEN } from './helpers.ts';

interface PageJson {
  id: string;
  title: string;
  type: string;
  path?: string;
  pages: PageJson[];
  [key: string]: unknown;
}

function flatten(pages: PageJson[]): PageJson[] {
  return pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);
}

describe('space content', () => {
  let platform: LocalPlatform;
  let pages: PageJson[];
  const byTitle = (title: string) => pages.find((p) => p.title === title) as PageJson;

  beforeAll(async () => {
    platform = await start({ token: TOKEN });
    pages = flatten((await api(platform, '/spaces/guides/content')).json.pages);
  });
  afterAll(() => platform?.close());

  it('serves the space with its revision and change request counts', async () => {
    const { json } = await api(platform, '/spaces/guides');
    expect(json).toMatchObject({
      object: 'space',
      id: 'guides',
      title: 'Guides',
      emoji: '1f4d8',
      organization: 'acme',
      changeRequests: 2,
      changeRequestsOpen: 1,
      changeRequestsDraft: 1,
    });
    expect(json.revision).toBe(platform.model.space('guides')?.content.revisionId);
  });

  it('serves the revision: page tree of every kind, files, reusable content', async () => {
    const { json } = await api(platform, '/spaces/guides/content');
    expect(json.object).toBe('revision');
    expect(json.id).toBe(platform.model.space('guides')?.content.revisionId);
    expect(json.pages.map((p: PageJson) => `${p.type}:${p.title}`)).toEqual([
      'document:Welcome',
      'document:Getting started',
      'document:Secret page',
      'group:Reference',
    ]);
    expect(byTitle('Troubleshooting')).toMatchObject({
      path: 'getting-started/install/fixes',
      slug: 'fixes',
    });
    expect(byTitle('Secret page')).toMatchObject({
      hidden: true,
      noIndex: true,
      noRobotsIndex: true,
    });
    expect(byTitle('Reference').pages.map((p) => p.title)).toEqual([
      'Configuration',
      'Status page',
    ]);
    expect(byTitle('Status page')).toMatchObject({
      type: 'link',
      target: { kind: 'url', url: 'https://status.acme.example' },
      href: 'https://status.acme.example',
    });
    expect(byTitle('Getting started')).toMatchObject({
      cover: { ref: { kind: 'file', file: expect.any(String) }, yPos: 12 },
      layout: { width: 'wide', cover: true, coverSize: 'full', outline: false, title: true },
    });
    expect(byTitle('Welcome').markdown).toBeUndefined();
    expect(byTitle('Welcome').git).toEqual({
      oid: expect.stringMatching(/^[0-9a-f]{40}$/),
      path: 'README.md',
    });
    expect(json.files.map((f: { name: string }) => f.name)).toEqual([
      'diagram.svg',
      'guide.pdf',
      'logo.png',
      'screen shot (1).png',
    ]);
    expect(json.reusableContents).toEqual([
      expect.objectContaining({
        title: 'Note',
        git: { oid: expect.any(String), path: '.gitbook/includes/note.md' },
      }),
    ]);
    const pagesOnly = await api(platform, '/spaces/guides/content/pages');
    expect(pagesOnly.json.pages).toEqual(json.pages);
  });

  it('leaves out git metadata with metadata=false', async () => {
    const { json } = await api(platform, '/spaces/guides/content?metadata=false');
    expect(json.pages[0].git).toBeUndefined();
    expect(json.files[0].git).toBeUndefined();
  });

  it('describes files with type, size, dimensions and an absolute download URL', async () => {
    const { items } = await listAll(platform, '/spaces/guides/content/files');
    const logo = items.find((f) => f.name === 'logo.png');
    expect(logo).toMatchObject({
      object: 'file',
      contentType: 'image/png',
      dimensions: { width: 3, height: 2 },
    });
    expect(logo.downloadURL).toMatch(new RegExp(`^${platform.url}/_files/`));
    expect(items.find((f) => f.name === 'diagram.svg')).toMatchObject({
      contentType: 'image/svg+xml',
      dimensions: { width: 40, height: 20 },
    });
    expect((await api(platform, `/spaces/guides/content/files/${logo.id}`)).json).toEqual(logo);
  });

  describe('downloads', () => {
    it('serve the bytes with their content type, without auth', async () => {
      const { items } = await listAll(platform, '/spaces/guides/content/files');
      for (const file of items) {
        const response = await fetch(file.downloadURL);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe(file.contentType);
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(
          bytes.equals(await readFile(join(FIXTURE, 'spaces/guides/.gitbook/assets', file.name))),
        ).toBe(true);
        expect(bytes.length).toBe(file.size);
      }
      const svg = items.find((f) => f.name === 'diagram.svg');
      const response = await fetch(svg.downloadURL);
      expect(response.headers.get('content-security-policy')).toContain('sandbox');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('answer HEAD, and 404 for a wrong name or id', async () => {
      const { items } = await listAll(platform, '/spaces/guides/content/files');
      const url = items[0].downloadURL as string;
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(items[0].size));
      expect((await fetch(url.replace(/[^/]+$/, 'other.svg'))).status).toBe(404);
      expect((await fetch(`${platform.url}/_files/nope/nope/x.png`)).status).toBe(404);
      expect((await fetch(url, { method: 'POST' })).status).toBe(405);
    });
  });

  describe('page markdown', () => {
    it('comes only with format=markdown, with assets as download URLs (default refStyle)', async () => {
      const welcome = byTitle('Welcome');
      const plain = await api(platform, `/spaces/guides/content/page/${welcome.id}`);
      expect(plain.json.markdown).toBeUndefined();
      const { json } = await api(
        platform,
        `/spaces/guides/content/page/${welcome.id}?format=markdown`,
      );
      expect(json).toMatchObject({
        object: 'page',
        id: welcome.id,
        title: 'Welcome',
        description: 'Everything about Acme.',
      });
      expect(json.markdown).not.toContain('---');
      expect(json.markdown).toMatch(
        new RegExp(`!\\[Logo\\]\\(${platform.url}/_files/[0-9a-f]{20}/[0-9a-f]{20}/logo\\.png\\)`),
      );
      expect(json.markdown).toContain('screen%20shot%20(1).png');
      expect(json.markdown).toContain('[install guide](getting-started/install.md#requirements)');
      const logoUrl = /!\[Logo\]\(([^)]+)\)/.exec(json.markdown)?.[1] as string;
      expect((await fetch(logoUrl)).status).toBe(200);
    });

    it('uses stable refs with refStyle stable-ref', async () => {
      const stable = await start({ refStyle: 'stable-ref' });
      try {
        const welcome = byTitle('Welcome');
        const install = byTitle('Install');
        const { json } = await api(
          stable,
          `/spaces/guides/content/page/${welcome.id}?format=markdown`,
        );
        expect(json.markdown).toMatch(/!\[Logo\]\(\/files\/[0-9a-f]{20}\)/);
        expect(json.markdown).toContain(`[install guide](/pages/${install.id}#requirements)`);
        const fileIds = new Set(
          (await listAll(stable, '/spaces/guides/content/files')).items.map((f) => f.id),
        );
        for (const match of json.markdown.matchAll(/\/files\/([0-9a-f]{20})/g))
          expect(fileIds.has(match[1])).toBe(true);
      } finally {
        await stable.close();
      }
    });

    it('is absent for group and link pages', async () => {
      const { json } = await api(
        platform,
        `/spaces/guides/content/page/${byTitle('Reference').id}?format=markdown`,
      );
      expect(json).toMatchObject({ type: 'group', path: 'reference' });
      expect(json.markdown).toBeUndefined();
    });
  });

  describe('links and backlinks', () => {
    it('reports the links of the space with stats, broken ones resolved from relative .md paths', async () => {
      const { json } = await api(platform, '/spaces/guides/links?limit=1000');
      expect(json.stats).toEqual({ total: json.count, broken: { total: 1, changeRequest: 0 } });
      const broken = json.items.filter((l: { status: string }) => l.status === 'broken');
      expect(broken).toEqual([
        {
          status: 'broken',
          relation: 'link',
          targetReference: { kind: 'url', url: 'missing.md' },
          locationReferences: [{ kind: 'page', page: byTitle('Welcome').id }],
        },
      ]);
      const install = json.items.find(
        (l: { targetReference: { page?: string; kind: string } }) =>
          l.targetReference.kind === 'page' && l.targetReference.page === byTitle('Install').id,
      );
      expect(install.locationReferences.map((l: { page: string }) => l.page).sort()).toEqual(
        [byTitle('Getting started').id, byTitle('Configuration').id].sort(),
      );
      expect(
        json.items.find((l: { status: string }) => l.status === 'in-app').targetReference.url,
      ).toBe('https://app.acme.example/s/guides/config');

      const onlyBroken = await api(platform, '/spaces/guides/links?status=broken');
      expect(onlyBroken.json.items).toEqual(broken);
      expect(onlyBroken.json.count).toBe(1);
      expect(onlyBroken.json.stats).toEqual(json.stats);
    });

    it('reports one page’s links', async () => {
      const { json } = await api(
        platform,
        `/spaces/guides/content/page/${byTitle('Install').id}/links`,
      );
      expect(
        json.items.map((l: { targetReference: { page: string } }) => l.targetReference.page),
      ).toEqual([byTitle('Welcome').id, byTitle('Troubleshooting').id]);
    });

    it('lists the pages that reference a file, covers included', async () => {
      const logo = (await listAll(platform, '/spaces/guides/content/files')).items.find(
        (f) => f.name === 'logo.png',
      );
      const { items } = await listAll(
        platform,
        `/spaces/guides/content/files/${logo.id}/backlinks`,
      );
      expect(items.map((r) => r.page).sort()).toEqual(
        [
          byTitle('Welcome').id,
          byTitle('Getting started').id,
          byTitle('Troubleshooting').id,
        ].sort(),
      );
      expect(items[0]).toEqual({
        kind: 'file',
        organization: 'acme',
        space: 'guides',
        versionContext: {
          type: 'revision',
          revision: platform.model.space('guides')?.content.revisionId,
        },
        file: logo.id,
        page: expect.any(String),
      });
    });
  });

  it('searches a space and the organization', async () => {
    const space = await api(platform, '/spaces/guides/search?query=problems');
    expect(space.json.items.map((i: { title: string }) => i.title)).toEqual(['Install']);
    expect(space.json.items[0].sections[0]).toMatchObject({
      title: 'Requirements',
      path: 'getting-started/install#requirements',
    });
    const org = await api(platform, '/orgs/acme/search?query=legacy');
    expect(org.json.items.map((i: { id: string }) => i.id)).toEqual(['legacy']);
    expect((await api(platform, '/spaces/guides/search')).status).toBe(400);
  });
});

describe('change requests', () => {
  let platform: LocalPlatform;
  beforeAll(async () => {
    platform = await start();
  });
  afterAll(() => platform?.close());

  it('are listed by status, open by default', async () => {
    const open = await api(platform, '/spaces/guides/change-requests');
    expect(
      open.json.items.map((cr: { number: number; subject: string }) => [cr.number, cr.subject]),
    ).toEqual([[1, 'Rewrite the install guide']]);
    const drafts = await api(platform, '/spaces/guides/change-requests?status=draft');
    expect(drafts.json.items.map((cr: { number: number }) => cr.number)).toEqual([2]);
    expect((await api(platform, '/spaces/legacy/change-requests')).json.items).toEqual([]);
  });

  it('are found by id or number', async () => {
    const byNumber = await api(platform, '/spaces/guides/change-requests/1');
    expect(byNumber.json).toMatchObject({
      object: 'change-request',
      number: 1,
      status: 'open',
      outdated: false,
    });
    expect(byNumber.json.revisionInitial).toBe(platform.model.space('guides')?.content.revisionId);
    const byId = await api(platform, `/spaces/guides/change-requests/${byNumber.json.id}`);
    expect(byId.json).toEqual(byNumber.json);
  });

  it('serve the space with the change request laid over it, as its own revision', async () => {
    const cr = (await api(platform, '/spaces/guides/change-requests/1')).json;
    const main = (await api(platform, '/spaces/guides/content')).json;
    const content = (await api(platform, '/spaces/guides/change-requests/1/content')).json;
    expect(content.id).toBe(cr.revision);
    expect(content.id).not.toBe(main.id);
    expect(content.parents).toEqual([main.id]);
    const titles = flatten(content.pages).map((p) => p.title);
    expect(titles).toContain("What's new");
    expect(flatten(main.pages).map((p) => p.title)).not.toContain("What's new");

    const install = flatten(content.pages).find((p) => p.title === 'Install') as PageJson;
    expect(install.id).toBe(flatten(main.pages).find((p) => p.title === 'Install')?.id);
    const crPage = await api(
      platform,
      `/spaces/guides/change-requests/${cr.id}/content/page/${install.id}?format=markdown`,
    );
    expect(crPage.json.markdown).toContain('# Install (rewritten)');
    const mainPage = await api(
      platform,
      `/spaces/guides/content/page/${install.id}?format=markdown`,
    );
    expect(mainPage.json.markdown).toContain('## Requirements');

    const pages = await api(platform, '/spaces/guides/change-requests/1/content/pages');
    expect(pages.json.pages).toEqual(content.pages);
    const files = await listAll(platform, '/spaces/guides/change-requests/1/content/files');
    expect(files.items.map((f) => f.name)).toEqual(main.files.map((f: { name: string }) => f.name));
    const file = await api(
      platform,
      `/spaces/guides/change-requests/1/content/files/${files.items[0].id}`,
    );
    expect(file.json.downloadURL).toContain(`/_files/${cr.revision}/`);
    expect((await fetch(file.json.downloadURL)).status).toBe(200);
  });

  it('count links broken in the change request', async () => {
    const cr = await api(platform, '/spaces/guides/change-requests/1/content');
    const install = flatten(cr.json.pages).find((p) => p.title === 'Install') as PageJson;
    const { json } = await api(
      platform,
      `/spaces/guides/change-requests/1/content/page/${install.id}/links`,
    );
    expect(json.items.map((l: { status: string }) => l.status)).toEqual(['ok']);
    expect(json.stats.broken.changeRequest).toBe(0);
  });

  it('PATCH changes subject and status', async () => {
    const { json } = await api(platform, '/spaces/guides/change-requests/2', {
      method: 'PATCH',
      body: { status: 'open', subject: 'Ready' },
    });
    expect(json).toMatchObject({ number: 2, status: 'open', subject: 'Ready' });
    expect((await api(platform, '/spaces/guides/change-requests')).json.items).toHaveLength(2);
    expect(
      (
        await api(platform, '/spaces/guides/change-requests/2', {
          method: 'PATCH',
          body: { status: 'done' },
        })
      ).status,
    ).toBe(400);
  });
});
