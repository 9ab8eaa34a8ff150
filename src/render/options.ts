import { type AnalyticsConfig, issueTarget } from '../analytics/index.ts';
import type { DiagramDrawer } from '../diagrams/index.ts';
import type { ImageWorkshop } from '../images/workshop.ts';
import type { PdfProgress, PdfScope } from '../pdf/index.ts';
import type { ShardOption } from '../shard/part.ts';
import { RenderError } from './errors.ts';
import { feedbackEndpoint } from './feedback-endpoint.ts';
import type { OnRenderProgress } from './progress.ts';

/** What `render()` is given (src/cli/commands/render.ts builds it from flags and the config). */
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
   * `--feedback-issues`: a GitHub or GitLab repository's URL; an answer offers a new issue there,
   * prefilled with the page and the answer (src/analytics/issues.ts).
   */
  feedbackIssues?: string;
  /** The config's `analytics`: the providers that count readers (src/analytics, docs/analytics.md). */
  analytics?: AnalyticsConfig;
  /** `--no-csp` (false): `_headers` carries no Content-Security-Policy. Default true. */
  csp?: boolean;
  /**
   * `--no-image-variants` (false): every image served as uploaded, no variants made
   * (src/images, docs/images.md). Default true.
   */
  imageVariants?: boolean;
  /**
   * The cores to make variants on, shared with a pull that ran before in this process (`build`):
   * what it is still making is waited for, not made twice. A workshop of the render's own without.
   */
  imageWorkshop?: ImageWorkshop;
  /** `--no-try-it` (false): API operations offer no "Test it" console (docs/openapi.md). */
  tryIt?: boolean;
  /**
   * `--no-share-cards` (false): no share card per page for `og:image` (src/cards,
   * docs/share-cards.md); `og:image` is then the page's cover, else the site's logo. Default
   * true, wherever the site's URL is known (an `og:image` is absolute).
   */
  shareCards?: boolean;
  /**
   * `--pdf`, `offprint pdf`: print a PDF per site space into `<outDir>/pdf/` (src/pdf)
   * before the output is swapped in, so pages link and llms.txt lists only PDFs that exist.
   */
  pdf?: RenderPdfOptions;
  /** Told how far the images, markdown, Astro and search phases are (src/render/progress.ts). */
  onProgress?: OnRenderProgress;
  /** What the pull of this run did ahead of the render and may still be doing (`build`). */
  early?: AheadOfRender;
  /**
   * `--shard K/N` (`index` 0-based): render one part of the site, for `offprint merge` to join
   * with the others (src/shard, docs/sharding.md).
   */
  shard?: ShardOption;
}

/**
 * Work a pull did ahead of the render into the render's caches (src/pull/early): the render
 * waits for what is under way rather than doing it a second time at once.
 */
export interface AheadOfRender {
  /** Settles once no OpenAPI spec is being loaded into the cache. */
  specsSettled(): Promise<void>;
  /** Settles once no share card is being drawn into the cache. */
  cardsSettled(): Promise<void>;
  /**
   * The drawer that drew diagrams ahead, with the Chromium the render would start (none found:
   * undefined): the render draws with it, so what it is drawing is waited for, not drawn again.
   */
  readonly drawer: DiagramDrawer | undefined;
}

export interface RenderPdfOptions {
  /** The Chromium to print with (src/pdf/chromium.ts found it). */
  chromium: string;
  /** `section` (default): a PDF per site space; `site`: one, `site.pdf`, of them all. */
  scope?: PdfScope;
  /** The date on the covers; default today (UTC). */
  date?: string;
  onProgress?: (event: PdfProgress) => void;
}

/** Refuses options no render could use, before anything is read. */
export function checkOptions(options: RenderOptions): void {
  if (options.feedbackUrl !== undefined && !feedbackEndpoint(options.feedbackUrl))
    throw new RenderError(`the feedback URL is not an http(s) URL: ${options.feedbackUrl}`);
  if (options.feedbackIssues !== undefined && !issueTarget(options.feedbackIssues))
    throw new RenderError(
      `the feedback issues URL is not a GitHub or GitLab repository: ${options.feedbackIssues}`,
    );
  // A PDF is printed from a whole site space's pages, which a part may not hold.
  if (options.shard && options.pdf)
    throw new RenderError('PDFs are printed by a render of the whole site: drop --shard or --pdf');
}

/** The options that may change what a render writes, as text (where and how loudly aside). */
export function writtenOptions(options: RenderOptions): Record<string, string | undefined> {
  const {
    cacheDir: _cache,
    outDir: _out,
    verbose: _verbose,
    early: _early,
    imageWorkshop: _workshop,
    ...written
  } = options;
  return Object.fromEntries(
    Object.entries(written)
      .filter(([, value]) => typeof value !== 'function')
      .map(([name, value]) => [name, value === undefined ? undefined : JSON.stringify(value)]),
  );
}
