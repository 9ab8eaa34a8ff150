/**
 * A site's search may be several Pagefind bundles: a site rendered in parts (`offprint render
 * --shard`) and joined (`offprint merge`) keeps each part's bundle, the first at `pagefind/` and
 * the others under it (`pagefind/parts/2/`…). The first bundle lists the others in its merge
 * file, `pagefind/offprint-bundles.json`: `{"merge":["parts/2/","parts/3/"]}`, each relative to
 * `pagefind/`. The search dialog (themes/default/scripts/search.ts) and `offprint mcp`'s
 * `search_docs` (src/mcp/search.ts) merge them into one search with Pagefind's `mergeIndex`.
 * Every render writes the file, with no bundle to merge; a site built before it had none and
 * searches its one bundle.
 *
 * Plain code with no Node or DOM, since the browser reads the file too (merge-list.ts writes it).
 */

/** The merge file's name in a bundle (`<base>pagefind/offprint-bundles.json`). */
export const MERGE_FILE = 'offprint-bundles.json';

/**
 * A bundle's place, relative to `pagefind/`: plain segments, each ending in `/` (`parts/2/`).
 * No segment begins with a dot, so nothing leads out of `pagefind/` or to another origin.
 */
const BUNDLE_PATH = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)+$/;

export class MergeListError extends Error {
  override readonly name = 'MergeListError';
}

/** The bundles a merge file lists; throws `MergeListError` on anything but such a list. */
export function parseMergeList(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MergeListError('it is not JSON');
  }
  const merge = (value as { merge?: unknown } | null)?.merge;
  if (!Array.isArray(merge)) throw new MergeListError('it has no "merge" list');
  return checkedMergeList(merge);
}

/** The merge file's text for `merge` (checked as `parseMergeList` checks it). */
export function mergeListJson(merge: readonly string[]): string {
  return `${JSON.stringify({ merge: checkedMergeList(merge) })}\n`;
}

function checkedMergeList(merge: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const entry of merge) {
    if (typeof entry !== 'string' || !BUNDLE_PATH.test(entry))
      throw new MergeListError(
        `${JSON.stringify(entry)} is not a folder under pagefind/ (such as "parts/2/")`,
      );
    if (seen.has(entry)) throw new MergeListError(`"${entry}" is listed twice`);
    seen.add(entry);
  }
  return [...seen];
}
