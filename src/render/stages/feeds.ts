import { claimSchema, visitorClaims } from '../../adaptive/claims.ts';
import type { Claims } from '../../adaptive/evaluate.ts';
import { type AdaptiveData, isShown } from '../../adaptive/index.ts';
import { hasUpdates, pageUpdates } from '../../hosting/feed-items.ts';
import { feedFiles, feedUrls, type PageFeed } from '../../hosting/feeds.ts';
import type { PageModel, SiteModel } from '../../site/index.ts';

/**
 * Which pages get feeds of their updates (src/hosting/feeds.ts), decided in the markdown stage
 * with each page's final HTML, so the page's `<head>` links them and the hosting phase writes
 * them with the page (in a sharded render, by the part that renders it). Only what a reader
 * sees without claims is in a feed: no hidden page, no page of a section or site space whose
 * condition hides it from such a reader, and of `{% if %}` regions the branch that reader sees.
 * A page's `noindex` does not withhold its feed (readers still open the page; search engines
 * are what it speaks to), but only listed pages' feeds are in llms.txt.
 */
export class PageFeeds {
  readonly #model: SiteModel;
  readonly #origin: string | undefined;
  readonly #lang: string;
  readonly #adaptive: AdaptiveData | undefined;
  readonly #claims: Claims;
  #taken: Set<string> | undefined;

  constructor(input: {
    model: SiteModel;
    origin: string | undefined;
    lang: string;
    adaptive: AdaptiveData | undefined;
  }) {
    this.#model = input.model;
    this.#origin = input.origin;
    this.#lang = input.lang;
    this.#adaptive = input.adaptive;
    // What the browser reads with no cookie and no `visitor.*` parameter.
    this.#claims = visitorClaims(undefined, {}, input.adaptive?.schema ?? claimSchema(undefined));
  }

  /**
   * The page's feeds, when it has updates a reader sees; `noOrigin` when it would have them but
   * the site's origin is unknown (a feed's links must be absolute).
   */
  of(
    page: PageModel,
    html: string,
    about: { description?: string },
  ): { feed?: PageFeed; warnings: string[]; noOrigin?: true } {
    if (!hasUpdates(html) || !this.#seen(page)) return { warnings: [] };
    if (this.#origin === undefined) return { warnings: [], noOrigin: true };
    const pageUrl = `${this.#origin}${page.url}`;
    const { items, warnings } = pageUpdates(html, pageUrl, this.#claims);
    if (items.length === 0) return { warnings };
    const taken = this.#takenBy(page);
    if (taken.length > 0)
      return {
        warnings: [
          ...warnings,
          `no feeds: ${taken.join(' and ')} ${taken.length > 1 ? 'are' : 'is'} taken by another page`,
        ],
      };
    const { title } = this.#model;
    return {
      feed: {
        pageUrl,
        title: page.title === title ? title : `${page.title} | ${title}`,
        description: about.description || page.title,
        lang: this.#lang,
        site: { title, url: `${this.#origin}${this.#model.base}` },
        urls: feedUrls(pageUrl),
        items,
      },
      warnings,
    };
  }

  /** A reader without claims sees the page: shown, in a section and site space shown to them. */
  #seen(page: PageModel): boolean {
    if (page.hidden || page.local) return false;
    const adaptive = this.#adaptive;
    if (!adaptive) return true;
    const shown = (conditions: AdaptiveData['sections'], id: string | undefined) =>
      id === undefined ||
      !Object.hasOwn(conditions, id) ||
      isShown(conditions[id] ?? undefined, this.#claims);
    return shown(adaptive.sections, page.sectionId) && shown(adaptive.siteSpaces, page.siteSpaceId);
  }

  /** The page's feed files that a page or old URL of the site is served under (`…/rss.xml/`). */
  #takenBy(page: PageModel): string[] {
    if (!this.#taken) {
      this.#taken = new Set();
      const files = [
        ...this.#model.pages.map((p) => p.outputFile),
        ...this.#model.aliases.map((a) => a.outputFile),
      ];
      for (const file of files)
        for (let at = file.indexOf('/'); at !== -1; at = file.indexOf('/', at + 1))
          this.#taken.add(file.slice(0, at));
    }
    const taken = this.#taken;
    return Object.values(feedFiles(page.outputFile)).filter((file) => taken.has(file));
  }
}
