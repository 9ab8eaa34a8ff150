import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { searchDocument } from '../../search/document.ts';
import {
  BUNDLE_DIR,
  SearchIndexer as Indexer,
  type SearchIndexer,
  type SearchIndexStats,
} from '../../search/index-site.ts';
import { pathInside } from '../../site/paths.ts';
import type { BuildDataWriter } from '../build-data.ts';
import type { SiteView } from '../view.ts';

/**
 * Stage 3 of a render, beside Astro: the search index. Every page of the build data goes to
 * Pagefind as its search document (src/search/document.ts), read back one page at a time so
 * memory stays flat with the size of the site. Pagefind, a process of its own, indexes them
 * while Astro writes the pages, and writes its bundle meanwhile too, to a directory of its own
 * moved into the output once Astro is done; unless some page's content only exists once Astro
 * wrote it (a local page), which is then read from the output and the bundle written after.
 */
export class SearchStage {
  private constructor(
    private readonly indexer: SearchIndexer,
    /** Where the bundle is written while Astro still owns the output directory. */
    private readonly aside: string,
    /** The output files of the pages to index from Astro's output. */
    private readonly fromOutput: Promise<string[]>,
    /** The bundle, when it could be written without Astro's output. */
    private readonly early: Promise<SearchIndexStats | undefined>,
  ) {}

  static async start(options: {
    data: BuildDataWriter;
    site: SiteView;
    /** A directory the stage may create (and removes). */
    aside: string;
    verbose?: boolean;
  }): Promise<SearchStage> {
    const indexer = await Indexer.open({ verbose: options.verbose });
    const fromOutput = addDocuments(indexer, options.data, options.site);
    const early = fromOutput.then((files) =>
      files.length === 0 ? indexer.write(options.aside) : undefined,
    );
    early.catch(() => {});
    return new SearchStage(indexer, options.aside, fromOutput, early);
  }

  /** Once Astro wrote the pages into `outDir`: the bundle in `<outDir>/pagefind/`. */
  async finish(outDir: string): Promise<SearchIndexStats> {
    const written = await this.early;
    if (written) {
      await rename(path.join(this.aside, BUNDLE_DIR), path.join(outDir, BUNDLE_DIR));
      return written;
    }
    for (const file of await this.fromOutput) {
      const target = pathInside(outDir, file);
      if (target) await this.indexer.add(file, await readFile(target, 'utf8'));
    }
    return this.indexer.write(outDir);
  }

  /** Stops Pagefind (whether or not the stage finished) and removes the aside directory. */
  async close(): Promise<void> {
    await this.indexer.close();
    await rm(this.aside, { recursive: true, force: true });
  }
}

/** Adds every page's search document; returns the local pages, indexed from the output. */
async function addDocuments(
  indexer: SearchIndexer,
  data: BuildDataWriter,
  site: SiteView,
): Promise<string[]> {
  const fromOutput: string[] = [];
  const limit = pLimit(16);
  await Promise.all(
    data.pageLocations().map((at) =>
      limit(async () => {
        const page = await data.readPage(at);
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
