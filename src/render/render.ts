import path from 'node:path';
import { analyticsSetup, issueTarget } from '../analytics/index.ts';
import type { ShareCards } from '../cards/index.ts';
import { absoluteUrl } from '../hosting/index.ts';
import type { PartManifest } from '../hosting/part-manifest.ts';
import type { PageRenderSettings } from '../markdown/settings.ts';
import { BuildDirs } from './build-dirs.ts';
import { sweptCacheNotes } from './cache-sweep.ts';
import { outputFingerprint, sharedParts, shellFingerprint } from './fingerprints.ts';
import { LastRender } from './last-render.ts';
import { MarkdownCache } from './markdown-cache.ts';
import { checkOptions, type RenderOptions } from './options.ts';
import { progressCounter } from './progress.ts';
import { PhaseClock, type RenderResult, resultOf } from './result.ts';
import { writeAssets } from './stages/assets.ts';
import { DiagramStage } from './stages/diagrams.ts';
import { writeHosting } from './stages/hosting.ts';
import { prepareImages } from './stages/images.ts';
import { layOutPages } from './stages/layout.ts';
import { failOnBrokenLinks, linkReporter, linkSummary, startLinkCheck } from './stages/links.ts';
import { prepareOpenapi } from './stages/openapi.ts';
import { writePages } from './stages/pages.ts';
import { chooseSitePart, writePartFiles, writePartManifest } from './stages/part.ts';
import { PdfStage } from './stages/pdf.ts';
import { sitePolicy } from './stages/policy.ts';
import { reviewPageCount, writeChangesJson } from './stages/review.ts';
import { cardContent, prepareSocialImages } from './stages/share-cards.ts';
import { prepareSite } from './stages/site-view.ts';
import { currentSnapshot, digestInputs, loadSource } from './stages/source.ts';
import { swapInOutput } from './stages/swap.ts';
import { unchangedInputs, unchangedOutput } from './stages/unchanged.ts';

export { BrokenLinksError, RenderError } from './errors.ts';

/**
 * `offprint render`: the current snapshot into `outDir`, as a pipeline of stages, each timed
 * (docs/architecture.md, "The stages of a render"). Everything is written into a staging
 * directory first; `outDir` changes only when all of it succeeded. What the last render into
 * `outDir` lets this one skip or reuse is decided in reuse-policy.ts; this function only wires.
 */
export async function render(options: RenderOptions): Promise<RenderResult> {
  const started = Date.now();
  checkOptions(options);
  const snapshotDir = await currentSnapshot(options.cacheDir);
  const { inputs, localDigest, identity } = await digestInputs(options, snapshotDir);
  const last = await LastRender.open(options, inputs);
  const skipped = await unchangedInputs({ options, last, started });
  if (skipped) return skipped;
  const { records } = last;
  const source = await loadSource(options, snapshotDir);
  const { snapshot, model, origin, pdfs } = source;
  const part = chooseSitePart({ shard: options.shard, ...source });
  const clock = new PhaseClock(started);
  const images = await prepareImages({ ...source, records, options });
  const dirs = await BuildDirs.open(options.outDir, records.renderDir);
  const { staged, data, buildDataDir } = dirs;
  await options.early?.specsSettled();
  const { library: openapi, stats: openapiStats } = await prepareOpenapi(
    snapshot,
    model,
    records.renderDir,
  );
  const diagrams = new DiagramStage(options, records.renderDir);
  const pdf = new PdfStage(options, pdfs, last);
  /** The render's share cards, whose drawing thread ends with the render, failed or not. */
  let shareCards: ShareCards | undefined;
  const run = {
    options,
    last,
    records,
    ...source,
    clock,
    staged,
    data,
    buildDataDir,
    openapi,
    diagrams,
    images,
    part,
  };
  try {
    const analytics = analyticsSetup(options.analytics);
    const issues = options.feedbackIssues ? issueTarget(options.feedbackIssues) : undefined;
    const site = await prepareSite(snapshot, model, source.customizations, {
      origin,
      images,
      feedbackUrl: options.feedbackUrl,
      ...(issues ? { feedbackIssues: issues } : {}),
      ...(analytics ? { analytics: analytics.view } : {}),
      ...pdf.downloads(),
    });
    const csp = sitePolicy({
      ...(options.csp === false ? { csp: false } : {}),
      site: site.view,
      analytics,
      specs: openapiStats.specs,
      tryIt: options.tryIt !== false,
    });
    await data.site(site.view);
    // A card the pull is drawing lands in the cache before the render looks for it.
    await options.early?.cardsSettled();
    const social = await prepareSocialImages({
      enabled: options.shareCards !== false && origin !== undefined,
      snapshot,
      model,
      customizations: source.customizations,
      lang: site.view.lang,
      renderDir: records.renderDir,
    });
    const { cards } = social;
    shareCards = cards;
    const shared = sharedParts(model, site.theme, localDigest);
    last.withShell(shellFingerprint(data, model, shared));
    const pageCount =
      part.pages.length + part.aliases.length + reviewPageCount(model, source.review);
    const search = dirs.searchStage({
      site: site.view,
      pages: pageCount,
      verbose: options.verbose,
      onProgress: options.onProgress,
    });
    const markdownDone = progressCounter(options.onProgress, 'markdown', pageCount);
    const settings: PageRenderSettings = {
      iconStyle: site.theme.iconSet,
      strings: site.view.strings.content,
      openapi,
      ...(options.tryIt === false ? { tryIt: false } : {}),
    };
    const { math, ...pages } = await writePages({
      ...run,
      base: options.base,
      site: site.view,
      strings: site.view.strings,
      lang: site.view.lang,
      settings,
      cache: new MarkdownCache(path.join(records.renderDir, 'markdown'), settings),
      social: {
        origin,
        logo: absoluteUrl(origin, site.view.chrome.logo?.light),
        preview: absoluteUrl(origin, social.preview),
        ...(cards
          ? {
              card: (page) => {
                const card = cards.card(cardContent(model, page, site.view));
                if (!card) return undefined;
                const url = absoluteUrl(origin, `${model.base}${card.outputFile}`);
                return url ? { ...card, url } : undefined;
              },
            }
          : {}),
      },
      shown: (ids) => {
        for (const id of ids) images.want(id);
      },
      written: (position, page, digest) => {
        markdownDone();
        // After an edit, search starts at the first page that changed (see stages/search.ts).
        if (last.pageChanged(page.outputFile, digest)) search.start();
        search.page(position, page);
      },
    });
    clock.lap('markdown');
    // Drawn from now on, on a thread of their own: Astro lays the pages out on this thread alone.
    cards?.draw();
    images.pagesWritten();
    // A part's manifest names the render it belongs to: a part whose pages are unchanged but
    // whose render is another (a new snapshot) is written again, or the merge would refuse it.
    const partOfRender = options.shard ? [`part of ${identity}`] : [];
    const fingerprint = outputFingerprint(data, shared, [...pdf.fingerprint(), ...partOfRender]);
    const result = resultOf({ ...run, outDir: options.outDir, site, pages, openapiStats });
    result.notes.push(...diagrams.notes());
    const reporter = await linkReporter({ ...run, fingerprint, markdown: pages.brokenLinks });
    if (await last.keepOutput({ fingerprint, pdfs: pdf.fileNames() })) {
      // The output holds every card already; the cache is filled for the next render.
      await cards?.settled();
      await dirs.discard();
      result.notes.push(...(await sweptCacheNotes(records.renderDir)));
      return await unchangedOutput({ ...run, fingerprint, result, reporter });
    }
    const { reused, known } = await last.reusablePages(data.pageDigests);
    await data.finish(reused);
    search.start();
    await layOutPages({ ...run, reused });
    clock.lap('astro');
    // The HTML is final: its links are read, and the files beside the pages written, while
    // Pagefind writes its bundle (never during Astro: both are at their largest then).
    // A part links to pages other parts write: its links are checked by the merge.
    const linkCheck = startLinkCheck({ ...run, known, scanOnly: options.shard !== undefined });
    const searching = search.finish(staged);
    searching.catch(() => {});
    // The variants pages show were made beside the markdown and Astro: what is left is waited for.
    const variants = await images.finish();
    result.images = { made: variants.made, reused: variants.reused, seconds: variants.seconds };
    result.warnings.push(...images.warnings);
    clock.lap('images');
    result.warnings.push(...(await writeAssets({ ...run, site, math, variants })));
    if (cards) {
      for (const failed of await cards.finish(staged))
        result.warnings.push({
          page: failed.title,
          message: `share card not drawn: ${failed.message}`,
        });
      result.cards = { ...cards.stats };
      for (const [name, pages] of cards.lacking)
        result.notes.push(
          name.startsWith('@')
            ? `share cards: ${pages} page(s) keep their cover or logo: their text needs ${name}, which is not installed (npm install ${name} beside offprint draws them)`
            : `share cards: ${pages} page(s) keep their cover or logo: no font Offprint has draws "${name}"`,
        );
    }
    await pdf.makeDir(staged);
    clock.lap('assets');
    let listed: PartManifest['listed'] = [];
    if (options.shard) {
      const partFiles = await writePartFiles({ ...run, pages });
      listed = partFiles.listed;
      result.warnings.push(...partFiles.warnings);
    } else {
      result.warnings.push(...(await writeHosting({ ...run, pages, csp })));
    }
    if (source.review) {
      result.changes = await writeChangesJson(staged, source.review, pages.blocks, origin);
    }
    clock.lap('hosting');
    const searchIndex = await searching;
    await search.close();
    clock.lap('search');
    // After the hosting files (so _headers has pdf/) and before the link check (pages link the
    // PDFs); read from the staged pages, which are final.
    const printed = await pdf.run({ ...run, notes: result.notes });
    if (printed) clock.lap('pdf');
    // The check runs on the staged output: a failure leaves the previous output in place.
    const { scan, report } = await linkCheck.finish(reporter, records.reportFile);
    if (options.shard) {
      const { descriptions } = pages;
      await writePartManifest({ ...run, identity, descriptions, listed, scan, report, csp });
    }
    clock.lap('links');
    failOnBrokenLinks(options, report, records.reportFile);
    await swapInOutput({ ...run, fingerprint, result, scan });
    result.notes.push(...(await sweptCacheNotes(records.renderDir)));
    return {
      ...result,
      linkReport: linkSummary(report, records.reportFile),
      search: searchIndex,
      ...(printed ? { pdf: printed } : {}),
      unchanged: false,
      reusedPages: reused.size,
      seconds: clock.seconds(),
    };
  } catch (error) {
    await dirs.discard();
    throw error;
  } finally {
    await shareCards?.close();
    await images.stop();
    await dirs.close();
  }
}
