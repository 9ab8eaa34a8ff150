import pLimit from 'p-limit';
import type { PageFeed } from '../../hosting/feeds.ts';
import type { MarkdownBrokenLink } from '../../hosting/index.ts';
import { type CopyLink, type IconStandIn, isIconWarning } from '../../markdown/index.ts';
import type { PageRenderSettings } from '../../markdown/settings.ts';
import type { SitePart } from '../../shard/part.ts';
import type { PageModel, ReviewModel, SiteModel } from '../../site/index.ts';
import type { Snapshot } from '../../snapshot/read.ts';
import { pauseForTest } from '../../utils/test-pause.ts';
import type { PageView, UiStrings } from '../../view/view.ts';
import type { BuildDataWriter } from '../build-data.ts';
import type { MarkdownCache } from '../markdown-cache.ts';
import { adaptiveRegions, drawDiagrams } from './after-markdown.ts';
import type { DiagramStage } from './diagrams.ts';
import { PageFeeds } from './feeds.ts';
import {
  aliasView,
  localPageView,
  pageView,
  type SiteParts,
  type SocialContext,
} from './page-views.ts';
import { PageRenderer, type PageWarning, type RenderedPage } from './render-page.ts';
import {
  type BlockCounts,
  changesPageView,
  pageReview,
  removedCopies,
  removedPageView,
} from './review.ts';

/**
 * Stage 2 of a render: every page's markdown to HTML (from the cache when it holds), and its
 * view written to the build data for Astro. Pages stream through: a page's view is written as
 * soon as its HTML is ready and then let go, so memory holds the pages in flight, not the site.
 */

export interface PagesReport {
  markdownCache: { hits: number; misses: number };
  brokenLinks: MarkdownBrokenLink[];
  warnings: PageWarning[];
  /** Said once for the site, not a warning: the platform icons shown as free stand-ins. */
  notes: string[];
  /** Each page's meta description, by page key (for llms.txt). */
  descriptions: Map<string, string>;
  /** The links of each page's `.md` copy, by page key (src/markdown/copy-links.ts). */
  copyLinks: Map<string, CopyLink[]>;
  /** Some page shows math (the KaTeX stylesheet is written). */
  math: boolean;
  /** A change-request preview: each edited page's blocks added, removed and changed, by key. */
  blocks: Map<string, BlockCounts>;
  /** The feeds of each page with updates a reader sees, by page key (stages/feeds.ts). */
  feeds: Map<string, PageFeed>;
}

/** Pages in flight at once: enough to keep every worker of the pool busy. */
const IN_FLIGHT = 32;

interface PageOutcome {
  brokenLinks: PagesReport['brokenLinks'];
  warnings: PageWarning[];
  /** Pro icons drawn as the nearest open glyph: said once for the site, in a note. */
  iconStandIns?: IconStandIn[];
  math: boolean;
  description?: string;
  copyLinks: CopyLink[];
  feed?: PageFeed;
  /** The page would have feeds, but the site's origin is unknown. */
  feedWithoutOrigin?: true;
}

export async function writePages(options: {
  snapshot: Snapshot;
  model: SiteModel;
  /** The pages this render writes (all of them, or one part's: src/shard/part.ts). */
  part: SitePart;
  data: BuildDataWriter;
  cache: MarkdownCache;
  base: string | undefined;
  /** The site view, for what each page shows beside its content. */
  site: SiteParts;
  social: SocialContext;
  /** The render's markdown settings, made once (src/markdown/settings.ts). */
  settings: PageRenderSettings;
  /** Draws the pages' mermaid diagrams (closed when the pages are done). */
  diagrams: DiagramStage;
  /** The responsive images each page shows (their variants must be made), as it is rendered. */
  shown?: (ids: readonly string[]) => void;
  /** Each page (and alias) once its view is written, with the view's digest. */
  written?: (position: number, view: PageView, digest: string) => void;
  /** A change-request preview: what the request changed (src/site/review.ts). */
  review?: ReviewModel;
  /** The site's UI strings and their language (the review's pages are written in them). */
  strings: UiStrings;
  lang: string;
}): Promise<PagesReport> {
  const { model, part, site, data, cache, social, review } = options;
  const write = async (written: PageView, position: number) => {
    // Every page of a preview with a review leads to it from its banner.
    const view =
      review && written.changeRequest && !written.redirectTo
        ? { ...written, changeRequest: { ...written.changeRequest, changesUrl: review.url } }
        : written;
    const digest = await data.page(view, model.base, position);
    options.written?.(position, view, digest);
    if (position >= 8) await pauseForTest('markdown');
  };
  const feeds = new PageFeeds({
    model,
    origin: social.origin,
    lang: options.lang,
    adaptive: site.adaptive,
  });
  const renderer = new PageRenderer({
    ...options,
    steps: [drawDiagrams(options.diagrams), adaptiveRegions],
    ...(review ? { previous: previousMarkdown(options.snapshot, review) } : {}),
  });
  const blocks = new Map<string, BlockCounts>();
  const outcomes: (PageOutcome | undefined)[] = [];
  const limit = pLimit(IN_FLIGHT);
  try {
    await Promise.all(
      part.pages.map((page, position) =>
        limit(async () => {
          if (page.local) {
            await write(localPageView(model, site, page, social), position);
            return;
          }
          const rendered = await renderer.renderPage(page);
          options.shown?.(rendered.images);
          if (rendered.changes) blocks.set(page.key, rendered.changes);
          const changed = pageReview(review, page.key, rendered.changes);
          const shown = pageView(model, site, page, rendered, social);
          const feed = feeds.of(page, rendered.html, { description: shown.metaDescription });
          const view = {
            ...shown,
            ...(feed.feed ? { feeds: feed.feed.urls } : {}),
            ...(changed ? { review: changed } : {}),
          };
          await write(view, position);
          outcomes[position] = outcomeOf(page, rendered, view, feed);
        }),
      ),
    );
    if (review) {
      const views = await reviewViews(
        renderer,
        model,
        site,
        { lang: options.lang, strings: options.strings },
        review,
        blocks,
        options.snapshot,
      );
      // After the pages and their aliases: the review's pages are numbered last.
      const first = part.pages.length + part.aliases.length;
      await Promise.all(views.map((view, i) => limit(() => write(view, first + i))));
    }
  } finally {
    await Promise.all([renderer.close(), options.diagrams.close()]);
  }
  await Promise.all(
    part.aliases.map((alias, i) =>
      limit(() =>
        write(
          aliasView(
            alias.url,
            alias.outputFile,
            alias.canonicalUrl,
            model.page(alias.pageKey)?.title ?? '',
          ),
          part.pages.length + i,
        ),
      ),
    ),
  );
  return {
    markdownCache: { hits: cache.hits, misses: cache.misses },
    ...collect(part.pages, outcomes),
    blocks,
  };
}

/** Edited pages' markdown before the request: what their blocks are marked against. */
function previousMarkdown(snapshot: Snapshot, review: ReviewModel) {
  const edited = new Set(
    review.entries.filter((entry) => entry.edited && entry.pageKey).map((entry) => entry.pageKey),
  );
  return async (page: PageModel): Promise<string | undefined> =>
    edited.has(page.key)
      ? snapshot.basePageMarkdown(page.source.spaceId, page.source.pageId)
      : undefined;
}

/**
 * The review's own pages: each removed page's copy, rendered from the markdown it had with the
 * links of its site space, and the changes page, which lists them all.
 */
async function reviewViews(
  renderer: PageRenderer,
  model: SiteModel,
  site: SiteParts,
  locale: { lang: string; strings: UiStrings },
  review: ReviewModel,
  blocks: ReadonlyMap<string, BlockCounts>,
  snapshot: Snapshot,
): Promise<PageView[]> {
  const views: PageView[] = [];
  for (const { entry, removed, host } of removedCopies(model, review)) {
    const markdown = (await snapshot.basePageMarkdown(removed.spaceId, removed.pageId)) ?? '';
    const rendered = await renderer.renderPage(
      {
        ...host,
        title: entry.title,
        url: entry.url,
        outputFile: removed.outputFile,
        source: { spaceId: removed.spaceId, pageId: removed.pageId, path: removed.sourcePath },
      },
      markdown,
    );
    views.push(removedPageView(site, review, entry, rendered));
  }
  views.push(changesPageView(site, locale, review, blocks));
  return views;
}

/** What the site keeps of a page once its view is written. */
function outcomeOf(
  page: PageModel,
  rendered: RenderedPage,
  view: PageView,
  feed: ReturnType<PageFeeds['of']>,
): PageOutcome {
  return {
    brokenLinks: rendered.brokenLinks.map((broken) => ({
      page: page.url,
      target: broken.target,
      line: broken.line,
      reason: broken.reason,
    })),
    warnings: [
      ...rendered.warnings,
      ...feed.warnings.map((message) => ({ page: page.url, message })),
    ],
    ...(feed.feed ? { feed: feed.feed } : {}),
    ...(feed.noOrigin ? { feedWithoutOrigin: true as const } : {}),
    ...(rendered.iconStandIns ? { iconStandIns: rendered.iconStandIns } : {}),
    math: rendered.features.math,
    copyLinks: rendered.copyLinks,
    ...(view.metaDescription ? { description: view.metaDescription } : {}),
  };
}

/**
 * The pages' findings in the site's order; an icon no set has is named once, and the platform's
 * Pro icons drawn as open stand-ins in one note (the team has nothing to fix).
 */
function collect(pages: readonly PageModel[], outcomes: readonly (PageOutcome | undefined)[]) {
  const brokenLinks: PagesReport['brokenLinks'] = [];
  const warnings: PageWarning[] = [];
  const descriptions = new Map<string, string>();
  const copyLinks = new Map<string, CopyLink[]>();
  const iconWarnings = new Set<string>();
  const standIns = new Map<string, string>();
  const feeds = new Map<string, PageFeed>();
  let withoutOrigin = 0;
  let math = false;
  pages.forEach((page, position) => {
    const outcome = outcomes[position];
    if (!outcome) return;
    brokenLinks.push(...outcome.brokenLinks);
    for (const { name, shownAs } of outcome.iconStandIns ?? []) standIns.set(name, shownAs);
    for (const warning of outcome.warnings) {
      if (isIconWarning(warning.message)) {
        if (iconWarnings.has(warning.message)) continue;
        iconWarnings.add(warning.message);
      }
      warnings.push(warning);
    }
    if (outcome.description) descriptions.set(page.key, outcome.description);
    if (outcome.math) math = true;
    if (outcome.copyLinks.length > 0) copyLinks.set(page.key, outcome.copyLinks);
    if (outcome.feed) feeds.set(page.key, outcome.feed);
    if (outcome.feedWithoutOrigin) withoutOrigin++;
  });
  if (withoutOrigin > 0)
    warnings.push({
      page: 'feeds',
      message: `no site URL (the site has no hostname): pass --site-url to write the RSS and Atom feeds of ${withoutOrigin === 1 ? '1 page' : `${withoutOrigin} pages`} with updates`,
    });
  const notes = standIns.size > 0 ? [standInsNote(standIns)] : [];
  return { brokenLinks, warnings, notes, descriptions, copyLinks, feeds, math };
}

/** `icons: 2 Font Awesome Pro icons are drawn as the nearest open glyph: "a" as "b", …`. */
function standInsNote(standIns: ReadonlyMap<string, string>): string {
  const shown = [...standIns].map(([name, shownAs]) => `"${name}" as "${shownAs}"`);
  const count =
    standIns.size === 1
      ? '1 Font Awesome Pro icon is'
      : `${standIns.size} Font Awesome Pro icons are`;
  return `icons: ${count} drawn as the nearest open glyph: ${shown.join(', ')}`;
}
