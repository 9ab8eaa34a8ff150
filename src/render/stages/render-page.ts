import type { PageRenderSettings } from '../../markdown/settings.ts';
import type { PageModel, SiteModel } from '../../site/index.ts';
import type { Snapshot } from '../../snapshot/read.ts';
import type { CachedRender, MarkdownCache } from '../markdown-cache.ts';
import type { AfterMarkdown, PageFeatures } from './after-markdown.ts';
import { MarkdownRenderer, markdownSources, type PreviousMarkdown } from './markdown.ts';

/**
 * One platform page's content, the whole way: its markdown read, rendered (or taken from the
 * cache when it holds), then handed through the after-markdown steps in order.
 */

export interface PageWarning {
  page: string;
  message: string;
  line?: number;
}

export interface RenderedPage extends Omit<CachedRender, 'warnings' | 'features'> {
  /** The markdown's and every step's, in line order, each naming the page by its URL. */
  warnings: PageWarning[];
  features: PageFeatures;
}

export interface PageRendererOptions {
  snapshot: Snapshot;
  model: SiteModel;
  /** The render's settings, made once (src/markdown/settings.ts). */
  settings: PageRenderSettings;
  cache: MarkdownCache;
  /** What the HTML goes through after the cache, in order (after-markdown.ts). */
  steps: readonly AfterMarkdown[];
  /**
   * In a change request's preview: each page's markdown in the revision the request started
   * from, which its blocks' changes are marked against (`MarkdownOptions.previous`).
   */
  previous?: PreviousMarkdown;
}

export class PageRenderer {
  readonly #model: SiteModel;
  readonly #cache: MarkdownCache;
  readonly #steps: readonly AfterMarkdown[];
  readonly #sourceOf: ReturnType<typeof markdownSources>;
  readonly #markdown: MarkdownRenderer;

  constructor({ snapshot, model, settings, cache, steps, previous }: PageRendererOptions) {
    this.#model = model;
    this.#cache = cache;
    this.#steps = steps;
    this.#sourceOf = markdownSources(snapshot, model, cache, previous);
    this.#markdown = new MarkdownRenderer(model, settings);
  }

  /**
   * Renders a platform page. With `markdown`, that text stands in for the page's own (a removed
   * page's copy in a change-request preview, rendered with the links of the page at `page.key`).
   */
  async renderPage(page: PageModel, markdown?: string): Promise<RenderedPage> {
    const source = await this.#sourceOf(page, markdown);
    const { previous, key } = source;
    const resolver = this.#model.resolverFor(page.key);
    const rendered =
      (await this.#cache.get(key, resolver)) ??
      (await this.#cache.set(
        key,
        await this.#markdown.render(page, source.markdown, previous),
        resolver,
      ));
    let html = rendered.html;
    const warnings = [...rendered.warnings];
    const features: PageFeatures = { ...rendered.features, adaptiveRegions: false };
    for (const step of this.#steps) {
      const done = await step(html);
      html = done.html;
      warnings.push(...done.warnings);
      Object.assign(features, done.features);
    }
    // Stable: the markdown's own order stays among warnings on one line, and those with none last.
    warnings.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
    return {
      ...rendered,
      html,
      warnings: warnings.map((warning) => ({ page: page.url, ...warning })),
      features,
    };
  }

  close(): Promise<void> {
    return this.#markdown.close();
  }
}
