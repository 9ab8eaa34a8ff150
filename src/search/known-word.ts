/**
 * When is a query word one the site knows, and so not a typo to correct (typo-correction.ts)?
 * Pagefind matches a query word, stemmed, to every index word that begins with it: "customvolumee"
 * stems to "customvolume", which begins `customvolume59`, so Pagefind matching something says
 * little. The word is known when an index word Pagefind matched begins with the word as typed
 * (the reader may still be typing it: "rock" of "rocketctl", "webhook" of `webhook_id`), or is
 * its stem plus at most `MAX_INFLECTION` letters: an inflection ("deploys", "routers"; Pagefind
 * stems the index's words too, so "querying" and "queries" are both "queri"). An index word that
 * only the stem begins, going on with digits or other characters (`customvolume59`, an
 * identifier) or with more letters, is another word. Plain code with no Node or DOM, since the
 * browser runs it too.
 */

/** Letters an index word may add to the query word and still be it: s, es, ed, ing, er… */
export const MAX_INFLECTION = 3;

const INFLECTION = new RegExp(`^\\p{L}{0,${MAX_INFLECTION}}$`, 'u');

/**
 * Whether `word` (lower-cased, as typed) is known, given `stem` (Pagefind's keyword for it)
 * and `matched`, the index words Pagefind matched it to.
 */
export function isKnownWord(word: string, stem: string, matched: readonly string[]): boolean {
  return matched.some(
    (term) =>
      (word !== '' && term.startsWith(word)) ||
      (stem !== '' && term.startsWith(stem) && INFLECTION.test(term.slice(stem.length))),
  );
}
