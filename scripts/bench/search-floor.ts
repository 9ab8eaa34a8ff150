import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SearchIndexer } from '../../src/search/index-site.ts';

/** What Pagefind alone takes to index a finished site's pages and write the bundle. */
export interface SearchFloor {
  /** Seconds from starting Pagefind to the last page indexed. */
  index: number;
  /** Seconds writing the bundle. */
  write: number;
  pages: number;
}

const MAIN_START = '<main';
const MAIN_END = '</main>';

/**
 * Pagefind by itself over the pages of a finished output: each page's `<main>` (what the theme
 * marks `data-pagefind-body`, the search body the render hands Pagefind) is read before the
 * clock starts, then indexed and written by the render's own indexer into a scratch directory.
 * Nothing else runs meanwhile, so this is the least the search stage can take for these pages,
 * and the least any render that indexes every page again (after an edit, say) can take.
 */
export async function searchFloor(outDir: string): Promise<SearchFloor> {
  const documents: { file: string; html: string }[] = [];
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = await readFile(file, 'utf8');
    const start = html.indexOf(MAIN_START);
    const end = html.indexOf(MAIN_END, start);
    if (
      start < 0 ||
      end < 0 ||
      !html.slice(start, html.indexOf('>', start)).includes('data-pagefind-body')
    )
      continue;
    const lang = /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1] ?? 'en';
    documents.push({
      file: path.relative(outDir, file),
      html: `<html lang="${lang}"><body>${html.slice(start, end + MAIN_END.length)}</body></html>`,
    });
  }
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'offprint-search-floor-'));
  try {
    const began = performance.now();
    const indexer = await SearchIndexer.open();
    await Promise.all(documents.map(({ file, html }) => indexer.add(file, html)));
    const indexed = performance.now();
    await indexer.write(scratch);
    const written = performance.now();
    return {
      index: (indexed - began) / 1000,
      write: (written - indexed) / 1000,
      pages: documents.length,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
