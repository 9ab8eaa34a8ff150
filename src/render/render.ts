import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { adaptiveData, prepareRegions } from '../adaptive/index.ts';
import type { SiteCustomization } from '../api/schemas/customizations.ts';
import {
  absoluteUrl,
  type BrokenLinkReport,
  buildReport,
  checkLinks,
  crawlOutput,
  describeBroken,
  type OutputBrokenLink,
  platformBrokenLinks,
  REPORT_FILE,
  readReport,
  scanLinks,
  siteOrigin,
  summarize,
  writeHostingFiles,
  writeReport,
} from '../hosting/index.ts';
import {
  discoverLocalPages,
  type LocalPage,
  localFilesDigest,
  localPageBody,
} from '../local-pages/index.ts';
import {
  isIconWarning,
  type RenderResult as MarkdownResult,
  renderMarkdown,
} from '../markdown/index.ts';
import { createRenderPool } from '../markdown/pool.ts';
import { indexSite, type SearchIndexStats } from '../search/index-site.ts';
import { loadSiteModel, type PageModel, type SiteModel } from '../site/index.ts';
import { pathInside } from '../site/paths.ts';
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
import { faviconFile } from './favicon.ts';
import { stringsFor } from './i18n/index.ts';
import { writeKatex } from './katex.ts';
import { LastBuild } from './last-build.ts';
import { type CachedRender, MarkdownCache } from './markdown-cache.ts';
import { discardOutput, stageOutput, swapOutput } from './output.ts';
import { copyReusedPages } from './reuse-pages.ts';
import { stableFileRefs } from './stable-refs.ts';
import { sanitizeSvg } from './svg.ts';
import { findThemeOverrides } from './theme-overrides.ts';
import type { PageView, SiteView } from './view.ts';

export interface RenderOptions {
  /** The cache directory holding the snapshot (`<cacheDir>/snapshot`) and render caches. */
  cacheDir: string;
  outDir: string;
  /** `--base`; default the site's `basename`, else `/`. */
  base?: string;
  /** `--site-url`: the origin the site is hosted at (default from the site's hostname). */
  siteUrl?: string;
  /** `--fail-on-broken-links`: a broken link fails the render and leaves `outDir` as it was. */
  failOnBrokenLinks?: boolean;
  /** `--pages`: `.md`/`.mdx` files from the user's repository, pages at their file path. */
  pagesDir?: string;
  /** `--theme`: `.astro` files overriding the default theme's components one by one. */
  themeDir?: string;
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
  /** Every broken link found: the crawl of the output, markdown, the platform's reports. */
  linkReport: { total: number; file: string; summary: string };
  warnings: { page: string; message: string; line?: number }[];
  /** What the build chose not to do and why (customizations a static site cannot back). */
  notes: string[];
  /** The Pagefind index written to `<outDir>/pagefind/`; absent when the output was unchanged. */
  search?: SearchIndexStats;
  /** Nothing would differ from the last render into `outDir`: it was left as it was. */
  unchanged: boolean;
  /** Pages (and aliases) whose view had not changed since the last render: copied from its
   * output instead of built by Astro again. */
  reusedPages?: number;
  seconds: number;
  /** Seconds spent in each phase. */
  phases: {
    model: number;
    markdown: number;
    astro: number;
    search: number;
    assets: number;
    /** robots.txt, sitemap.xml, llms.txt, `.md` copies, `_headers` (src/hosting). */
    hosting: number;
    /** The broken-link check, after the part of the crawl that overlaps the search phase. */
    links: number;
  };
}

export class RenderError extends Error {
  override readonly name = 'RenderError';
}

/** `--fail-on-broken-links` found some: the message names the count and the first. */
export class BrokenLinksError extends RenderError {
  constructor(
    readonly report: BrokenLinkReport,
    file: string,
    outDir: string,
  ) {
    super(
      `${report.total} broken link${report.total === 1 ? '' : 's'}, the first: ${describeBroken(report)[0]}; ${outDir} left as it was (full report in ${file})`,
    );
  }
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
  const localPages = options.pagesDir ? await discoverLocalPages(options.pagesDir) : [];
  const localFiles = new Map(localPages.map((local) => [local.file, local.absolutePath]));
  const themeOverrides = options.themeDir ? await findThemeOverrides(options.themeDir) : {};
  const model = await loadSiteModel(snapshot, { base: options.base, localPages });
  const published = await snapshot.site();
  const origin = siteOrigin({
    flag: options.siteUrl,
    hostname: published.site.hostname,
    published: published.site.urls.published,
    base: model.base,
  });
  const reportFile = path.join(options.cacheDir, REPORT_FILE);
  const phases = {
    model: (Date.now() - started) / 1000,
    markdown: 0,
    astro: 0,
    search: 0,
    assets: 0,
    hosting: 0,
    links: 0,
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
    const customizations = published.customizations?.site;
    const theme = themeStylesheet(customizations);
    const themeCss = themeCssPath(
      createHash('sha256').update(theme.css).digest('hex').slice(0, 12),
    );
    const chromeWarnings: string[] = [];
    const notes: string[] = [];
    const { favicon, ...chromeParts } = chromeView(
      model,
      customizations,
      (message) => chromeWarnings.push(message),
      { feedbackUrl: options.feedbackUrl, note: (message) => notes.push(message) },
    );
    const icon = faviconFile(favicon, model.base);
    const chrome = { ...chromeParts, favicon: icon.favicon };
    const siteWarnings: string[] = [];
    const conditionWarnings: string[] = [];
    const adaptive = adaptiveData(model, (await snapshot.adaptiveSchema())?.jsonSchema, (message) =>
      conditionWarnings.push(message),
    );
    const view = {
      ...siteView(model, theme, themeCss, customizations, (message) => siteWarnings.push(message)),
      ...(origin ? { siteUrl: origin } : {}),
      chrome,
      adaptive,
    };
    await data.site(view);
    const { math, ...report } = await writePages(
      snapshot,
      model,
      data,
      new MarkdownCache(path.join(renderDir, 'markdown')),
      options.base,
      { origin, logo: absoluteUrl(origin, chrome.logo?.light) },
      theme.iconSet,
    );
    phases.markdown = lap();
    const lastBuild = new LastBuild(renderDir);
    const shared = [
      digestOf(model.assets),
      digestOf(theme.fontFiles),
      // How assets are written: an output from before SVGs were sanitized is not reused.
      'svg-sanitized-1',
      // Local pages and theme overrides (and what they import) are compiled by Astro: an edit
      // to any of them must re-render.
      await localFilesDigest(
        [options.pagesDir, options.themeDir].filter((dir): dir is string => dir !== undefined),
      ),
    ];
    const fingerprint = LastBuild.fingerprint([data.digest(), ...shared]);
    // What every page shares: with an equal shell, a page whose view is unchanged is unchanged.
    const shell = LastBuild.fingerprint([data.siteDigest(), model.base, ...shared]);
    const result = {
      outDir: path.resolve(options.outDir),
      pages: model.pages.length,
      aliases: model.aliases.length,
      assets: model.assets.length,
      markdownCache: report.markdownCache,
      brokenLinks: report.brokenLinks,
      warnings: [
        ...theme.warnings.map((message) => ({ page: 'customizations', message })),
        ...chromeWarnings.map((message) => ({ page: 'customizations', message })),
        ...siteWarnings.map((message) => ({ page: 'customizations', message })),
        ...conditionWarnings.map((message) => ({ page: 'structure', message })),
        ...model.warnings.map((message) => ({ page: 'structure', message })),
        ...report.warnings,
      ],
      notes,
      phases,
    };
    const platformBroken = await platformReports(snapshot, model);
    const linkReport = (output: OutputBrokenLink[]) =>
      buildReport({
        outDir: path.resolve(options.outDir),
        fingerprint,
        output,
        markdown: report.brokenLinks,
        platform: platformBroken,
      });
    if (await lastBuild.matches(fingerprint, options.outDir)) {
      await discardOutput(staged);
      // The output is as the last render left it: so is its report, unless that one is gone.
      const previous = await readReport(reportFile);
      const links =
        previous?.fingerprint === fingerprint
          ? previous
          : linkReport(
              (await crawlOutput({ dir: options.outDir, base: model.base, origin })).broken,
            );
      await writeReport(reportFile, links);
      if (options.failOnBrokenLinks && links.total > 0)
        throw new BrokenLinksError(links, reportFile, options.outDir);
      return {
        ...result,
        linkReport: { total: links.total, file: reportFile, summary: summarize(links, reportFile) },
        unchanged: true,
        seconds: (Date.now() - started) / 1000,
      };
    }
    const reused = await lastBuild.unchangedPages(shell, options.outDir, data.pageDigests);
    await data.finish(reused);
    await runAstroBuild({
      outDir: staged,
      base: model.base,
      buildDataDir,
      localPages: localModules(model, localPages),
      themeOverrides,
      cacheDir: path.join(renderDir, 'astro'),
      verbose: options.verbose,
    }).catch((error: unknown) => {
      throw compileError(error);
    });
    await copyReusedPages(options.outDir, staged, reused);
    phases.astro = lap();
    // The HTML is final: its links are read while Pagefind (a separate process) indexes it.
    const scanning = scanLinks({ dir: staged, base: model.base, origin });
    scanning.catch(() => {});
    const search = await indexSite({ dir: staged, verbose: options.verbose });
    phases.search = lap();
    result.warnings.push(...(await copyAssets(snapshot, model, staged)));
    await writeTheme(theme, themeCss, staged);
    if (icon.file) await writeFile(path.join(staged, icon.file.path), icon.file.svg);
    if (math) await writeKatex(staged);
    phases.assets = lap();
    const hosting = await writeHostingFiles({
      model,
      dir: staged,
      origin,
      indexed: !model.noIndex,
      markdownOf: async (page) => {
        // A local page's copy is its own file's text; a platform page's, the snapshot's markdown.
        const file = page.local && localFiles.get(page.local.file);
        if (file) return localPageBody(await readFile(file, 'utf8'));
        return snapshot.pageMarkdown(page.source.spaceId, page.source.pageId);
      },
      descriptions: report.descriptions,
    });
    result.warnings.push(...hosting.warnings.map((message) => ({ page: 'hosting', message })));
    phases.hosting = lap();
    // The check runs on the staged output: a failure leaves the previous output in place.
    const links = linkReport((await checkLinks(await scanning, staged)).broken);
    await writeReport(reportFile, links);
    phases.links = lap();
    if (options.failOnBrokenLinks && links.total > 0)
      throw new BrokenLinksError(links, reportFile, options.outDir);
    await swapOutput(staged, options.outDir);
    await lastBuild.record(fingerprint, options.outDir, shell, data.pageDigests);
    return {
      ...result,
      linkReport: { total: links.total, file: reportFile, summary: summarize(links, reportFile) },
      search,
      unchanged: false,
      reusedPages: reused.size,
      seconds: (Date.now() - started) / 1000,
    };
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
  social: SocialContext,
  iconSet: IconSet,
) {
  const brokenLinks: RenderResult['brokenLinks'] = [];
  const descriptions = new Map<string, string>();
  const warnings: RenderResult['warnings'] = [];
  const sources = await readSources(snapshot, model, cache, iconSet);
  const sourceOf = new Map(sources.map((source) => [source.page.key, source]));
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
  // An icon outside the free sets is named once for the site, not once per page using it.
  const iconWarnings = new Set<string>();
  for (const page of model.pages) {
    const source = sourceOf.get(page.key);
    if (!source) {
      await data.page(localPageView(model, page, social), model.base);
      continue;
    }
    const rendered = source.cached as CachedRender;
    if (rendered.features.math) math = true;
    for (const broken of rendered.brokenLinks) {
      brokenLinks.push({ page: page.url, target: broken.target, line: broken.line });
    }
    for (const warning of rendered.warnings) {
      if (isIconWarning(warning.message)) {
        if (iconWarnings.has(warning.message)) continue;
        iconWarnings.add(warning.message);
      }
      warnings.push({ page: page.url, ...warning });
    }
    // `{% if %}` regions: each expression compiled for the browser; a refused one stays hidden.
    const regions = prepareRegions(rendered.html, (expression, reason) =>
      warnings.push({
        page: page.url,
        message: `{% if ${expression} %}: condition refused (${reason}); the region stays hidden`,
      }),
    );
    const view = pageView(model, page, { ...rendered, html: regions.html }, social);
    if (view.metaDescription) descriptions.set(page.key, view.metaDescription);
    await data.page(
      {
        ...view,
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
    descriptions,
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
    model.pages
      .filter((page) => !page.local)
      .map((page) =>
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

// The compiled package (lib/) loads the resolver's .js beside this module, a checkout the .ts.
const WORKER_RESOLVER = new URL(
  import.meta.url.endsWith('.ts') ? './worker-resolver.ts' : './worker-resolver.js',
  import.meta.url,
).href;

/** What absolute URLs in a page's head need: the origin, and the site logo as a fallback image. */
interface SocialContext {
  origin?: string;
  /** The header logo, absolute. */
  logo?: string;
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
  social: SocialContext,
): PageView {
  const siteSpace = model.siteSpace(page.siteSpaceId);
  const canonicalUrl = absoluteUrl(social.origin, page.url);
  const image = absoluteUrl(social.origin, page.cover?.light.url) ?? social.logo;
  return {
    key: page.key,
    url: page.url,
    outputFile: page.outputFile,
    title: page.title,
    emoji: page.emoji,
    icon: page.icon,
    description: page.description,
    metaDescription: metaDescription(page.description || rendered.excerpt || page.title),
    ...(canonicalUrl ? { canonicalUrl } : {}),
    ...(image ? { socialImage: image } : {}),
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

/** A local page: its navigation as any page's; its content is its file, rendered by Astro. */
function localPageView(model: SiteModel, page: PageModel, social: SocialContext): PageView {
  return {
    ...pageView(
      model,
      page,
      {
        html: '',
        outline: [],
        features: { mermaid: false, math: false, tabs: false },
        excerpt: '',
      },
      social,
    ),
    local: true,
  };
}

/** Which file Astro renders for each local page, by page key. */
function localModules(model: SiteModel, localPages: readonly LocalPage[]): Record<string, string> {
  const byFile = new Map(localPages.map((local) => [local.file, local.absolutePath]));
  const modules: Record<string, string> = {};
  for (const page of model.pages) {
    const file = page.local && byFile.get(page.local.file);
    if (file) modules[page.key] = file;
  }
  return modules;
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
      metadata: false,
      tags: false,
      actions: false,
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

/** A meta description stays short: search results show about 160 characters. */
export const META_DESCRIPTION_LENGTH = 160;

function metaDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= META_DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, META_DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > META_DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

/** Every stored platform link report, flattened (page ids become the pages' URLs). */
async function platformReports(snapshot: Snapshot, model: SiteModel) {
  const urlOf = new Map(model.pages.map((page) => [`${page.spaceId}\0${page.pageId}`, page.url]));
  const reports = await Promise.all(
    snapshot.manifest.spaces.map(async ({ spaceId }) => {
      const report = await snapshot.brokenLinks(spaceId).catch(() => undefined);
      return platformBrokenLinks(spaceId, report?.broken ?? [], (pageId) =>
        urlOf.get(`${spaceId}\0${pageId}`),
      );
    }),
  );
  return reports.flat();
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

/**
 * The snapshot's files at their hashed paths. SVGs are rewritten without script (see svg.ts);
 * one that is not even XML is replaced by an empty drawing, with a warning naming the file.
 */
async function copyAssets(
  snapshot: Snapshot,
  model: SiteModel,
  outDir: string,
): Promise<RenderResult['warnings']> {
  const limit = pLimit(16);
  const warnings: RenderResult['warnings'] = [];
  await Promise.all(
    model.assets.map((asset) =>
      limit(async () => {
        const target = pathInside(outDir, asset.outputFile);
        if (!target) throw new RenderError(`asset path escapes the output: ${asset.outputFile}`);
        await mkdir(path.dirname(target), { recursive: true });
        if (!target.endsWith('.svg')) {
          await copyFile(snapshot.blobFile(asset.sha256), target);
          return;
        }
        const svg = await readFile(snapshot.blobFile(asset.sha256), 'utf8');
        try {
          await writeFile(target, sanitizeSvg(svg));
        } catch (error) {
          warnings.push({
            page: `file ${JSON.stringify(asset.name)} (space ${asset.spaceId})`,
            message: `not a well-formed SVG (${(error as Error).message.split('\n')[0]}); replaced by an empty image`,
          });
          await writeFile(target, EMPTY_SVG);
        }
      }),
    ),
  );
  return warnings;
}

const EMPTY_SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';
/**
 * A compile error in a file Astro builds (a local page, a theme override, what they import) as
 * one line naming the file and position: `pages/a.mdx:9:1: Unexpected end of file…`.
 */
function compileError(error: unknown): unknown {
  // Rolldown (Vite 8) reports a failed build as one error holding each plugin's in `errors`.
  const first = (error as { errors?: unknown[] })?.errors?.[0];
  const found = (first ?? error) as {
    message?: unknown;
    id?: unknown;
    loc?: { file?: unknown; line?: unknown; column?: unknown };
  };
  const file = typeof found?.loc?.file === 'string' ? found.loc.file : found?.id;
  if (typeof file !== 'string' || typeof found.message !== 'string') return error;
  const where =
    typeof found.loc?.line === 'number'
      ? `:${found.loc.line}:${Number(found.loc.column ?? 0) || 1}`
      : '';
  // Drop a plugin tag (`[plugin x]`) and a position the message repeats (MDX's `6:1: `).
  const message = (found.message.split('\n')[0] ?? '')
    .replace(/^\[[^\]]+\]\s*/, '')
    .replace(/^\d+:\d+(?:-\d+:\d+)?:\s*/, '');
  return new RenderError(`${file}${where}: ${message}`);
}

function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}
