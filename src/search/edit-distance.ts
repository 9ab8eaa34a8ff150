/**
 * The edit distance between two words with transpositions counted as one edit: optimal string
 * alignment (the restricted Damerau–Levenshtein distance), which is what a typist's slips are
 * (a letter dropped, added, replaced, or swapped with its neighbour). Bounded: a word of the
 * vocabulary further than `max` is given up on as soon as a row of the table shows it, so
 * scanning thousands of words for one query word stays cheap. Written here rather than taken
 * from npm: the packages that count transpositions (`damerau-levenshtein`, `damlev`…) fill the
 * whole table with no bound and are CommonJS; this is the one loop the search dialog needs.
 *
 * Plain code with no Node or DOM, since the browser runs it too. Compares UTF-16 code units:
 * the vocabulary's words are letters, where that is the letter for all but rare scripts.
 */

/** The distance from `a` to `b`, or `max + 1` when it is larger than `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Three rows of the table: two back (for a transposition), the last, and this one.
  let twoBack = new Array<number>(b.length + 1).fill(0);
  let last = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (last[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (last[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (twoBack[j - 2] as number) + 1);
      row[j] = best;
      if (best < smallest) smallest = best;
    }
    if (smallest > max) return max + 1;
    [twoBack, last, row] = [last, row, twoBack];
  }
  const distance = last[b.length] as number;
  return distance > max ? max + 1 : distance;
}
