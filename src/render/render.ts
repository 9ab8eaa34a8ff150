import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { type RenderWarning, renderMarkdown } from '../markdown/index.ts';
import { loadSiteModel, type PageModel, type SiteModel } from '../site/index.ts';
import { Snapshot } from '../snapshot/read.ts';
import { SnapshotStore } from '../snapshot/store.ts';
import { runAstroBuild } from './astro.ts';
import { BuildDataWriter } from './build-data.ts';
import { MarkdownCache } from './markdown-cache.ts';
import { discardOutput, stageOutput, swapOutput } from './output.ts';
import { stableFileRefs } from './stable-refs.ts';
import { englishStrings } from './strings.ts';
import type { PageView, SiteView } from './view.ts';

export interface RenderOptions {
  /** The cache directory holding the snapshot (`<cacheDir>/snapshot`) and render caches. */
  cacheDir: string;
  outDir: string;
  /** `--base`; default the site's `basename`, else `/`. */
  base?: string;
  verbose?: boolean;
}

export interface RenderResult {
  outDir: string;
  pages: number;
  aliases: number;
  assets: number;
  markdownCache: { hits: number; misses: number };
  brokenLinks: { page: string; target: string; line?: number }[];
  warnings: { page: string; message: string; line?: number }[];
  seconds: number;
}

export class RenderError extends Error {
  override readonly name = 'RenderError';
}

/**
 * Renders the current snapshot into `outDir`: markdown to safe HTML (cached), the site model's
 * navigation per page, Astro for the pages, the snapshot's files as hashed assets. Everything is
 * written into a staging directory first; `outDir` changes only when all of it succeeded.
 */
export async function render(options: RenderOptions): Promise<RenderResult> {
  const started = Date.now();
  const snapshotDir = await new SnapshotStore(options.cacheDir).current();
  if (!snapshotDir)
    throw new RenderError(
      `no snapshot in ${options.cacheDir}: run offprint pull (or offprint build) first`,
    );
  const snapshot = await Snapshot.open(snapshotDir);
  const model = await loadSiteModel(snapshot, { base: options.base });

  const renderDir = path.resolve(options.cacheDir, 'render');
  const buildDataDir = path.join(
    renderDir,
    `build-${process.pid}-${randomBytes(3).toString('hex')}`,
  );
  const staged = await stageOutput(options.outDir);
  try {
    const data = new BuildDataWriter(buildDataDir);
    await data.site(siteView(model));
    const report = await writePages(
      snapshot,
      model,
      data,
      new MarkdownCache(path.join(renderDir, 'markdown')),
    );
    await data.finish();
    await runAstroBuild({
      outDir: staged,
      base: model.base,
      buildDataDir,
      cacheDir: path.join(renderDir, 'astro'),
      verbose: options.verbose,
    });
    await copyAssets(snapshot, model, staged);
    await swapOutput(staged, options.outDir);
    return {
      outDir: path.resolve(options.outDir),
      pages: model.pages.length,
      aliases: model.aliases.length,
      assets: model.assets.length,
      ...report,
      seconds: (Date.now() - started) / 1000,
    };
  } catch (error) {
    await discardOutput(staged);
    throw error;
  } finally {
    await rm(buildDataDir, { recursive: true, force: true });
  }
}

function siteView(model: SiteModel): SiteView {
  return {
    title: model.title,
    lang: 'en',
    dir: 'ltr',
    base: model.base,
    tabs: model.tabs,
    noindex: model.noIndex,
    strings: englishStrings,
  };
}

async function writePages(
  snapshot: Snapshot,
  model: SiteModel,
  data: BuildDataWriter,
  cache: MarkdownCache,
) {
  const brokenLinks: RenderResult['brokenLinks'] = [];
  const warnings: RenderResult['warnings'] = [];
  // Markdown rendering is CPU-bound but async (lazy highlighter languages): a small window keeps
  // the event loop busy without holding every page in memory.
  const limit = pLimit(4);
  const normalizers = new Map<string, (markdown: string) => string>();
  for (const entry of snapshot.manifest.spaces) {
    normalizers.set(entry.spaceId, stableFileRefs((await snapshot.revision(entry.spaceId)).files));
  }
  const views = await Promise.all(
    model.pages.map((page) =>
      limit(async () => {
        const markdown =
          (await snapshot.pageMarkdown(page.source.spaceId, page.source.pageId)) ??
          placeholder(page);
        const resolver = model.resolverFor(page.key);
        const key = MarkdownCache.key(markdown, page.source.path, page.title);
        const rendered =
          (await cache.get(key, resolver)) ??
          (await cache.set(
            key,
            await renderMarkdown(markdown, {
              resolver,
              currentPath: page.source.path,
              pageTitle: page.title,
            }),
            resolver,
          ));
        for (const broken of rendered.brokenLinks)
          brokenLinks.push({ page: page.url, target: broken.target, line: broken.line });
        for (const warning of rendered.warnings as RenderWarning[])
          warnings.push({ page: page.url, ...warning });
        return pageView(model, page, rendered);
      }),
    ),
  );
  // The index keeps site order, whatever order rendering finished in.
  for (const view of views) await data.page(view, model.base);
  for (const alias of model.aliases) {
    const page = model.page(alias.pageKey);
    await data.page(
      aliasView(alias.url, alias.outputFile, alias.canonicalUrl, page?.title ?? ''),
      model.base,
    );
  }
  return { markdownCache: { hits: cache.hits, misses: cache.misses }, brokenLinks, warnings };
}

function pageView(
  model: SiteModel,
  page: PageModel,
  rendered: {
    html: string;
    outline: PageView['outline'];
    features: PageView['features'];
    excerpt: string;
  },
): PageView {
  const siteSpace = model.siteSpace(page.siteSpaceId);
  return {
    key: page.key,
    url: page.url,
    outputFile: page.outputFile,
    title: page.title,
    emoji: page.emoji,
    icon: page.icon,
    description: page.description,
    metaDescription: page.description || rendered.excerpt || undefined,
    layout: page.layout,
    cover: page.cover && {
      url: page.cover.light.url,
      darkUrl: page.cover.dark?.url,
      width: page.cover.light.width,
      height: page.cover.light.height,
      yPos: page.cover.yPos,
    },
    updatedAt: page.updatedAt,
    robotsNoIndex: page.robotsNoIndex,
    indexable: page.indexable,
    html: rendered.html,
    outline: rendered.outline,
    features: rendered.features,
    currentSectionId: page.sectionId,
    variants: model.variantLinks(page.key),
    sidebar: model.sidebarFor(page.key),
    breadcrumbs: model.breadcrumbsFor(page.key),
    pagination: model.paginationFor(page.key),
    changeRequest: siteSpace?.changeRequest && {
      number: siteSpace.changeRequest.number,
      subject: siteSpace.changeRequest.subject,
    },
  };
}

function aliasView(url: string, outputFile: string, canonicalUrl: string, title: string): PageView {
  return {
    key: `alias:${url}`,
    url,
    outputFile,
    title,
    layout: {
      width: 'default',
      cover: false,
      coverSize: 'hero',
      title: true,
      description: true,
      tableOfContents: true,
      outline: true,
      pagination: true,
    },
    robotsNoIndex: true,
    indexable: false,
    html: '',
    outline: [],
    features: { mermaid: false, math: false, tabs: false },
    variants: [],
    sidebar: [],
    breadcrumbs: [],
    pagination: {},
    redirectTo: canonicalUrl,
  };
}

/** A computed page without markdown (an OpenAPI reference, say) still gets a page that says so. */
function placeholder(page: PageModel): string {
  return page.kind === 'computed'
    ? `{% hint style="info" %}\nThis page is generated by the platform${page.computedType ? ` (${page.computedType})` : ''} and has no static content.\n{% endhint %}\n`
    : '';
}

async function copyAssets(snapshot: Snapshot, model: SiteModel, outDir: string): Promise<void> {
  const limit = pLimit(16);
  await Promise.all(
    model.assets.map((asset) =>
      limit(async () => {
        const target = path.resolve(outDir, asset.outputFile);
        if (!target.startsWith(path.resolve(outDir) + path.sep))
          throw new RenderError(`asset path escapes the output: ${asset.outputFile}`);
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(snapshot.blobFile(asset.sha256), target);
      }),
    ),
  );
}
