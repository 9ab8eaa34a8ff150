import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  absoluteUrl,
  buildReport,
  checkLinks,
  crawlOutput,
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
import type { PdfProgress, PdfResult, PdfScope } from '../pdf/index.ts';
import { PDF_DIR, type PdfListing, pdfListing, spaceRevisions } from '../pdf/listing.ts';
import { PdfRecord } from '../pdf/record.ts';
import type { SearchIndexStats } from '../search/index-site.ts';
import { loadSiteModel, type SiteModel } from '../site/index.ts';
import { Snapshot } from '../snapshot/read.ts';
import { SnapshotStore } from '../snapshot/store.ts';
import { firstLine } from '../utils/issues.ts';
import { runAstroBuild } from './astro.ts';
import { BuildDataWriter, closePageViews } from './build-data.ts';
import { feedbackEndpoint } from './chrome.ts';
import { BrokenLinksError, RenderError } from './errors.ts';
import { renderInputsDigest } from './inputs.ts';
import { writeKatex } from './katex.ts';
import { LastBuild, type RenderSummary, SOURCE_VERSION } from './last-build.ts';
import { LastLinks } from './last-links.ts';
import { MarkdownCache } from './markdown-cache.ts';
import { discardOutput, stageOutput, swapOutput } from './output.ts';
import { copyReusedPages } from './reuse-pages.ts';
import { copyAssets, writeTheme } from './stages/assets.ts';
import { prepareOpenapi } from './stages/openapi.ts';
import { writePages } from './stages/pages.ts';
import { SearchStage } from './stages/search.ts';
import { prepareSite } from './stages/site-view.ts';
import { findThemeOverrides } from './theme-overrides.ts';

export { BrokenLinksError, RenderError } from './errors.ts';

/**
 * `offprint render`: the current snapshot into `outDir`, as a pipeline of stages, each timed:
 *
 *   model     the site model from the snapshot (src/site)
 *   markdown  pages: markdown → HTML (cached, worker pool) → page views (stages/pages.ts)
 *   astro     Astro lays out the views (astro.ts), while search (stages/search.ts) indexes them
 *   assets    the snapshot's files, the theme stylesheet and fonts (stages/assets.ts)
 *   hosting   robots.txt, sitemap.xml, llms.txt, `.md` copies, `_headers` (src/hosting)
 *   search    what search took past Astro, assets and hosting
 *   links     the broken-link check of the output
 *
 * Everything is written into a staging directory first; `outDir` changes only when all of it
 * succeeded. When nothing would differ from the last render, `outDir` is left as it was; pages
 * whose view is unchanged are copied from it rather than built by Astro again.
 */

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
  /**
   * `--pdf`, `offprint pdf`: print a PDF per section variant into `<outDir>/pdf/` (src/pdf)
   * before the output is swapped in, so pages link and llms.txt lists only PDFs that exist.
   */
  pdf?: RenderPdfOptions;
}

export interface RenderPdfOptions {
  /** The Chromium to print with (src/pdf/chromium.ts found it). */
  chromium: string;
  /** `section` (default): a PDF per section variant; `site`: one, `site.pdf`, of them all. */
  scope?: PdfScope;
  /** The date on the covers; default today (UTC). */
  date?: string;
  onProgress?: (event: PdfProgress) => void;
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
  /** The PDFs written to `<outDir>/pdf/`; absent without `pdf` or when the output was unchanged. */
  pdf?: PdfResult;
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
    assets: number;
    /** robots.txt, sitemap.xml, llms.txt, `.md` copies, `_headers` (src/hosting). */
    hosting: number;
    /** What the search index took past Astro, assets and hosting (it runs beside them). */
    search: number;
    /** The broken-link check, after the part of the crawl that overlaps the search phase. */
    links: number;
    /** Printing the PDFs (`pdf`). */
    pdf?: number;
  };
}

export async function render(options: RenderOptions): Promise<RenderResult> {
  const started = Date.now();
  if (options.feedbackUrl !== undefined && !feedbackEndpoint(options.feedbackUrl))
    throw new RenderError(`the feedback URL is not an http(s) URL: ${options.feedbackUrl}`);
  const snapshotDir = await new SnapshotStore(options.cacheDir).current();
  if (!snapshotDir)
    throw new RenderError(
      `no snapshot in ${options.cacheDir}: run offprint pull (or offprint build) first`,
    );
  const renderDir = path.resolve(options.cacheDir, 'render');
  const reportFile = path.join(options.cacheDir, REPORT_FILE);
  const lastBuild = new LastBuild(renderDir);
  // Local pages and theme overrides (and what they import) are compiled by Astro: an edit to
  // any of them must re-render.
  const localDigest = await localFilesDigest(
    [options.pagesDir, options.themeDir].filter((dir): dir is string => dir !== undefined),
  );
  const inputs = await renderInputsDigest({
    snapshotDir,
    sourceVersion: SOURCE_VERSION,
    options: writtenOptions(options),
    localFiles: localDigest,
  });
  const pdfRecord = new PdfRecord(renderDir);
  const previousPdfs = path.join(path.resolve(options.outDir), PDF_DIR);
  // With PDFs, the output is unchanged only while they are as the last print left them.
  const skipped =
    (!options.pdf || (await pdfRecord.intactAsRecorded(previousPdfs))) &&
    (await unchangedInputs(lastBuild, inputs, options, reportFile, started));
  if (skipped) return skipped;
  const snapshot = await Snapshot.open(snapshotDir);
  const localPages = options.pagesDir ? await discoverLocalPages(options.pagesDir) : [];
  const localFiles = new Map(localPages.map((local) => [local.file, local.absolutePath]));
  const themeOverrides = options.themeDir ? await findThemeOverrides(options.themeDir) : {};
  const model = await loadSiteModel(snapshot, { base: options.base, localPages });
  const pdfs = options.pdf ? pdfListing(model, options.pdf.scope) : [];
  // On the PDFs' covers, so part of what the output is made from.
  const revisions = spaceRevisions(snapshot);
  const pdfClash =
    pdfs.length > 0 && model.pages.find((p) => p.outputFile.startsWith(`${PDF_DIR}/`));
  if (pdfClash)
    throw new RenderError(
      `page ${pdfClash.url} is where the PDFs go (${model.base}${PDF_DIR}/): move the page or build without PDFs`,
    );
  const published = await snapshot.site();
  const origin = siteOrigin({
    flag: options.siteUrl,
    hostname: published.site.hostname,
    published: published.site.urls.published,
    base: model.base,
  });
  const phases: RenderResult['phases'] = {
    model: (Date.now() - started) / 1000,
    markdown: 0,
    astro: 0,
    assets: 0,
    hosting: 0,
    search: 0,
    links: 0,
  };
  let mark = Date.now();
  const lap = () => {
    const seconds = (Date.now() - mark) / 1000;
    mark = Date.now();
    return seconds;
  };

  const buildDataDir = path.join(
    renderDir,
    `build-${process.pid}-${randomBytes(3).toString('hex')}`,
  );
  const staged = await stageOutput(options.outDir);
  const data = new BuildDataWriter(buildDataDir);
  let closeSearch = async () => {};
  try {
    const site = await prepareSite(snapshot, model, published.customizations?.site, {
      origin,
      feedbackUrl: options.feedbackUrl,
      ...(pdfs.length > 0 ? { pdfDownloads: pdfDownloads(pdfs) } : {}),
    });
    const { view, theme } = site;
    await data.site(view);
    const shared = [
      digestOf(model.assets),
      digestOf(theme.fontFiles),
      // How assets are written: an output from before SVGs were sanitized is not reused.
      'svg-sanitized-1',
      localDigest,
    ];
    // What every page shares: with an equal shell, a page whose view is unchanged is unchanged.
    const shell = LastBuild.fingerprint([data.siteDigest(), model.base, ...shared]);
    const lastViews = await lastBuild.views(shell, options.outDir);
    const search = new SearchStage({
      data,
      site: view,
      pages: model.pages.length + model.aliases.length,
      aside: `${buildDataDir}-search`,
      verbose: options.verbose,
    });
    closeSearch = () => search.close();
    const openapi = await prepareOpenapi(snapshot, renderDir);
    const { math, ...report } = await writePages({
      snapshot,
      model,
      data,
      cache: new MarkdownCache(path.join(renderDir, 'markdown')),
      base: options.base,
      social: { origin, logo: absoluteUrl(origin, view.chrome.logo?.light) },
      iconSet: theme.iconSet,
      openapi: openapi.library,
      written: (position, page, digest) => {
        // After an edit, search starts at the first page that changed (see stages/search.ts).
        if (lastViews && lastViews.get(page.outputFile) !== digest) search.start();
        search.page(position, page);
      },
    });
    phases.markdown = lap();
    // The PDFs listed in llms.txt and the sitemap: an output with other PDFs is not this one;
    // nor is one whose PDFs name other revisions on their covers.
    const fingerprint = LastBuild.fingerprint([
      data.digest(),
      ...shared,
      `pdf:${pdfs.map((pdf) => pdf.file).join(',')}`,
      ...(pdfs.length > 0 ? [`revisions:${JSON.stringify([...revisions])}`] : []),
    ]);
    const result = {
      outDir: path.resolve(options.outDir),
      pages: model.pages.length,
      aliases: model.aliases.length,
      assets: model.assets.length,
      markdownCache: report.markdownCache,
      brokenLinks: report.brokenLinks,
      warnings: [
        ...site.warnings,
        ...model.warnings.map((message) => ({ page: 'structure', message })),
        ...report.warnings,
      ],
      notes: site.notes,
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
    if (
      (await lastBuild.matches(fingerprint, options.outDir)) &&
      (pdfs.length === 0 ||
        (await pdfRecord.intact(
          previousPdfs,
          pdfs.map((pdf) => path.posix.basename(pdf.file)),
        )))
    ) {
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
      await lastBuild.rememberInputs(options.outDir, { inputs, summary: summaryOf(result) });
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
    const lastLinks = new LastLinks(renderDir);
    const previousLinks = await lastLinks.read(options.outDir);
    // The reused pages are as the last render wrote them: their links are as it scanned them.
    const knownLinks =
      previousLinks && (await lastBuild.matches(previousLinks.fingerprint, options.outDir))
        ? { scan: previousLinks.scan, files: reused }
        : undefined;
    await data.finish(reused);
    search.start();
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
    // The HTML is final: its links are read, and the files beside the pages written, while
    // Pagefind finishes.
    const scanning = scanLinks({ dir: staged, base: model.base, origin, known: knownLinks });
    scanning.catch(() => {});
    const searching = search.finish(staged);
    searching.catch(() => {});
    result.warnings.push(...(await copyAssets(snapshot, model, staged)));
    await writeTheme(theme, site.themeCss, staged);
    if (site.faviconFile)
      await writeFile(path.join(staged, site.faviconFile.path), site.faviconFile.svg);
    if (math) await writeKatex(staged);
    // Made now so that _headers gives it its caching rule; filled after the hosting files.
    if (options.pdf) await mkdir(path.join(staged, PDF_DIR));
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
      openapi: openapi.library,
      pdfs,
    });
    result.warnings.push(...hosting.warnings.map((message) => ({ page: 'hosting', message })));
    phases.hosting = lap();
    const searchIndex = await searching;
    await search.close();
    phases.search = lap();
    // After the hosting files (so _headers has pdf/) and before the link check (pages link the
    // PDFs); read from the staged pages, which are final.
    let pdf: PdfResult | undefined;
    if (options.pdf) {
      pdf = await printPdfs(options, options.pdf, {
        revisions,
        model,
        staged,
        previousPdfs,
        pdfs,
      });
      phases.pdf = lap();
    } else if ((await pdfRecord.read()) && existsSync(previousPdfs)) {
      result.notes.push(
        `the PDFs of the last output (${PDF_DIR}/) are left out of this render: offprint pdf or build --pdf prints them`,
      );
    }
    // The check runs on the staged output: a failure leaves the previous output in place.
    const scan = await scanning;
    const links = linkReport((await checkLinks(scan, staged)).broken);
    await writeReport(reportFile, links);
    phases.links = lap();
    if (options.failOnBrokenLinks && links.total > 0)
      throw new BrokenLinksError(links, reportFile, options.outDir);
    await swapOutput(staged, options.outDir);
    await Promise.all([
      lastBuild.record(fingerprint, options.outDir, shell, data.pageDigests, {
        inputs,
        summary: summaryOf(result),
      }),
      lastLinks.record(fingerprint, options.outDir, scan),
    ]);
    return {
      ...result,
      linkReport: { total: links.total, file: reportFile, summary: summarize(links, reportFile) },
      search: searchIndex,
      ...(pdf ? { pdf } : {}),
      unchanged: false,
      reusedPages: reused.size,
      seconds: (Date.now() - started) / 1000,
    };
  } catch (error) {
    await discardOutput(staged);
    throw error;
  } finally {
    await closeSearch();
    closePageViews(buildDataDir);
    await data.close();
    await rm(buildDataDir, { recursive: true, force: true });
  }
}

function pdfDownloads(pdfs: readonly PdfListing[]): Record<string, string> {
  return Object.fromEntries(
    pdfs.flatMap((pdf) => pdf.siteSpaceIds.map((siteSpaceId) => [siteSpaceId, pdf.url])),
  );
}

/**
 * The PDFs into the staged output, from its pages; one whose pages did not change is copied
 * from the output it replaces. The render fails, and the previous output stays, unless every
 * PDF the pages link and llms.txt lists was written.
 */
async function printPdfs(
  options: RenderOptions,
  pdf: RenderPdfOptions,
  input: {
    revisions: ReadonlyMap<string, string>;
    model: SiteModel;
    staged: string;
    previousPdfs: string;
    pdfs: readonly PdfListing[];
  },
): Promise<PdfResult> {
  const { writeSitePdfs } = await import('../pdf/index.ts');
  const result = await writeSitePdfs({
    cacheDir: options.cacheDir,
    outDir: input.staged,
    pdfDir: path.join(input.staged, PDF_DIR),
    site: { model: input.model, revisions: input.revisions },
    chromium: pdf.chromium,
    ...(pdf.scope ? { scope: pdf.scope } : {}),
    ...(pdf.date ? { date: pdf.date } : {}),
    previousDir: input.previousPdfs,
    ...(pdf.onProgress ? { onProgress: pdf.onProgress } : {}),
  });
  const written = new Set(result.files.map((file) => `${PDF_DIR}/${file.file}`));
  const missing = input.pdfs.filter((listed) => !written.has(listed.file));
  if (missing.length > 0)
    throw new RenderError(`PDFs not written: ${missing.map((m) => m.file).join(', ')}`);
  return { ...result, pdfDir: path.join(path.resolve(options.outDir), PDF_DIR) };
}

/** The options that may change what a render writes, as text (where and how loudly aside). */
function writtenOptions(options: RenderOptions): Record<string, string | undefined> {
  const { cacheDir: _cache, outDir: _out, verbose: _verbose, ...written } = options;
  return Object.fromEntries(
    Object.entries(written)
      .filter(([, value]) => typeof value !== 'function')
      .map(([name, value]) => [name, value === undefined ? undefined : JSON.stringify(value)]),
  );
}

function summaryOf(result: RenderSummary): RenderSummary {
  const { pages, aliases, assets, brokenLinks, warnings, notes } = result;
  return { pages, aliases, assets, brokenLinks, warnings, notes };
}

/**
 * The result of a render with nothing to do: the last render into `outDir` read these very
 * inputs, and its link report is still the one on disk. Nothing is opened but those records.
 */
async function unchangedInputs(
  lastBuild: LastBuild,
  inputs: string,
  options: RenderOptions,
  reportFile: string,
  started: number,
): Promise<RenderResult | undefined> {
  const same = await lastBuild.sameInputs(inputs, options.outDir);
  if (!same) return undefined;
  const links = await readReport(reportFile);
  if (links?.fingerprint !== same.fingerprint) return undefined;
  if (options.failOnBrokenLinks && links.total > 0)
    throw new BrokenLinksError(links, reportFile, options.outDir);
  const seconds = (Date.now() - started) / 1000;
  return {
    ...same.summary,
    outDir: path.resolve(options.outDir),
    markdownCache: { hits: 0, misses: 0 },
    linkReport: { total: links.total, file: reportFile, summary: summarize(links, reportFile) },
    unchanged: true,
    seconds,
    phases: { model: seconds, markdown: 0, astro: 0, search: 0, assets: 0, hosting: 0, links: 0 },
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
  const message = firstLine(found.message)
    .replace(/^\[[^\]]+\]\s*/, '')
    .replace(/^\d+:\d+(?:-\d+:\d+)?:\s*/, '');
  return new RenderError(`${file}${where}: ${message}`);
}

function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}
