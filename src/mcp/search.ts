import { z } from 'zod';
import { BundleLoadError, BundlesSearch } from '../search/bundles-search.ts';
import { MERGE_FILE, parseMergeList } from '../search/merge-list-format.ts';
import { SHOWN_ONLY_META_WEIGHTS } from '../search/meta-weights.ts';
import { candidates, titleMatchesFirst } from '../search/rank.ts';
import { forgivingSearch, SiteVocabulary } from '../search/typo-correction.ts';
import { PagefindSandbox, SandboxError } from './pagefind-sandbox.ts';
import type { SiteReader } from './site-reader.ts';

/** The sandbox a search runs in, and the site's bundles searched in it. */
interface OpenSearch {
  sandbox: PagefindSandbox;
  search: BundlesSearch;
  vocabulary: SiteVocabulary;
}

/** One result of the site's search, best first (src/search/rank.ts). */
export interface SearchHit {
  /** The page's URL path relative to the site root, as Pagefind indexed it (`guides/install/`). */
  path: string;
  title: string;
  /** The page's section, and its variant when it has several (`Guides · v1 (legacy)`). */
  section?: string;
  /** Plain text around the words found. */
  excerpt: string;
}

export interface SearchAnswer {
  /** How many pages matched in all. */
  total: number;
  hits: SearchHit[];
  /** The query searched instead of the one asked, its misspelt words corrected
   * (src/search/typo-correction.ts); absent when it was searched as asked. */
  correctedQuery?: string;
}

const PageData = z.object({
  url: z.string(),
  excerpt: z.string().default(''),
  meta: z.record(z.string(), z.unknown()).default({}),
});

/** Where the site's (first) Pagefind bundle is, as the sandboxed script fetches it. */
const BUNDLE_PATH = '/pagefind/';

/**
 * The options of the site's own search dialog (themes/default/scripts/search.ts), for every
 * bundle, with URLs relative to the site root rather than under its base path.
 */
const SEARCH_OPTIONS = {
  baseUrl: '/',
  excerptLength: 24,
  ranking: { metaWeights: SHOWN_ONLY_META_WEIGHTS },
};

/**
 * Searches a site with its own Pagefind index and script (pagefind-sandbox.ts), as the site's
 * search dialog does over the whole site: same options, same ranking, pages titled as the query
 * lifted above Pagefind's order among its first results (src/search/rank.ts), a query's typos
 * corrected from the site's vocabulary (src/search/typo-correction.ts). A site rendered
 * in parts has several bundles: all are searched as one, as the dialog does. The sandbox is
 * started on the first search, and replaced once it has been handed `budgetBytes` of index
 * files, so what Pagefind caches of a large site stays bounded.
 */
export class SiteSearch {
  #sandbox: Promise<OpenSearch> | undefined;

  private readonly reader: SiteReader;
  private readonly log: (line: string) => void;
  private readonly budgetBytes: number;

  constructor(reader: SiteReader, log: (line: string) => void, budgetBytes: number) {
    this.reader = reader;
    this.log = log;
    this.budgetBytes = budgetBytes;
  }

  /**
   * The best `limit` pages for `query`. `filters` are Pagefind's, as the dialog passes them
   * (`{ space: ID }` for one site space); the tool searches the whole site.
   */
  async search(
    query: string,
    limit: number,
    filters: Readonly<Record<string, string>> = {},
  ): Promise<SearchAnswer> {
    const { sandbox, search, vocabulary } = await this.#open();
    try {
      const { results, correction } = await forgivingSearch(search, vocabulary, query, filters);
      const searched = correction?.term ?? query;
      // At least `limit` results, and those the ranking reads.
      const wanted = new Set([...results.slice(0, limit), ...candidates(results, searched)]);
      const read = await Promise.all(
        [...wanted].map(async (result) => PageData.parse(await search.data(result))),
      );
      const hits = titleMatchesFirst(read, searched).slice(0, limit).map(toHit);
      // The script keeps every result's data until released.
      await Promise.all(results.map((result) => search.release(result)));
      return { total: results.length, hits, ...(correction ? { correctedQuery: searched } : {}) };
    } finally {
      if (sandbox.closed || sandbox.bytesServed > this.budgetBytes) this.#drop(sandbox);
    }
  }

  close(): void {
    void this.#sandbox?.then(
      ({ sandbox }) => sandbox.close(),
      () => {},
    );
    this.#sandbox = undefined;
  }

  #open(): Promise<OpenSearch> {
    this.#sandbox ??= (async () => {
      const merging = this.#bundlesToMerge();
      merging.catch(() => {});
      const sandbox = await PagefindSandbox.start(this.reader, this.log);
      try {
        // A site rendered in parts, or whose index was written in several bundles: each is an
        // instance of the script, searched as one (src/search/bundles-search.ts), as the dialog
        // has it done.
        const bundles = ['', ...(await merging)].map((entry, at) => ({
          instance: String(at + 1),
          basePath: `${BUNDLE_PATH}${entry}`,
        }));
        const search = new BundlesSearch(
          (instance, method, args) => sandbox.call(instance, method, args),
          bundles,
        );
        await search.init(SEARCH_OPTIONS).catch((error: Error) => {
          if (!(error instanceof BundleLoadError)) throw error;
          const folder = `pagefind/${error.bundle.basePath.slice(BUNDLE_PATH.length)}`;
          throw new SandboxError(
            `the site's search bundle ${folder} did not load (${error.reason})`,
          );
        });
        // The site's words, read as the dialog reads them, for correcting typos.
        const vocabulary = new SiteVocabulary(async (file) => {
          const bytes = await this.reader.get(`pagefind/${file}`);
          return bytes ? new TextDecoder().decode(bytes) : undefined;
        });
        return { sandbox, search, vocabulary };
      } catch (error) {
        sandbox.close();
        throw error;
      }
    })();
    const opening = this.#sandbox;
    opening.catch(() => {
      if (this.#sandbox === opening) this.#sandbox = undefined;
    });
    return opening;
  }

  /**
   * The other bundles the site's merge file lists (src/search/merge-list-format.ts): none
   * without one, and none, said on the log, when the file is not such a list (a host may answer
   * any missing path with a page of its own).
   */
  async #bundlesToMerge(): Promise<string[]> {
    const file = `pagefind/${MERGE_FILE}`;
    const bytes = await this.reader.get(file);
    if (!bytes) return [];
    try {
      return parseMergeList(new TextDecoder().decode(bytes));
    } catch (error) {
      this.log(
        `${file} is not a list of bundles (${(error as Error).message}): searching pagefind/ alone`,
      );
      return [];
    }
  }

  #drop(sandbox: PagefindSandbox): void {
    sandbox.close();
    this.#sandbox = undefined;
  }
}

function toHit(data: z.infer<typeof PageData>): SearchHit {
  const text = (key: string) => {
    const value = data.meta[key];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const section = [text('section'), text('variant')].filter(Boolean).join(' · ');
  return {
    path: data.url.replace(/^\/+/, ''),
    title: text('title') ?? data.url,
    ...(section ? { section } : {}),
    excerpt: plainExcerpt(data.excerpt),
  };
}

/**
 * Pagefind's excerpt is the page's text, HTML-escaped, with `<mark>` around the words found:
 * the marks are dropped and the escapes undone, so the excerpt is the text as the page has it.
 */
export function plainExcerpt(excerpt: string): string {
  return excerpt
    .replace(/<\/?mark>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};
