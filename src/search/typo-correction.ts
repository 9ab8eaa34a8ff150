import type { BundleResult, BundlesSearch, SearchFilters } from './bundles-search.ts';
import { editDistance } from './edit-distance.ts';
import { MAX_WORD, parseVocabulary, vocabularyFile } from './vocabulary-format.ts';

/**
 * Search that forgives typos. Pagefind matches a query word to the index's words that begin
 * with it, and when there are none, to the longest index word the query word begins with: a
 * missing letter late in a word is forgiven, "autentication" or "domian" are not, and
 * "customvolumee" finds the pages of `customvolume59`. So a query word the site's index does not
 * hold (`BundlesSearch.holds`: Pagefind matched no index word that is the word or its stem, or
 * either plus a few letters, known-word.ts) is replaced by the closest word of the site's
 * vocabulary (vocabulary-format.ts): the smallest edit distance with transpositions
 * (edit-distance.ts), within `maxDistance`, the word on the most pages among equals. The corrected query is searched instead, and the reader told so.
 *
 * A query whose words are all held is searched exactly as without this: its results and their
 * order are Pagefind's, untouched. So is a quoted query, a word with digits or of fewer than
 * `MIN_CORRECTED` letters (too many words are one edit from it), and a query whose correction
 * finds nothing. The search dialog (themes/default/scripts/search.ts) and `search_docs`
 * (src/mcp/search.ts) both search this way. Plain code with no Node or DOM.
 */

/** The shortest query word corrected. */
export const MIN_CORRECTED = 4;

/** Edits a query word of `length` letters may be from its correction. */
export function maxDistance(length: number): number {
  return length <= 5 ? 1 : 2;
}

/** Reads one file of the site's vocabulary (`offprint-words/7.txt`, relative to `pagefind/`);
 * undefined when there is none. */
export type ReadVocabularyFile = (file: string) => Promise<string | undefined>;

/** The site's vocabulary, each length's file read the first time a query word needs it. */
export class SiteVocabulary {
  readonly #files = new Map<number, Promise<Map<string, number>>>();
  private readonly read: ReadVocabularyFile;

  constructor(read: ReadVocabularyFile) {
    this.read = read;
  }

  /**
   * The word of the vocabulary closest to `word` (lower-cased letters), or undefined when none
   * is within `maxDistance`. Only words one letter shorter or longer, or as long, are looked at:
   * those one slip away, which the files of three lengths hold.
   */
  async closest(word: string): Promise<string | undefined> {
    const max = maxDistance(word.length);
    const lengths = [word.length - 1, word.length, word.length + 1];
    const files = await Promise.all(lengths.map((length) => this.#file(length)));
    let best: string | undefined;
    let bestDistance = max + 1;
    let bestPages = 0;
    for (const words of files) {
      for (const [candidate, pages] of words) {
        const distance = editDistance(word, candidate, bestDistance);
        // A word further than the best so far, or the word itself (which the index would hold).
        if (distance > bestDistance || distance > max || distance === 0) continue;
        const better =
          distance < bestDistance ||
          pages > bestPages ||
          (pages === bestPages && (best === undefined || candidate < best));
        if (better) {
          best = candidate;
          bestDistance = distance;
          bestPages = pages;
        }
      }
    }
    return best;
  }

  #file(length: number): Promise<Map<string, number>> {
    if (length < 1 || length > MAX_WORD) return Promise.resolve(new Map());
    let file = this.#files.get(length);
    if (!file) {
      file = this.read(vocabularyFile(length)).then(
        (text) => parseVocabulary(text ?? ''),
        () => new Map<string, number>(),
      );
      this.#files.set(length, file);
    }
    return file;
  }
}

/** A query with its misspelt words corrected. */
export interface Correction {
  /** The query searched instead: the query's words, the corrected ones replaced. */
  term: string;
  /** Each word of that query, and whether it is a correction. */
  words: { word: string; corrected: boolean }[];
}

/**
 * The query with every word the site's index does not hold replaced by its closest word of the
 * vocabulary; undefined when no word needs it or none has a correction.
 */
export async function correctionOf(
  search: BundlesSearch,
  vocabulary: SiteVocabulary,
  term: string,
): Promise<Correction | undefined> {
  if (term.includes('"')) return undefined;
  const tokens = term.trim().split(/\s+/).filter(Boolean);
  const words = await Promise.all(
    tokens.map(async (token) => {
      const word = token.toLowerCase();
      if (!isCorrectable(word) || (await search.holds(word)))
        return { word: token, corrected: false };
      const closest = await vocabulary.closest(word);
      return closest ? { word: closest, corrected: true } : { word: token, corrected: false };
    }),
  );
  if (!words.some((word) => word.corrected)) return undefined;
  return { term: words.map((word) => word.word).join(' '), words };
}

/** A word of letters only, of `MIN_CORRECTED` to `MAX_WORD` + 1 letters. */
function isCorrectable(word: string): boolean {
  return word.length >= MIN_CORRECTED && word.length <= MAX_WORD + 1 && /^\p{L}+$/u.test(word);
}

/** What a forgiving search found: the results, and the correction they are for, if any. */
export interface ForgivingAnswer {
  results: BundleResult[];
  /** The query searched instead of the one asked; undefined when it was searched as asked. */
  correction: Correction | undefined;
}

/**
 * Searches `term`, or its correction when a word of it is not in the site's index and the
 * correction finds something. The results not returned are released.
 */
export async function forgivingSearch(
  search: BundlesSearch,
  vocabulary: SiteVocabulary,
  term: string,
  filters: SearchFilters = {},
): Promise<ForgivingAnswer> {
  // The query as asked is searched meanwhile: most queries need no correction.
  const exact = search.search(term, filters);
  let correction: Correction | undefined;
  try {
    correction = await correctionOf(search, vocabulary, term);
  } catch (error) {
    await release(search, await exact.catch(() => []));
    throw error;
  }
  if (!correction) return { results: await exact, correction };
  const corrected = await search.search(correction.term, filters).catch(async (error) => {
    await release(search, await exact.catch(() => []));
    throw error;
  });
  if (corrected.length === 0) return { results: await exact, correction: undefined };
  await release(search, await exact);
  return { results: corrected, correction };
}

async function release(search: BundlesSearch, results: readonly BundleResult[]): Promise<void> {
  await Promise.all(results.map((result) => search.release(result).catch(() => {})));
}
