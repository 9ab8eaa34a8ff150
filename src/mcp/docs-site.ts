import { cachedReader } from './cache.ts';
import { type ListedPage, type LlmsIndex, parseLlmsTxt } from './llms-index.ts';
import { markdownPath, pagePathOfCopy } from './page-address.ts';
import { SiteSearch } from './search.ts';
import { SitePathError, siteSegments } from './site-path.ts';
import type { SiteReader } from './site-reader.ts';

/**
 * One built site as the MCP tools see it: its search, its pages' markdown copies and its
 * `llms.txt`, all read through one contained, cached reader. A failure a client should see
 * (an unknown page, a site that is not an Offprint build) is a `DocsSiteError` whose message
 * is meant for the tool's answer.
 */
export class DocsSiteError extends Error {
  override readonly name = 'DocsSiteError';
}

export interface DocsSiteOptions {
  /** Bytes of the site's files kept in memory. */
  cacheBytes?: number;
  /** Bytes of index files the search may take in before it starts afresh. */
  searchBudgetBytes?: number;
  /** Where warnings go (stderr: stdout is the protocol). */
  log?: (line: string) => void;
}

export interface FoundPage {
  title: string;
  url: string;
  section?: string;
  excerpt: string;
}

export interface PageCopy {
  url: string;
  /** The copy's path under the site root (`guides/install.md`). */
  path: string;
  markdown: string;
}

export interface ListedPages {
  total: number;
  sections: string[];
  pages: { title: string; url: string; section: string; description?: string }[];
}

const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
const DEFAULT_SEARCH_BUDGET = 64 * 1024 * 1024;

export class DocsSite {
  readonly reader: SiteReader;
  readonly #search: SiteSearch;
  #checked: Promise<void> | undefined;
  #llms: { bytes: Uint8Array; index: LlmsIndex } | undefined;

  constructor(reader: SiteReader, options: DocsSiteOptions = {}) {
    this.reader = cachedReader(reader, options.cacheBytes ?? DEFAULT_CACHE_BYTES);
    const log = options.log ?? ((line: string) => process.stderr.write(`offprint mcp: ${line}\n`));
    this.#search = new SiteSearch(
      this.reader,
      log,
      options.searchBudgetBytes ?? DEFAULT_SEARCH_BUDGET,
    );
  }

  /** Where the site is read from, for messages. */
  get location(): string {
    return this.reader.root.protocol === 'file:'
      ? decodeURIComponent(this.reader.root.pathname)
      : this.reader.root.href;
  }

  async search(
    query: string,
    limit: number,
  ): Promise<{ total: number; results: FoundPage[]; correctedQuery?: string }> {
    await this.#checkBuild();
    const roots = await this.#roots();
    const { total, hits, correctedQuery } = await this.#search.search(query, limit);
    return {
      ...(correctedQuery ? { correctedQuery } : {}),
      total,
      results: hits.map((hit) => ({
        title: hit.title,
        url: this.#pageUrl(hit.path, roots),
        ...(hit.section ? { section: hit.section } : {}),
        excerpt: hit.excerpt,
      })),
    };
  }

  async readPage(input: string): Promise<PageCopy> {
    const roots = await this.#roots();
    const path = markdownPath(input, roots);
    const bytes = await this.reader.get(path);
    if (!bytes) {
      await this.#checkBuild();
      throw new DocsSiteError(
        `no page at ${JSON.stringify(input.slice(0, 300))} on ${this.location} (no ${path}): list_pages or search_docs give the URLs of its pages`,
      );
    }
    return {
      url: this.#pageUrl(pagePathOfCopy(path), roots),
      path,
      markdown: new TextDecoder().decode(bytes),
    };
  }

  async listPages(section?: string, offset = 0, limit = 200): Promise<ListedPages> {
    const index = await this.#llmsIndex();
    if (!index) {
      await this.#checkBuild();
      throw new DocsSiteError(
        `${this.location} has no llms.txt (Offprint writes it for public sites only): use search_docs`,
      );
    }
    const roots = await this.#roots();
    const wanted = section?.trim().toLowerCase();
    const matching = index.pages.filter((page) => !wanted || page.section.toLowerCase() === wanted);
    if (wanted && matching.length === 0) {
      throw new DocsSiteError(
        `no section ${JSON.stringify(section)}: the sections are ${index.sections.map((s) => JSON.stringify(s)).join(', ')}`,
      );
    }
    return {
      total: matching.length,
      sections: index.sections,
      pages: matching.slice(offset, offset + limit).map((page) => ({
        title: page.title,
        url: this.#listedUrl(page, index, roots),
        section: page.section,
        ...(page.description ? { description: page.description } : {}),
      })),
    };
  }

  /** The path of the markdown copy a page URL names (for resource URIs). */
  async copyPathOf(url: string): Promise<string> {
    return markdownPath(url, await this.#roots());
  }

  close(): void {
    this.#search.close();
  }

  /** An Offprint build has Pagefind's entry file: without it there is nothing to search. */
  #checkBuild(): Promise<void> {
    this.#checked ??= (async () => {
      const entry = await this.reader.get('pagefind/pagefind-entry.json');
      let version: unknown;
      try {
        version = entry && JSON.parse(new TextDecoder().decode(entry)).version;
      } catch {
        version = undefined;
      }
      if (typeof version !== 'string') {
        throw new DocsSiteError(
          `${this.location} is not an Offprint build: it has no pagefind/pagefind-entry.json (build the site with offprint build, and give the folder or URL of its output)`,
        );
      }
    })();
    // A failure is not kept: a host that was down may be back at the next call.
    const checking = this.#checked;
    checking.catch(() => {
      if (this.#checked === checking) this.#checked = undefined;
    });
    return checking;
  }

  async #llmsIndex(): Promise<LlmsIndex | undefined> {
    const bytes = await this.reader.get('llms.txt');
    if (!bytes) return undefined;
    // Parsed again only when the cache handed back other bytes.
    if (this.#llms?.bytes !== bytes)
      this.#llms = { bytes, index: parseLlmsTxt(new TextDecoder().decode(bytes)) };
    return this.#llms.index;
  }

  /** The roots a page URL may be given under: the URL read, and the public one llms.txt names. */
  async #roots(): Promise<URL[]> {
    const roots: URL[] = [];
    if (this.reader.root.protocol !== 'file:') roots.push(this.reader.root);
    const publicRoot = (await this.#llmsIndex().catch(() => undefined))?.root;
    if (publicRoot && !roots.some((root) => root.href === publicRoot.href)) roots.push(publicRoot);
    return roots;
  }

  /**
   * The URL the tools give for a page: under the URL read, or for a folder under the public URL
   * its llms.txt names, else the path from the site root (`/guides/install/`).
   */
  #pageUrl(pagePath: string, roots: URL[]): string {
    // `./` keeps a path that looks like a scheme (`javascript:…`) a path under the root.
    const path = pagePath.replace(/^\/+/, '');
    const root = roots[0];
    return root ? new URL(`./${path}`, root).href : `/${path}`;
  }

  #listedUrl(page: ListedPage, index: LlmsIndex, roots: URL[]): string {
    if (!index.root || !page.url.startsWith(index.root.href)) return page.url;
    const copy = page.url.slice(index.root.href.length);
    try {
      siteSegments(copy);
    } catch (error) {
      if (error instanceof SitePathError) return page.url;
      throw error;
    }
    return this.#pageUrl(pagePathOfCopy(decodeURI(copy)), roots);
  }
}
