import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReference, type ReusableContentReference } from '../../src/markdown/index.ts';
import { pull } from '../../src/pull/index.ts';
import { createResolver, loadSiteModel, type SiteModel } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { tempDir } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

/** Relative `.md` links and app URLs as written in page markdown (test-only scan). */
const LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|(?:href|url)="([^"]+)"/g;

describe('the bundled example, pulled through the local platform', () => {
  let platform: LocalPlatform;
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let snapshot: Snapshot;
  let model: SiteModel;

  beforeAll(async () => {
    temp = await tempDir();
    platform = await startPlatform();
    const result = await pull({
      apiUrl: platform.url,
      token: TOKEN,
      organizationId: 'acme-rockets',
      siteId: 'docs',
      cacheDir: path.join(temp.dir, 'cache'),
    });
    snapshot = await Snapshot.open(result.snapshotDir);
    model = await loadSiteModel(snapshot);
  });
  afterAll(async () => {
    await platform?.close();
    await temp?.cleanup();
  });

  it('gives every document page a URL and an output file, without collisions', async () => {
    let documents = 0;
    for (const entry of snapshot.manifest.spaces) {
      const revision = await snapshot.revision(entry.spaceId);
      const stack = [...revision.pages];
      while (stack.length > 0) {
        const page = stack.pop();
        if (!page) break;
        stack.push(...(page.pages ?? []));
        if ((page.type ?? 'document') !== 'document') continue;
        documents++;
        const built = model.pages.find((p) => p.spaceId === entry.spaceId && p.pageId === page.id);
        expect(built?.url, page.path).toMatch(/^\/(.+\/)?$/);
      }
    }
    // 48 since the api space's "API reference" group (six pages of OpenAPI blocks) came in, 49
    // since guides-v2's "Mission lifecycle" (mermaid diagrams), 51 since its "Launch sites" (a
    // background cover) and "Rideshare plans" (wide, no outline), 52 since its "Countdown
    // procedure" (a moved page, links to a group and to an unpublished space), 56 since the
    // French variant of guides-v2 (four pages at v2's paths: language alternates).
    expect(documents).toBe(56);
    expect(model.pages).toHaveLength(56);
    const files = model.pages.map((p) => p.outputFile.toLowerCase());
    expect(new Set(files).size).toBe(files.length);
    // The site's basename is `docs`.
    expect(model.base).toBe('/docs/');
    const at = (url: string) => model.pages.find((p) => p.url === url);
    expect(at('/docs/')?.siteSpaceId).toBe('guides-v2');
    expect(at('/docs/')?.aliases).toEqual(['/docs/readme/']);
    expect(at('/docs/guides/v1/')?.siteSpaceId).toBe('guides-v1');
    expect(at('/docs/api/')?.siteSpaceId).toBe('api-ref');
    expect(at('/docs/telemetry/')?.cover).toBeDefined();
    const sites = at('/docs/concepts/launch-sites/');
    expect(sites?.layout.coverSize).toBe('background');
    expect(sites?.cover).toMatchObject({
      yPos: -60,
      height: 320,
      dark: { name: 'kourou-pad-night.png' },
    });
    const runbook = model.pages.find((p) => p.path === 'operations/range-safety-runbook');
    expect(runbook).toMatchObject({ hidden: true, indexable: false, robotsNoIndex: true });
    expect(model.tabs.map((t) => t.id)).toEqual(['guides', 'api', 'hardware']);
  });

  it('resolves every relative .md link and app URL in the markdown', async () => {
    const broken: string[] = [];
    let checked = 0;
    for (const page of model.pages) {
      const markdown = await snapshot.pageMarkdown(page.source.spaceId, page.source.pageId);
      const resolver = model.resolverFor(page.key);
      // A content-ref names its page twice; one naming it by its id is found by the id, and its
      // link may hold the path the page had before it moved (guides-v2's "Countdown procedure").
      const text = (markdown ?? '').replace(
        /\{%\s*content-ref\s+url="\/spaces\/[^"]+\/pages\/[^"]+"\s*%\}[\s\S]*?\{%\s*endcontent-ref\s*%\}/g,
        (block) => block.replace(/\]\([^)]*\)/, ']()'),
      );
      for (const match of text.matchAll(LINK)) {
        const href = (match[1] ?? match[2]) as string;
        const isMd = !/^[a-z]+:/i.test(href) && /\.md(#|$)/.test(href);
        if (!isMd && !href.includes('/s/')) continue;
        const ref = parseReference(href, { currentPath: page.source.path });
        if (ref.kind !== 'page') continue;
        checked++;
        if (!resolver.page(ref)) broken.push(`${page.source.path}: ${href}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('resolves as the model does from a copy of its references (what each markdown worker gets)', async () => {
    // The workers are sent `resolverData` by structured clone: it must survive one, whole.
    const copy = structuredClone(model.resolverData);
    const spaceIds = snapshot.manifest.spaces.map((entry) => entry.spaceId);
    const reusable: ReusableContentReference[] = [];
    for (const spaceId of spaceIds) {
      for (const content of (await snapshot.revision(spaceId)).reusableContents ?? []) {
        reusable.push({ kind: 'reusable-content', id: content.id, spaceId, raw: '' });
        const path = content.git?.path;
        if (path) reusable.push({ kind: 'reusable-content', path, spaceId, raw: '' });
      }
    }
    expect(reusable.length).toBeGreaterThan(0);
    let compared = 0;
    for (const page of model.pages) {
      const own = model.resolverFor(page.key);
      const copied = createResolver(copy, page.siteSpaceId);
      const markdown = (await snapshot.pageMarkdown(page.source.spaceId, page.source.pageId)) ?? '';
      const refs = [...markdown.matchAll(LINK)].map((match) =>
        parseReference((match[1] ?? match[2]) as string, { currentPath: page.source.path }),
      );
      // Every page of every space by id, from this page, as cross-space links name them.
      for (const other of model.pages)
        refs.push({ kind: 'page', pageId: other.pageId, spaceId: other.spaceId, raw: '' });
      for (const spaceId of spaceIds) refs.push({ kind: 'page', pagePath: '', spaceId, raw: '' });
      for (const ref of refs) {
        if (ref.kind === 'page') expect(copied.page(ref), ref.raw).toEqual(own.page(ref));
        else if (ref.kind === 'file') expect(copied.file(ref), ref.raw).toEqual(own.file(ref));
        else continue;
        compared++;
      }
      for (const ref of reusable) {
        expect(copied.reusableContent(ref), ref.id).toEqual(own.reusableContent(ref));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(model.pages.length ** 2);
  });

  it('resolves a link page holding an app URL of another space to that page, as content links', () => {
    const install = model.pages.find((p) => p.url === '/docs/getting-started/install/');
    if (!install) throw new Error('no install page');
    type Entry = ReturnType<SiteModel['sidebarFor']>[number];
    const all = (entries: Entry[]): Entry[] =>
      entries.flatMap((e) => [e, ...all(('children' in e ? e.children : undefined) ?? [])]);
    const links = all(model.sidebarFor(install.key)).filter((entry) => entry.kind === 'link');
    expect(links.find((l) => l.title === 'Authenticate API calls')).toMatchObject({
      url: '/docs/api/authentication/',
      external: false,
    });
    expect(links.find((l) => l.title === 'Service status')).toMatchObject({ external: true });
  });

  it('maps every stored file to an asset URL under the base', () => {
    expect(model.assets.length).toBe(snapshot.manifest.counts.files);
    for (const asset of model.assets) {
      expect(asset.url).toBe(`/docs/${asset.outputFile}`);
      expect(asset.outputFile).toMatch(/^assets\/[a-f0-9]{16}\/[a-z0-9._-]+$/);
    }
  });

  it('honours --base over the site basename', async () => {
    const based = await loadSiteModel(snapshot, { base: '/acme/docs' });
    expect(based.base).toBe('/acme/docs/');
    expect(based.pages.every((p) => p.url.startsWith('/acme/docs/'))).toBe(true);
  });
});
