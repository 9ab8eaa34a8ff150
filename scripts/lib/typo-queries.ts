import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SiteSearch } from '../../src/mcp/search.ts';
import { folderReader, type SiteReader } from '../../src/mcp/site-reader.ts';
import { readMergeList } from '../../src/search/merge-list.ts';
import { VOCABULARY_DIR, wordsOf } from '../../src/search/vocabulary-format.ts';
import { Random } from './prng.ts';

/**
 * Does search forgive a typo (src/search/typo-correction.ts)? Words of a built site that are on
 * at least `MIN_PAGES` pages are misspelt once each, seeded (a letter dropped, added, swapped
 * with its neighbour, or replaced), and searched as `offprint mcp` searches the site; a query
 * counts as found when one of the word's pages is in the first five results. And are exact
 * queries' results what they were? The same words, spelt right, are searched with the site's
 * vocabulary and without it (the correction off): the results must be the same.
 */

/** Pages a word is on, at least, to be misspelt. */
export const MIN_PAGES = 3;
/** Letters of a word misspelt, at least (a typo leaves at least `MIN_CORRECTED`). */
export const MIN_LETTERS = 5;

export type TypoKind = 'dropped' | 'added' | 'swapped' | 'replaced';
const KINDS: readonly TypoKind[] = ['dropped', 'added', 'swapped', 'replaced'];

export interface TypoQuery {
  word: string;
  typo: string;
  kind: TypoKind;
  /** The pages holding the word (URL paths relative to the site root, as Pagefind has them). */
  pages: ReadonlySet<string>;
}

export interface TypoCheck {
  queries: number;
  /** Queries that found one of the word's pages in the first five results. */
  found: number;
  /** Of those, found by the correction (Pagefind alone would have missed or matched otherwise). */
  corrected: number;
  misses: { typo: string; word: string; kind: TypoKind; got: string[]; correctedQuery?: string }[];
  /** Exact queries whose results differ with the correction off. */
  exactChanged: string[];
  exactQueries: number;
  /** Mean time of a misspelt query, in milliseconds. */
  typoMs: number;
}

/** The pages each word of the site's index is on, read from its Pagefind fragments. */
export async function pagesByWord(outDir: string): Promise<Map<string, Set<string>>> {
  const bundle = path.join(outDir, 'pagefind');
  const byWord = new Map<string, Set<string>>();
  for (const entry of ['', ...(await readMergeList(bundle))]) {
    const dir = path.join(bundle, entry, 'fragment');
    for (const name of await readdir(dir)) {
      const text = gunzipSync(await readFile(path.join(dir, name))).toString('utf8');
      const page = JSON.parse(text.slice('pagefind_dcd'.length)) as {
        url: string;
        content: string;
      };
      const url = page.url.replace(/^\/+/, '');
      for (const word of new Set(wordsOf(page.content))) {
        const pages = byWord.get(word) ?? new Set();
        pages.add(url);
        byWord.set(word, pages);
      }
    }
  }
  return byWord;
}

/** One seeded single typo of `word`, of `kind`. */
export function misspell(random: Random, word: string, kind: TypoKind): string {
  const at = random.int(0, word.length - 1);
  const letter = () => String.fromCharCode(97 + random.int(0, 25));
  if (kind === 'dropped') return word.slice(0, at) + word.slice(at + 1);
  if (kind === 'added') return word.slice(0, at) + letter() + word.slice(at);
  if (kind === 'swapped') {
    const i = Math.min(at, word.length - 2);
    return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  }
  return word.slice(0, at) + letter() + word.slice(at + 1);
}

/**
 * `count` misspelt words, seeded: each a different word on at least `MIN_PAGES` pages, its typo
 * not itself a word of the site (that would be another query, not a typo).
 */
export function typoQueries(
  byWord: ReadonlyMap<string, ReadonlySet<string>>,
  count: number,
  seed: number,
): TypoQuery[] {
  const random = new Random(seed);
  const words = [...byWord]
    .filter(([word, pages]) => word.length >= MIN_LETTERS && pages.size >= MIN_PAGES)
    .map(([word]) => word)
    .sort();
  const queries: TypoQuery[] = [];
  const used = new Set<string>();
  for (let tries = 0; queries.length < count && tries < count * 50; tries++) {
    const word = words[random.int(0, words.length - 1)] as string;
    if (used.has(word)) continue;
    const kind = KINDS[queries.length % KINDS.length] as TypoKind;
    const typo = misspell(random, word, kind);
    if (typo === word || byWord.has(typo)) continue;
    used.add(word);
    queries.push({ word, typo, kind, pages: byWord.get(word) as Set<string> });
  }
  return queries;
}

/** Searches the typos and the words of a built site; see the file's comment. */
export async function typoCheck(
  outDir: string,
  options: { queries?: number; seed?: number } = {},
): Promise<TypoCheck> {
  const byWord = await pagesByWord(outDir);
  const queries = typoQueries(byWord, options.queries ?? 50, options.seed ?? 1);
  const reader = await folderReader(outDir);
  const forgiving = new SiteSearch(reader, () => {}, 1 << 30);
  const exactOnly = new SiteSearch(withoutVocabulary(reader), () => {}, 1 << 30);
  const check: TypoCheck = {
    queries: queries.length,
    found: 0,
    corrected: 0,
    misses: [],
    exactChanged: [],
    exactQueries: 0,
    typoMs: 0,
  };
  try {
    let spent = 0;
    for (const query of queries) {
      const started = performance.now();
      const answer = await forgiving.search(query.typo, 5);
      spent += performance.now() - started;
      const got = answer.hits.map((hit) => hit.path);
      if (got.some((page) => query.pages.has(page))) {
        check.found += 1;
        if (answer.correctedQuery) check.corrected += 1;
      } else
        check.misses.push({
          typo: query.typo,
          word: query.word,
          kind: query.kind,
          got,
          ...(answer.correctedQuery ? { correctedQuery: answer.correctedQuery } : {}),
        });
    }
    check.typoMs = spent / Math.max(1, queries.length);
    for (const { word } of queries) {
      const [a, b] = await Promise.all([forgiving.search(word, 10), exactOnly.search(word, 10)]);
      check.exactQueries += 1;
      const same =
        a.total === b.total &&
        a.correctedQuery === undefined &&
        a.hits.map((hit) => hit.path).join('\n') === b.hits.map((hit) => hit.path).join('\n');
      if (!same) check.exactChanged.push(word);
    }
  } finally {
    forgiving.close();
    exactOnly.close();
  }
  return check;
}

/** The site as read with no vocabulary: search with the correction off. */
export function withoutVocabulary(reader: SiteReader): SiteReader {
  return {
    root: reader.root,
    get: (sitePath) =>
      sitePath.startsWith(`pagefind/${VOCABULARY_DIR}`)
        ? Promise.resolve(undefined)
        : reader.get(sitePath),
  };
}

/** The total size of the vocabulary's files, in bytes. */
export async function vocabularyBytes(outDir: string): Promise<number> {
  const dir = path.join(outDir, 'pagefind', VOCABULARY_DIR);
  let bytes = 0;
  for (const name of await readdir(dir)) bytes += (await readFile(path.join(dir, name))).byteLength;
  return bytes;
}
