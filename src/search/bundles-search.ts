import { isKnownWord } from './known-word.ts';

/**
 * One search over a site's Pagefind bundles (merge-list-format.ts says when a site has several),
 * answering as one index of the whole site would. The search dialog
 * (themes/default/scripts/search.ts) and `offprint mcp`'s `search_docs` (src/mcp/search.ts) both
 * run it, each over its own way of reaching Pagefind's worker script (`WorkerCalls`). Plain code
 * with no Node or DOM.
 *
 * Each bundle is an instance of the worker script, searched on its own, and the results are
 * ordered by score together, as Pagefind's `mergeIndex` does. What `mergeIndex` cannot do is
 * match a query word as one index would: Pagefind matches a word to the index's words that
 * begin with it, and when its index has none, to the longest word of the index that the query
 * word begins with (`find_word_extensions` in its search.rs). In a bundle that lacks a word the
 * others have, "marlinspike" would find the pages of "ma"; and a bundle with neither matches
 * a query of several words by the others alone. So every bundle runs in Pagefind's playground
 * mode, which names the words each result matched, and the results of a bundle that fell back
 * to a shorter word, or left a word out, are left out when another bundle has the word itself
 * (or a longer one to fall back to): what one index of every page would have done.
 */

/** Sends one message to an instance of Pagefind's worker script and gives its answer. */
export type WorkerCalls = (instance: string, method: string, args: unknown[]) => Promise<unknown>;

/** A bundle: its instance's name and the URL of its folder (`/pagefind/parts/2/`). */
export interface SearchBundle {
  instance: string;
  basePath: string;
}

/** One result, from whichever bundle: its data is read with `data(result)`. */
export interface BundleResult {
  instance: string;
  /** The worker's handle on the result's data. */
  dataId: string;
  score: number;
  /** Positions on the page of the words matched, in order. */
  words: number[];
}

/** A bundle that did not load: its folder, and what its instance said. */
export class BundleLoadError extends Error {
  override readonly name = 'BundleLoadError';
  readonly bundle: SearchBundle;
  readonly reason: string;

  constructor(bundle: SearchBundle, reason: string) {
    super(`the search bundle ${bundle.basePath} did not load (${reason})`);
    this.bundle = bundle;
    this.reason = reason;
  }
}

/** Filters as Pagefind takes them: a value, or `{ none: [...] }` to leave those values out. */
export type SearchFilters = Record<string, string | { none: string[] }>;

/** What a search answers, as far as the worker's answer is read (all else is ignored). */
interface Answer {
  results: {
    data: string;
    score: number;
    words: number[];
    /** The index words each result matched (playground mode only). */
    terms: string[] | undefined;
  }[];
  /** The query's words as Pagefind looked them up (stemmed; playground mode only). */
  keywords: string[] | undefined;
}

export class BundlesSearch {
  /** Per query word: how each bundle of the site matches it alone. */
  readonly #held = new Map<string, Promise<Lookup[]>>();

  private readonly call: WorkerCalls;
  private readonly bundles: readonly SearchBundle[];

  constructor(call: WorkerCalls, bundles: readonly SearchBundle[]) {
    this.call = call;
    this.bundles = bundles;
  }

  /** Starts every bundle's instance with `options` (Pagefind's init options but `basePath`). */
  async init(options: Record<string, unknown>): Promise<void> {
    const start = async (bundle: SearchBundle) => {
      try {
        await this.call(bundle.instance, 'init', [{ ...options, basePath: bundle.basePath }]);
        // With it, each result names the index words it matched. It waits for the instance to
        // be loaded, its WebAssembly module with it.
        await this.call(bundle.instance, 'enterPlaygroundMode', []);
      } catch (error) {
        throw new BundleLoadError(bundle, (error as Error).message);
      }
    };
    // The instances share the script's one WebAssembly module, loaded by the first: two
    // loading it at once would each set it up, and the first would lose its memory.
    const [first, ...others] = this.bundles;
    if (first) await start(first);
    await Promise.all(others.map(start));
  }

  /** Loads what searching `term` will read, in every bundle. */
  async preload(term: string, filters: SearchFilters = {}): Promise<void> {
    await Promise.all(
      this.bundles.map((bundle) => this.call(bundle.instance, 'preload', [term, { filters }])),
    );
  }

  /** Every filter's values and how many pages carry each, over all bundles. */
  async filters(): Promise<Record<string, Record<string, number>>> {
    const each = await Promise.all(
      this.bundles.map((bundle) => this.call(bundle.instance, 'filters', [])),
    );
    const merged: Record<string, Record<string, number>> = {};
    for (const filters of each) {
      if (!isRecord(filters)) continue;
      for (const [name, values] of Object.entries(filters)) {
        if (!isRecord(values)) continue;
        merged[name] ??= {};
        const into = merged[name];
        for (const [value, count] of Object.entries(values))
          if (typeof count === 'number') into[value] = (into[value] ?? 0) + count;
      }
    }
    return merged;
  }

  /** The pages matching `term` in all bundles, best score first. */
  async search(term: string, filters: SearchFilters = {}): Promise<BundleResult[]> {
    const answers = await Promise.all(
      this.bundles.map(async (bundle) =>
        answerOf(await this.call(bundle.instance, 'search', [term, { filters }])),
      ),
    );
    const strays = await this.#strays(answers);
    const results: BundleResult[] = [];
    for (const [at, answer] of answers.entries()) {
      if (strays.has(at)) {
        await this.#release(at, answer);
        continue;
      }
      const { instance } = this.bundles[at] as SearchBundle;
      for (const { data, score, words } of answer.results)
        results.push({ instance, dataId: data, score, words });
    }
    return results.sort((a, b) => b.score - a.score);
  }

  /**
   * Whether the site's index holds `word` (lower-cased): whether a bundle matched it to an index
   * word that is the word or its stem, or either plus a few letters (known-word.ts: an
   * inflection, or a word being typed). A word held nowhere is one Pagefind matches only to
   * other words (`customvolume59` for "customvolumee"), by falling back to a shorter word, or
   * not at all: the words typo-correction.ts corrects.
   */
  async holds(word: string): Promise<boolean> {
    return (await this.#lookups(word)).some((lookup) => lookup.known);
  }

  /** A result's data (`url`, `excerpt`, `meta`, `sub_results`…), as the worker sends it. */
  data(result: BundleResult): Promise<unknown> {
    return this.call(result.instance, 'getData', [result.dataId]);
  }

  /** Lets the worker forget a result's data. */
  async release(result: BundleResult): Promise<void> {
    await this.call(result.instance, 'releaseData', [result.dataId]);
  }

  async #release(at: number, answer: Answer): Promise<void> {
    const { instance } = this.bundles[at] as SearchBundle;
    await Promise.all(answer.results.map((r) => this.call(instance, 'releaseData', [r.data])));
  }

  /** The bundles whose results one index of the whole site would not give. */
  async #strays(answers: readonly Answer[]): Promise<Set<number>> {
    const strays = new Set<number>();
    if (this.bundles.length < 2) return strays;
    const keywords = answers.find((answer) => answer.keywords)?.keywords ?? [];
    for (const keyword of keywords) {
      const here = answers.map((answer) => resolutionOf(answer, keyword));
      if (!here.some((resolution) => resolution && resolution !== 'held')) continue;
      const site = (await this.#lookups(keyword)).map((lookup) => lookup.resolution);
      const held = site.includes('held');
      const longest = Math.max(0, ...site.map((r) => (isFallBack(r) ? r.fellBackTo.length : 0)));
      for (const [at, resolution] of here.entries()) {
        // One index would have held the word, or fallen back to a longer one, or (for a word
        // left out) matched it at all.
        if (resolution === 'ignored' && (held || longest > 0)) strays.add(at);
        if (isFallBack(resolution) && (held || resolution.fellBackTo.length < longest))
          strays.add(at);
      }
    }
    return strays;
  }

  /** How each bundle, searched for `keyword` alone over all its pages, matches it. */
  #lookups(keyword: string): Promise<Lookup[]> {
    let known = this.#held.get(keyword);
    if (!known) {
      known = Promise.all(
        this.bundles.map(async (bundle, at) => {
          const answer = answerOf(await this.call(bundle.instance, 'search', [keyword, {}]));
          await this.#release(at, answer);
          const stem = answer.keywords?.[0] ?? keyword;
          // Every result's words: a page matching in its title alone may name none.
          const matched = answer.results.flatMap((result) => result.terms ?? []);
          return {
            resolution: resolutionOf(answer, stem),
            known: isKnownWord(keyword, stem, matched),
          };
        }),
      );
      known.catch(() => this.#held.delete(keyword));
      this.#held.set(keyword, known);
    }
    return known;
  }
}

/**
 * How a bundle matched a query word: by the words that begin with it (`held`), by the longest
 * word it holds that the query word begins with (`fellBackTo`), or not at all (`ignored`: with
 * neither, Pagefind matches the query's other words alone). Undefined when the bundle found
 * nothing, or its answer does not say (a quoted search names no words).
 */
type Resolution = 'held' | 'ignored' | { fellBackTo: string } | undefined;

/** How a bundle matched a word searched alone: its resolution, and whether it knows the word
 * itself (known-word.ts). */
interface Lookup {
  resolution: Resolution;
  known: boolean;
}

function isFallBack(resolution: Resolution): resolution is { fellBackTo: string } {
  return typeof resolution === 'object';
}

function resolutionOf(answer: Answer, keyword: string): Resolution {
  // Every result's words, not the first's alone: a page can match a word where its scores do
  // not name it (in its title only, say), so one result may name one word of two.
  const terms = answer.results.flatMap((result) => result.terms ?? []);
  if (terms.length === 0) return undefined;
  if (terms.some((term) => term.startsWith(keyword))) return 'held';
  const prefixes = terms.filter((term) => keyword.startsWith(term));
  if (prefixes.length === 0) return 'ignored';
  return { fellBackTo: prefixes.reduce((a, b) => (b.length > a.length ? b : a)) };
}

/** The worker's answer to a search, read defensively (the script is the site's). */
function answerOf(value: unknown): Answer {
  const answer: Answer = { results: [], keywords: undefined };
  if (!isRecord(value)) return answer;
  if (Array.isArray(value.search_keywords))
    answer.keywords = value.search_keywords.filter((k): k is string => typeof k === 'string');
  if (!Array.isArray(value.results)) return answer;
  for (const result of value.results) {
    if (!isRecord(result) || typeof result.data !== 'string') continue;
    const words = Array.isArray(result.words)
      ? result.words.filter((w): w is number => typeof w === 'number')
      : [];
    const terms = Array.isArray(result.scores)
      ? result.scores.flatMap((s) =>
          isRecord(s) && typeof s.search_term === 'string' ? [s.search_term] : [],
        )
      : undefined;
    answer.results.push({
      data: result.data,
      score: typeof result.score === 'number' ? result.score : 0,
      words,
      terms,
    });
  }
  return answer;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
