import pLimit from 'p-limit';
import { prepareRegions } from '../../adaptive/index.ts';
import { type ContentStrings, type CopyLink, isIconWarning } from '../../markdown/index.ts';
import type { SpecLibrary } from '../../openapi/library.ts';
import type { SiteModel } from '../../site/index.ts';
import type { Snapshot } from '../../snapshot/read.ts';
import type { IconSet } from '../../theme/index.ts';
import { pauseForTest } from '../../utils/test-pause.ts';
import type { PageView } from '../../view/view.ts';
import type { BuildDataWriter } from '../build-data.ts';
import type { MarkdownCache } from '../markdown-cache.ts';
import type { DiagramStage } from './diagrams.ts';
import { MarkdownRenderer, markdownSources } from './markdown.ts';
import { aliasView, localPageView, pageView, type SocialContext } from './page-views.ts';

/**
 * Stage 2 of a render: every page's markdown to HTML (from the cache when it holds), and its
 * view written to the build data for Astro. Pages stream through: a page's view is written as
 * soon as its HTML is ready and then let go, so memory holds the pages in flight, not the site.
 */

export interface PageWarning {
  page: string;
  message: string;
  line?: number;
}

export interface PagesReport {
  markdownCache: { hits: number; misses: number };
  brokenLinks: { page: string; target: string; line?: number }[];
  warnings: PageWarning[];
  /** Each page's meta description, by page key (for llms.txt). */
  descriptions: Map<string, string>;
  /** The links of each page's `.md` copy, by page key (src/markdown/copy-links.ts). */
  copyLinks: Map<string, CopyLink[]>;
  /** Some page shows math (the KaTeX stylesheet is written). */
  math: boolean;
}

/** Pages in flight at once: enough to keep every worker of the pool busy. */
const IN_FLIGHT = 32;

interface PageOutcome {
  brokenLinks: PagesReport['brokenLinks'];
  warnings: PageWarning[];
  math: boolean;
  description?: string;
  copyLinks: CopyLink[];
}

export async function writePages(options: {
  snapshot: Snapshot;
  model: SiteModel;
  data: BuildDataWriter;
  cache: MarkdownCache;
  base: string | undefined;
  social: SocialContext;
  iconSet: IconSet;
  /** The labels the markdown renderer writes, in the site's language. */
  strings: ContentStrings;
  /** The render's OpenAPI specs, loaded before this stage (stages/openapi.ts). */
  openapi: SpecLibrary;
  /** Draws the pages' mermaid diagrams (closed when the pages are done). */
  diagrams: DiagramStage;
  /** The responsive images each page shows (their variants must be made), as it is rendered. */
  shown?: (ids: readonly string[]) => void;
  /** Each page (and alias) once its view is written, with the view's digest. */
  written?: (position: number, view: PageView, digest: string) => void;
}): Promise<PagesReport> {
  const { snapshot, model, data, cache, social } = options;
  const write = async (view: PageView, position: number) => {
    const digest = await data.page(view, model.base, position);
    options.written?.(position, view, digest);
    if (position >= 8) await pauseForTest('markdown');
  };
  const { openapi } = options;
  const sourceOf = markdownSources(snapshot, model, options.iconSet, options.strings, openapi);
  const renderer = new MarkdownRenderer(
    snapshot.dir,
    model,
    options.base,
    options.iconSet,
    options.strings,
    openapi,
  );
  const outcomes: (PageOutcome | undefined)[] = [];
  const limit = pLimit(IN_FLIGHT);
  try {
    await Promise.all(
      model.pages.map((page, position) =>
        limit(async () => {
          if (page.local) {
            await write(localPageView(model, page, social), position);
            return;
          }
          const { markdown, key } = await sourceOf(page);
          const resolver = model.resolverFor(page.key);
          const rendered =
            (await cache.get(key, resolver)) ??
            (await cache.set(key, await renderer.render(page, markdown), resolver));
          options.shown?.(rendered.images);
          // Diagrams after the cache: its HTML holds their sources, the drawings have a cache of their own.
          const diagrams = await options.diagrams.page(rendered.html);
          const warnings: PageWarning[] = [...rendered.warnings, ...diagrams.warnings]
            .sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity))
            .map((warning) => ({ page: page.url, ...warning }));
          // `{% if %}` regions: each expression compiled for the browser; a refused one stays hidden.
          const regions = prepareRegions(diagrams.html, (expression, reason) =>
            warnings.push({
              page: page.url,
              message: `{% if ${expression} %}: condition refused (${reason}); the region stays hidden`,
            }),
          );
          // The mermaid script only where a diagram is left to draw in the browser.
          const features = { ...rendered.features, mermaid: diagrams.needsScript };
          const view = pageView(model, page, { ...rendered, html: regions.html, features }, social);
          await write({ ...view, ...(regions.regions ? { adaptiveRegions: true } : {}) }, position);
          outcomes[position] = {
            brokenLinks: rendered.brokenLinks.map((broken) => ({
              page: page.url,
              target: broken.target,
              line: broken.line,
            })),
            warnings,
            math: rendered.features.math,
            copyLinks: rendered.copyLinks,
            ...(view.metaDescription ? { description: view.metaDescription } : {}),
          };
        }),
      ),
    );
  } finally {
    await Promise.all([renderer.close(), options.diagrams.close()]);
  }
  await Promise.all(
    model.aliases.map((alias, i) =>
      limit(() =>
        write(
          aliasView(
            alias.url,
            alias.outputFile,
            alias.canonicalUrl,
            model.page(alias.pageKey)?.title ?? '',
          ),
          model.pages.length + i,
        ),
      ),
    ),
  );
  return {
    markdownCache: { hits: cache.hits, misses: cache.misses },
    ...collect(model, outcomes),
  };
}

/** The pages' findings in the site's order; an icon outside the free sets is named once. */
function collect(model: SiteModel, outcomes: readonly (PageOutcome | undefined)[]) {
  const brokenLinks: PagesReport['brokenLinks'] = [];
  const warnings: PageWarning[] = [];
  const descriptions = new Map<string, string>();
  const copyLinks = new Map<string, CopyLink[]>();
  const iconWarnings = new Set<string>();
  let math = false;
  model.pages.forEach((page, position) => {
    const outcome = outcomes[position];
    if (!outcome) return;
    brokenLinks.push(...outcome.brokenLinks);
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
  });
  return { brokenLinks, warnings, descriptions, copyLinks, math };
}
