/**
 * A site's vocabulary: the words of its indexed pages and on how many pages each is, which the
 * search dialog and `search_docs` read to correct a query's typos (typo-correction.ts). Written
 * beside the site's first Pagefind bundle (vocabulary-files.ts) as one small text file per word
 * length, `pagefind/offprint-words/7.txt`, so a query word of length n loads only the files of
 * n-1, n and n+1 letters. Each line is a word and its page count, separated by a space.
 *
 * Only words of letters are kept (no digits, no identifiers with underscores), of
 * `MIN_WORD`–`MAX_WORD` letters: what a reader types and can mistype. Plain code with no Node or
 * DOM, since the browser reads the files too.
 */

/** The folder of the vocabulary's files, relative to `pagefind/`. */
export const VOCABULARY_DIR = 'offprint-words/';

/** The shortest and longest words kept. */
export const MIN_WORD = 3;
export const MAX_WORD = 24;

/** The file of the words of `length` letters, relative to `pagefind/`. */
export function vocabularyFile(length: number): string {
  return `${VOCABULARY_DIR}${length}.txt`;
}

/** Words of the vocabulary's kind in `text`, lower-cased, as often as they occur. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const token of text.toLowerCase().split(/[^\p{L}\p{M}\p{N}_]+/u)) {
    if (token.length >= MIN_WORD && token.length <= MAX_WORD && /^\p{L}+$/u.test(token))
      words.push(token);
  }
  return words;
}

/** The text of one length's file: a line per word, most pages first. */
export function vocabularyText(words: ReadonlyMap<string, number>): string {
  const lines = [...words]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([word, pages]) => `${word} ${pages}\n`);
  return lines.join('');
}

/**
 * The words of one length's file and their page counts. Lines that are not a word and a count
 * (a host's page of its own for a missing file) are skipped, so such a file is an empty list.
 */
export function parseVocabulary(text: string): Map<string, number> {
  const words = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\p{L}+) (\d+)$/u.exec(line);
    if (match) words.set(match[1] as string, Number(match[2]));
  }
  return words;
}
