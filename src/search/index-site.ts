import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The search index: Pagefind reads the finished HTML in a (staged) output directory and writes
 * its bundle to `<dir>/pagefind/`. What it indexes is decided by the pages themselves: only a
 * `<main data-pagefind-body>` (an indexable page) is read, `data-pagefind-ignore` regions are
 * skipped, `data-pagefind-filter` / `data-pagefind-meta` carry the section and site space, and
 * `<html lang>` the language.
 */

export interface SearchIndexOptions {
  /** The built site to index (the render's staging directory). */
  dir: string;
  /** Print Pagefind's own log lines. */
  verbose?: boolean;
}

export interface SearchIndexStats {
  /** Pages in the index (pages with `data-pagefind-body`). */
  pages: number;
  /** Files of the bundle in `<dir>/pagefind/`. */
  files: number;
  /** Their total size. */
  bytes: number;
}

export class SearchIndexError extends Error {
  override readonly name = 'SearchIndexError';
}

/** The bundle's directory name under the output (`<base>pagefind/pagefind.js`). */
export const BUNDLE_DIR = 'pagefind';

/** Regions of an indexable page that are navigation, not content. */
const EXCLUDE = ['.op-breadcrumbs', '.op-pagination', '.op-updated', '[data-pagefind-ignore]'];

export async function indexSite(options: SearchIndexOptions): Promise<SearchIndexStats> {
  const pagefind = await import('pagefind');
  const dir = path.resolve(options.dir);
  const outputPath = path.join(dir, BUNDLE_DIR);
  try {
    const { index, errors } = await pagefind.createIndex({
      excludeSelectors: EXCLUDE,
      verbose: options.verbose,
    });
    if (!index) throw new SearchIndexError(`pagefind could not start: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: dir, glob: '**/*.html' });
    if (added.errors.length)
      throw new SearchIndexError(`pagefind failed to index ${dir}: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length)
      throw new SearchIndexError(
        `pagefind failed to write ${outputPath}: ${written.errors.join('; ')}`,
      );
    const { files, bytes } = await sizeOf(outputPath);
    return { pages: await indexedPages(outputPath), files, bytes };
  } finally {
    await pagefind.close();
  }
}

/** Pages in the index, from the bundle's entry file (`page_count` of `addDirectory` counts every
 * HTML file read, indexed or not). */
async function indexedPages(outputPath: string): Promise<number> {
  const entry = JSON.parse(await readFile(path.join(outputPath, 'pagefind-entry.json'), 'utf8'));
  const languages: Record<string, { page_count?: number }> = entry.languages ?? {};
  return Object.values(languages).reduce((sum, language) => sum + (language.page_count ?? 0), 0);
}

async function sizeOf(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}
