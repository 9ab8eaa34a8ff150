import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { searchDocument } from '../search/document.ts';
import type { SearchIndexer } from '../search/index-site.ts';
import { pathInside } from '../site/paths.ts';
import type { BuildDataWriter } from './build-data.ts';
import type { PageView, SiteView } from './view.ts';

/**
 * Hands every page of the build data to the search indexer as its search document, read back
 * one page at a time (memory stays flat with the size of the site). Runs while Astro builds the
 * same pages. Returns the output files of the pages only Astro can index (local pages), to be
 * added from the output once it is written.
 */
export async function addSearchDocuments(
  indexer: SearchIndexer,
  data: BuildDataWriter,
  site: SiteView,
): Promise<string[]> {
  const fromOutput: string[] = [];
  const limit = pLimit(16);
  await Promise.all(
    data.pageFiles().map(({ file }) =>
      limit(async () => {
        const page = JSON.parse(await readFile(path.join(data.dir, file), 'utf8')) as PageView;
        if (page.local) {
          if (page.indexable) fromOutput.push(page.outputFile);
          return;
        }
        const document = searchDocument(site, page);
        if (document !== undefined) await indexer.add(page.outputFile, document);
      }),
    ),
  );
  return fromOutput;
}

/** Adds the pages only Astro could render (local pages) from the written output. */
export async function addSearchFiles(
  indexer: SearchIndexer,
  outDir: string,
  files: readonly string[],
): Promise<void> {
  for (const file of files) {
    const target = pathInside(outDir, file);
    if (target) await indexer.add(file, await readFile(target, 'utf8'));
  }
}
