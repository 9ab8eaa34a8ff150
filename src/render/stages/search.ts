import { readFile } from 'node:fs/promises';
import { searchDocument } from '../../search/document.ts';
import { SearchIndexer, type SearchIndexStats } from '../../search/index-site.ts';
import { pathInside } from '../../site/paths.ts';
import { pauseForTest } from '../../utils/test-pause.ts';
import type { PageView, SiteView } from '../../view/view.ts';
import type { BuildDataWriter } from '../build-data.ts';
import { type OnRenderProgress, progressCounter } from '../progress.ts';

/**
 * Stage 3 of a render: the search index. Every page's search document (src/search/document.ts)
 * goes to Pagefind, a process of its own, in the site's order: Pagefind numbers pages in the
 * order they are added, and that order makes the index of a render after an edit the one a full
 * render writes. Pagefind sorts the rest itself (filters and their values since 1.6: 1.5 wrote
 * them in a hash map's order, new each run), so two renders of one snapshot write the same bytes.
 *
 * The pages stage hands each page over as soon as it is written (`page`). Once the stage is
 * started, the documents are built from those views as they come and Pagefind indexes while the
 * pages stage and Astro still run; pages handed over before the start, or too far ahead of what
 * Pagefind has taken, are read back from the build data in their turn, so memory stays flat.
 * The render starts it at the first page that changed since the last render (after an edit the
 * markdown is cached: the pages stage is short and Pagefind is what takes longest), else once
 * every page is written (the markdown workers use every core until then).
 *
 * The bundle is written only when the render calls `finish`, once Astro is done: writing is
 * when Pagefind's process is largest (it builds the whole index in memory, three to four times
 * what it held while indexing), and Astro is when the render's is, so the two are kept apart.
 * Pages whose content only exists once Astro wrote them (local pages) are read from the output
 * just before.
 */

/** Documents kept for the feed, at most: those of pages further ahead are read back later. */
const AHEAD = 256;
/** Documents sent to Pagefind and not yet indexed. */
const IN_FLIGHT = 16;

/** What a page gives the index: a document, its output file to read once Astro wrote it (a
 * local page), or nothing. */
type Entry = { file: string; document: string } | { fromOutput: string } | undefined;

interface Feed {
  indexer: SearchIndexer;
  /** The local pages' output files, indexed once Astro wrote them. */
  fromOutput: string[];
}

export interface SearchStageOptions {
  data: BuildDataWriter;
  site: SiteView;
  /** Pages (and aliases) the pages stage writes, at positions 0 to `pages - 1`. */
  pages: number;
  verbose?: boolean;
  /** Told of each page the feed has taken, indexed or not. */
  onProgress?: OnRenderProgress;
}

export class SearchStage {
  /** Positions handed over before the start, or far ahead of the feed: read back from the
   * build data. */
  readonly #written = new Set<number>();
  /** Entries handed over since the start, not yet sent. */
  readonly #ready = new Map<number, Entry>();
  /** The position the feed sends next. */
  #next = 0;
  /** The feed waiting for a position to be handed over. */
  #wanted: { position: number; resolve: () => void } | undefined;
  #indexer: SearchIndexer | undefined;
  #feed: Promise<Feed> | undefined;
  #stopped = false;

  private readonly options: SearchStageOptions;

  constructor(options: SearchStageOptions) {
    this.options = options;
  }

  /**
   * The page the pages stage wrote at `position`. Its document is kept for the feed when the
   * stage has started and the feed is not far behind; otherwise it is read back from the build
   * data when its turn comes (the pages stage never waits for Pagefind).
   */
  page(position: number, view: PageView): void {
    if (this.#feed && position <= this.#next + AHEAD)
      this.#ready.set(position, entryOf(this.options.site, view));
    else this.#written.add(position);
    if (this.#wanted?.position === position) this.#wanted.resolve();
  }

  /** Starts Pagefind and feeds it every page, in the site's order (once). */
  start(): void {
    if (this.#feed) return;
    this.#feed = this.#run();
    this.#feed.catch(() => {});
  }

  /** Once Astro wrote the pages into `outDir`: the bundle in `<outDir>/pagefind/`. */
  async finish(outDir: string): Promise<SearchIndexStats> {
    this.start();
    const { indexer, fromOutput } = await (this.#feed as Promise<Feed>);
    await pauseForTest('search');
    for (const file of fromOutput) {
      const target = pathInside(outDir, file);
      if (target) await indexer.add(file, await readFile(target, 'utf8'));
    }
    return indexer.write(outDir);
  }

  /** Stops Pagefind, whether or not the stage started or finished. */
  async close(): Promise<void> {
    this.#stop();
    await this.#feed?.catch(() => {});
    await this.#indexer?.close();
  }

  async #run(): Promise<Feed> {
    try {
      const indexer = await SearchIndexer.open({ verbose: this.options.verbose });
      this.#indexer = indexer;
      const fromOutput: string[] = [];
      const sending: Promise<void>[] = [];
      const taken = progressCounter(this.options.onProgress, 'search', this.options.pages);
      for (let position = 0; position < this.options.pages; position++) {
        const entry = await this.#entryAt(position);
        this.#next = position + 1;
        if (entry && 'fromOutput' in entry) fromOutput.push(entry.fromOutput);
        else if (entry) sending.push(indexer.add(entry.file, entry.document));
        if (sending.length >= IN_FLIGHT) await sending.shift();
        taken();
      }
      await Promise.all(sending);
      return { indexer, fromOutput };
    } finally {
      this.#stop();
    }
  }

  async #entryAt(position: number): Promise<Entry> {
    for (;;) {
      if (this.#written.delete(position))
        return entryOf(this.options.site, await this.options.data.readPageAt(position));
      const entry = this.#ready.get(position);
      if (this.#ready.delete(position)) return entry;
      if (this.#stopped) throw new Error('the search stage was closed before every page came');
      await new Promise<void>((resolve) => {
        this.#wanted = { position, resolve };
      });
      this.#wanted = undefined;
    }
  }

  #stop(): void {
    this.#stopped = true;
    this.#wanted?.resolve();
  }
}

function entryOf(site: SiteView, view: PageView): Entry {
  if (view.local) return view.indexable ? { fromOutput: view.outputFile } : undefined;
  const document = searchDocument(site, view);
  return document === undefined ? undefined : { file: view.outputFile, document };
}
