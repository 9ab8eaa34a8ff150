import { access, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MERGE_FILE, MergeListError, mergeListJson, parseMergeList } from './merge-list-format.ts';

/**
 * The merge file of a bundle on disk (merge-list-format.ts says what it is): every render writes
 * it with nothing to merge (`SearchIndexer.write`), and the merge of a site's parts rewrites the
 * first part's with the others' bundles once they are in place under it.
 */

export { MERGE_FILE, MergeListError } from './merge-list-format.ts';

/**
 * Writes `<bundleDir>/offprint-bundles.json` listing `merge` (folders relative to `bundleDir`,
 * such as `parts/2/`). Refuses a folder that holds no Pagefind bundle, so a site never lists a
 * bundle its search would fail to load.
 */
export async function writeMergeList(bundleDir: string, merge: readonly string[]): Promise<void> {
  const json = mergeListJson(merge);
  for (const entry of merge) {
    const entryFile = path.join(bundleDir, entry, 'pagefind-entry.json');
    try {
      await access(entryFile);
    } catch {
      throw new MergeListError(
        `${path.join(bundleDir, entry)} holds no Pagefind bundle (no pagefind-entry.json): copy the part's pagefind/ there before listing it`,
      );
    }
  }
  await writeFile(path.join(bundleDir, MERGE_FILE), json);
}

/**
 * The bundles `<bundleDir>/offprint-bundles.json` lists; none when the bundle has no such file
 * (written before there was one). Throws `MergeListError` when the file is not such a list.
 */
export async function readMergeList(bundleDir: string): Promise<string[]> {
  const file = path.join(bundleDir, MERGE_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  try {
    return parseMergeList(text);
  } catch (error) {
    throw new MergeListError(`${file} is not a list of bundles: ${(error as Error).message}`);
  }
}
