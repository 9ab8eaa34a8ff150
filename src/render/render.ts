import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { adaptiveData, prepareRegions } from '../adaptive/index.ts';
import type { SiteCustomization } from '../api/schemas/customizations.ts';
import { type RenderResult as MarkdownResult, renderMarkdown } from '../markdown/index.ts';
import { createRenderPool } from '../markdown/pool.ts';
import { indexSite, type SearchIndexStats } from '../search/index-site.ts';
import { loadSiteModel, type PageModel, type SiteModel } from '../site/index.ts';
import { Snapshot } from '../snapshot/read.ts';
import { SnapshotStore } from '../snapshot/store.ts';
import {
  type IconSet,
  type ThemeStylesheet,
  themeCssPath,
  themeStylesheet,
} from '../theme/index.ts';
import { runAstroBuild } from './astro.ts';
import { BuildDataWriter } from './build-data.ts';
import { chromeView, feedbackEndpoint } from './chrome.ts';
import { stringsFor } from './i18n/index.ts';
import { writeKatex } from './katex.ts';
import { LastBuild } from './last-build.ts';
import { type CachedRender, MarkdownCache } from './markdown-cache.ts';
import { discardOutput, stageOutput, swapOutput } from './output.ts';
import { stableFileRefs } from './stable-refs.ts';
import type { PageView, SiteView } from './view.ts';

export interface RenderOptions {
  /** The cache directory holding the snapshot (`<cacheDir>/snapshot`) and render caches. */
  cacheDir: string;
  outDir: string;
  /** `--base`; default the site's `basename`, else `/`. */
  base?: string;
  verbose?: boolean;
  /** Where the "was this helpful?" control posts when `feedback.enabled`; an http(s) URL. */
  feedbackUrl?: string;
}

export interface RenderResult {
  outDir: string;
  pages: number;
  aliases: number;
  assets: number;
  markdownCache: { hits: number; misses: number };
  brokenLinks: { page: string; target: string; line?: number }[];
  warnings: { page: string; message: string; line?: number }[];
  /** What the build chose not to do and why (customizations a static site cannot back). */
  notes: string[];
  /** The Pagefind index written to `<outDir>/pagefind/`; absent when the output was unchanged. */
  search?: SearchIndexStats;
  /** Nothing would differ from the last render into `outDir`: it was left as it was. */
  unchanged: boolean;
  seconds: number;
  /** Seconds spent in each phase. */
  phases: { model: number; markdown: number; astro: number; search: number; assets: number };
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
  if (options.feedbackUrl !== undefined && !feedbackEndpoint(options.feedbackUrl))
    throw new RenderError(`the feedback URL is not an http(s) URL: ${options.feedbackUrl}`);
  const snapshotDir = await new SnapshotStore(options.cacheDir).current();
  if (!snapshotDir)
    throw new RenderError(
      `no snapshot in ${options.cacheDir}: run offprint pull (or offprint build) first`,
    );
  const snapshot = await Snapshot.open(snapshotDir);
  const model = await loadSiteModel(snapshot, { base: options.base });
  const phases = {
    model: (Date.now() - started) / 1000,
    markdown: 0,
    astro: 0,
    search: 0,
    assets: 0,
  };
  let mark = Date.now();
  const lap = () => {
    const seconds = (Date.now() - mark) / 1000;
    mark = Date.now();
    return seconds;
  };

  const renderDir = path.resolve(options.cacheDir, 'render');
  const buildDataDir = path.join(
    renderDir,
    `build-${process.pid}-${randomBytes(3).toString('hex')}`,
  );
  const staged = await stageOutput(options.outDir);
  try {
    const data = new BuildDataWriter(buildDataDir);
    const customizations = (await snapshot.site()).customizations?.site;
    const theme = themeStylesheet(customizations);
    const themeCss = themeCssPath(
      createHash('sha256').update(theme.css).digest('hex').slice(0, 12),
    );
    const chromeWarnings: string[] = [];
    const notes: string[] = [];
    const chrome = chromeView(model, customizations, (message) => chromeWarnings.push(message), {
      feedbackUrl: options.feedbackUrl,
      note: (message) => notes.push(message),
    });
    const siteWarnings: string[] = [];
    const conditionWarnings: string[] = [];
    const adaptive = adaptiveData(model, (await snapshot.adaptiveSchema())?.jsonSchema, (message) =>
      conditionWarnings.push(message),
    );
    await data.site({
      ...siteView(model, theme, themeCss, customizations, (message) => siteWarnings.push(message)),
      chrome,
      adaptive,
    });
    const { math, ...report } = await writePages(
      snapshot,
      model,
      data,
      new MarkdownCache(path.join(renderDir, 'markdown')),
      options.base,
      theme.iconSet,
    );
    await data.finish();
    phases.markdown = lap();
    const lastBuild = new LastBuild(renderDir);
    const fingerprint = LastBuild.fingerprint([
      data.digest(),
      digestOf(model.assets),
      digestOf(theme.fontFiles),
    ]);
    const result = {
      outDir: path.resolve(options.outDir),
      pages: model.pages.length,
      aliases: model.aliases.length,
      assets: model.assets.length,
      ...report,
      warnings: [
        ...theme.warnings.map((message) => ({ page: 'customizations', message })),
        ...chromeWarnings.map((message) => ({ page: 'customizations', message })),
        ...siteWarnings.map((message) => ({ page: 'customizations', message })),
        ...conditionWarnings.map((message) => ({ page: 'structure', message })),
        ...report.warnings,
      ],
      notes,
      phases,
    };
    if (await lastBuild.matches(fingerprint, options.outDir)) {
      await discardOutput(staged);
      return { ...result, unchanged: true, seconds: (Date.now() - started) / 1000 };
    }
    await runAstroBuild({
      outDir: staged,
      base: model.base,
      buildDataDir,
      cacheDir: path.join(renderDir, 'astro'),
      verbose: options.verbose,
    });
    phases.astro = lap();
    const search = await indexSite({ dir: staged, verbose: options.verbose });
    phases.search = lap();
    await copyAssets(snapshot, model, staged);
    await writeTheme(theme, themeCss, staged);
    if (math) await writeKatex(staged);
    await swapOutput(staged, options.outDir);
    await lastBuild.record(fingerprint, options.outDir);
    phases.assets = lap();
    return { ...result, search, unchanged: false, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    await discardOutput(staged);
    throw error;
  } finally {
    await rm(buildDataDir, { recursive: true, force: true });
  }
}

function siteView(
  model: SiteModel,
  theme: ThemeStylesheet,
  themeCss: string,
  customizations: SiteCustomization | undefined,
  warn: (message: string) => void,
): Omit<SiteView, 'chrome'> {
  const locale = stringsFor(customizations?.internationalization?.locale);
  if (locale.warning) warn(locale.warning);
  const search = customizations?.styling?.search;
  if (search !== undefined && search !== 'prominent' && search !== 'subtle')
    warn(`styling.search "${search}" is not supported; using "prominent"`);
  return {
    title: model.title,
    lang: locale.lang,
    dir: locale.dir,
    base: model.base,
    tabs: model.tabs,
    noindex: model.noIndex,
    strings: locale.strings,
    searchAppearance: search === 'subtle' ? 'subtle' : 'prominent',
    themeCssUrl: `${model.base}${themeCss}`,
    htmlClass: theme.htmlClass,
    defaultTheme: theme.defaultTheme,
    ...siteChangeRequest(model),
  };
}

/** The change request a preview build shows in place of its space (one per build). */
function siteChangeRequest(model: SiteModel): Pick<SiteView, 'changeRequest'> {
  const changeRequest = model.siteSpaces.find((s) => s.changeRequest)?.changeRequest;
  return changeRequest
    ? { changeRequest: { number: changeRequest.number, subject: changeRequest.subject } }
    : {};
}

/** Pages whose markdown is not in the cache go to worker threads past this many. */
const POOL_THRESHOLD = 64;

interface PageSource {
  page: PageModel;
  markdown: string;
  key: string;
  cached?: CachedRender;
}

async function writePages(
  snapshot: Snapshot,
  model: SiteModel,
  data: BuildDataWriter,
  cache: MarkdownCache,
  base: string | undefined,
  iconSet: IconSet,
) {
  const brokenLinks: RenderResult['brokenLinks'] = [];
  const warnings: RenderResult['warnings'] = [];
  const sources = await readSources(snapshot, model, cache, iconSet);
  const misses = sources.filter((source) => !source.cached);
  const renderOne =
    misses.length >= POOL_THRESHOLD
      ? poolRenderer(snapshot.dir, base, iconSet)
      : inProcessRenderer(model, iconSet);
  try {
    await Promise.all(
      misses.map(async (source) => {
        const result = await renderOne.render(source);
        source.cached = await cache.set(source.key, result, model.resolverFor(source.page.key));
      }),
    );
  } finally {
    await renderOne.close();
  }
  let math = false;
  for (const { page, cached } of sources) {
    const rendered = cached as CachedRender;
    if (rendered.features.math) math = true;
    for (const broken of rendered.brokenLinks) {
      brokenLinks.push({ page: page.url, target: broken.target, line: broken.line });
    }
    for (const warning of rendered.warnings) warnings.push({ page: page.url, ...warning });
    // `{% if %}` regions: each expression compiled for the browser; a refused one stays hidden.
    const regions = prepareRegions(rendered.html, (expression, reason) =>
      warnings.push({
        page: page.url,
        message: `{% if ${expression} %}: condition refused (${reason}); the region stays hidden`,
      }),
    );
    await data.page(
      {
        ...pageView(model, page, { ...rendered, html: regions.html }),
        ...(regions.regions ? { adaptiveRegions: true } : {}),
      },
      model.base,
    );
  }
  for (const alias of model.aliases) {
    const page = model.page(alias.pageKey);
    await data.page(
      aliasView(alias.url, alias.outputFile, alias.canonicalUrl, page?.title ?? ''),
      model.base,
    );
  }
  return {
    markdownCache: { hits: cache.hits, misses: cache.misses },
    brokenLinks,
    warnings,
    math,
  };
}

/** Each page's markdown (download URLs made stable) and what the cache holds for it. */
async function readSources(
  snapshot: Snapshot,
  model: SiteModel,
  cache: MarkdownCache,
  iconSet: IconSet,
): Promise<PageSource[]> {
  const normalizers = new Map<string, (markdown: string) => string>();
  // The model already read every revision: its download URLs are what the normalizers need.
  for (const entry of snapshot.manifest.spaces) {
    normalizers.set(entry.spaceId, stableFileRefs(model.downloadUrlsOf(entry.spaceId)));
  }
  const limit = pLimit(32);
  return Promise.all(
    model.pages.map((page) =>
      limit(async () => {
        const stored = await snapshot.pageMarkdown(page.source.spaceId, page.source.pageId);
        const normalize = normalizers.get(page.source.spaceId);
        const markdown =
          stored === undefined ? placeholder(page) : normalize ? normalize(stored) : stored;
        const key = MarkdownCache.key(markdown, page.source.path, page.title, iconSet);
        const cached = await cache.get(key, model.resolverFor(page.key));
        return { page, markdown, key, cached };
      }),
    ),
  );
}

interface Renderer {
  render(source: PageSource): Promise<MarkdownResult>;
  close(): Promise<void>;
}

/** A few pages: render them here, a few at a time (highlighter languages load asynchronously). */
function inProcessRenderer(model: SiteModel, iconSet: IconSet): Renderer {
  const limit = pLimit(4);
  return {
    render: ({ page, markdown }) =>
      limit(() =>
        renderMarkdown(markdown, {
          resolver: model.resolverFor(page.key),
          currentPath: page.source.path,
          pageTitle: page.title,
          iconStyle: iconSet,
        }),
      ),
    close: async () => {},
  };
}

/** Many pages: one worker per core, each with the site model rebuilt from the snapshot. */
function poolRenderer(snapshotDir: string, base: string | undefined, iconSet: IconSet): Renderer {
  const pool = createRenderPool({
    iconStyle: iconSet,
    resolver: {
      module: WORKER_RESOLVER,
      exportName: 'createResolver',
      data: { snapshotDir, base },
    },
  });
  return {
    render: ({ page, markdown }) =>
      pool.render({
        markdown,
        currentPath: page.source.path,
        pageTitle: page.title,
        context: page.key,
      }),
    close: () => pool.close(),
  };
}

const WORKER_RESOLVER = new URL('./worker-resolver.ts', import.meta.url).href;

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

/** The theme stylesheet at its hashed path, and the font files it names. */
async function writeTheme(theme: ThemeStylesheet, cssPath: string, outDir: string): Promise<void> {
  await mkdir(path.join(outDir, path.dirname(cssPath)), { recursive: true });
  await writeFile(path.join(outDir, cssPath), theme.css);
  for (const font of theme.fontFiles) {
    const target = path.join(outDir, font.to);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(font.from, target);
  }
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

function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}
