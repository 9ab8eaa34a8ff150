import { OPERATIONS_META_WEIGHTS } from './operations.ts';

/**
 * Pagefind searches metadata as well as text, and adds a match in a field to a page's score.
 * These fields are for showing a result (its operations' methods, the titles above it), so the
 * dialog and `search_docs` weigh them at nothing and results rank by the page's own words: a
 * query "concepts" should not lift every page under a Concepts group. No Node or DOM here.
 */
export const SHOWN_ONLY_META_WEIGHTS: Readonly<Record<string, number>> = {
  ...OPERATIONS_META_WEIGHTS,
  path: 0,
};
