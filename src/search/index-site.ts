import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { onInterrupt } from '../utils/interrupt.ts';
import { bundleWritten } from './bundle-written.ts';
import { writeMergeList } from './merge-list.ts';
import { collectVocabulary, writeVocabulary } from './vocabulary-files.ts';

/**
 * The search index, written by Pagefind to `<dir>/pagefind/`. A render opens a `SearchIndexer`
 * before Astro runs and adds each page's search document (`document.ts`) as soon as its view is
 * known, so Pagefind (a process of its own) indexes while Astro writes the pages; pages whose
 * content only Astro knows (local pages) are added from their output files afterwards.
 *
 * What is indexed is decided by the HTML handed over: only a `<main data-pagefind-body>` is read,
 * `data-pagefind-ignore` regions and the navigation in `EXCLUDE` are skipped,
 * `data-pagefind-filter` / `data-pagefind-meta` carry the section and site space, and
 * `<html lang>` the language.
 */

export interface SearchIndexOptions {
  /** Print Pagefind's own log lines. */
  verbose?: boolean;
  /** The most search-document bytes one bundle takes before the next is begun
   * (`BUNDLE_BYTES` by default). */
  bundleBytes?: number;
}

export interface SearchIndexStats {
  /** Pages in the index (pages with `data-pagefind-body`). */
  pages: number;
  /** Bundles the index was written as: `pagefind/` and `pagefind/bundles/2/`… */
  bundles: number;
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

/** Where the second and later bundles of one render go, under `pagefind/` (`bundles/2/`). */
export function extraBundleDir(number: number): string {
  return `bundles/${number}/`;
}

/**
 * Search-document bytes one bundle takes, at most. Pagefind holds every page of an index while
 * it writes, and builds the whole index in memory then: about 1.9 GB for 10,000 synthetic pages
 * (40 MB of documents) in one bundle. Past this size the pages go to another bundle, written
 * after the first was written and dropped, so a render's search costs what one bundle's write
 * costs, whatever the site's size; the search dialog and `offprint mcp` merge the bundles as
 * they merge a sharded site's parts. Sites of up to some 5,000 pages of that size keep one.
 */
export const BUNDLE_BYTES = 20_000_000;

/** Regions of an indexable page that are navigation, not content. */
const EXCLUDE = ['.op-breadcrumbs', '.op-pagination', '.op-updated', '[data-pagefind-ignore]'];

/**
 * Pagefind's allocator (jemalloc, read from `_RJEM_MALLOC_CONF` when its process starts): one
 * arena, and freed pages handed back at once. Pagefind's process is largest while it writes the
 * bundle (it copies every page's words and builds the whole index in memory, about four times
 * what it held while indexing), and much of that is memory it freed but jemalloc kept: at 10,000
 * pages, with nothing else running, it peaked at 1,840–1,860 MiB against 1,980–2,230 without
 * this, writing in about the same time. A setting of the caller's own wins.
 */
const PAGEFIND_MALLOC_CONF = 'narenas:1,dirty_decay_ms:0';

type Pagefind = typeof import('pagefind');
type PagefindIndex = NonNullable<Awaited<ReturnType<Pagefind['createIndex']>>['index']>;

/** One Pagefind index of the render: the bundle it will be written as, and what it holds. */
interface Bundle {
  index: Promise<PagefindIndex>;
  bytes: number;
  deleted: boolean;
}

export class SearchIndexer {
  /**
   * Indexers open in this process. Pagefind runs one backend process for all of them and
   * `close()` stops it for every index: only the last indexer to close stops it, so two renders
   * in one process (the library's `render`) do not close each other's index.
   */
  static #open = 0;
  readonly #pending: Promise<void>[] = [];
  readonly #errors: string[] = [];
  /** The bundles begun, in the order pages came; pages go to the last. */
  readonly #bundles: Bundle[];
  readonly #bundleBytes: number;
  #closed = false;
  /** An interrupted run stops Pagefind's process (src/utils/interrupt.ts). */
  readonly #forget: () => void;

  private readonly pagefind: Pagefind;
  private readonly options: SearchIndexOptions;

  private constructor(pagefind: Pagefind, index: PagefindIndex, options: SearchIndexOptions) {
    this.pagefind = pagefind;
    this.options = options;
    this.#bundles = [{ index: Promise.resolve(index), bytes: 0, deleted: false }];
    this.#bundleBytes = options.bundleBytes ?? bundleBytesForTest() ?? BUNDLE_BYTES;
    this.#forget = onInterrupt(() => pagefind.close());
  }

  static async open(options: SearchIndexOptions = {}): Promise<SearchIndexer> {
    const pagefind = await import('pagefind');
    SearchIndexer.#open++;
    // Its process is spawned by the first createIndex, before that call returns, and takes the
    // environment of that moment; the render's own is put back at once.
    const { index, errors } = await withEnv(
      '_RJEM_MALLOC_CONF',
      process.env._RJEM_MALLOC_CONF ?? PAGEFIND_MALLOC_CONF,
      () => pagefind.createIndex(indexOptions(options)),
    );
    if (!index) {
      await SearchIndexer.#release(pagefind);
      throw new SearchIndexError(`pagefind could not start: ${errors.join('; ')}`);
    }
    return new SearchIndexer(pagefind, index, options);
  }

  /**
   * Adds one page's HTML, as it will be found at `sourcePath` under the output directory (its
   * URL is derived from that path as for a file of the site). Never rejects: errors are reported
   * by `write`. Awaiting it keeps the pages waiting for Pagefind few.
   */
  add(sourcePath: string, html: string): Promise<void> {
    const added = this.#bundleFor(html.length)
      .then((index) => index.addHTMLFile({ sourcePath, content: html }))
      .then(
        ({ errors }) => {
          if (errors.length) this.#errors.push(`${sourcePath}: ${errors.join('; ')}`);
        },
        (error: unknown) => {
          this.#errors.push(`${sourcePath}: ${(error as Error).message}`);
        },
      );
    this.#pending.push(added);
    return added;
  }

  /** Adds every HTML file under `dir` (a finished site). */
  async addDirectory(dir: string): Promise<void> {
    const index = await (this.#bundles.at(-1) as Bundle).index;
    const added = await index.addDirectory({ path: path.resolve(dir), glob: '**/*.html' });
    if (added.errors.length) this.#errors.push(`${dir}: ${added.errors.join('; ')}`);
  }

  /**
   * Waits for every page added, writes the bundles (the first to `<dir>/pagefind/`, the others
   * under it, each dropped from Pagefind's memory once written) with the merge file listing the
   * others (merge-list.ts; a merge of parts rewrites it) and the site's vocabulary
   * (vocabulary-files.ts), and stops Pagefind.
   */
  async write(dir: string): Promise<SearchIndexStats> {
    const outputPath = path.join(path.resolve(dir), BUNDLE_DIR);
    try {
      await Promise.all(this.#pending);
      if (this.#errors.length)
        throw new SearchIndexError(`pagefind failed to index ${this.#errors.join('; ')}`);
      const extra: string[] = [];
      for (const [position, bundle] of this.#bundles.entries()) {
        const folder = position === 0 ? '' : extraBundleDir(position + 1);
        await writeBundle(await bundle.index, path.join(outputPath, folder));
        // The next bundle's write is the largest moment of Pagefind's process: this one's index
        // is gone from it by then.
        if (this.#bundles.length > 1) await this.#delete(bundle);
        if (folder) extra.push(folder);
      }
      await writeMergeList(outputPath, extra);
      // The words of every bundle's pages, for the search's typo correction.
      await writeVocabulary(
        outputPath,
        await collectVocabulary(['', ...extra].map((folder) => path.join(outputPath, folder))),
      );
      const { files, bytes } = await sizeOf(outputPath);
      let pages = 0;
      for (const folder of ['', ...extra])
        pages += await indexedPages(path.join(outputPath, folder));
      return { pages, bundles: this.#bundles.length, files, bytes };
    } finally {
      await this.close();
    }
  }

  /** Stops Pagefind without writing (a render that failed). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.allSettled(this.#pending);
    this.#forget();
    if (SearchIndexer.#open > 1) for (const bundle of this.#bundles) await this.#delete(bundle);
    await SearchIndexer.#release(this.pagefind);
  }

  /**
   * The index a document of `bytes` goes to: the last bundle's, or a new bundle's when the last
   * is full. Chosen when the page is added, so the split follows the order pages come in.
   */
  #bundleFor(bytes: number): Promise<PagefindIndex> {
    let last = this.#bundles.at(-1) as Bundle;
    if (last.bytes > 0 && last.bytes + bytes > this.#bundleBytes) {
      last = { index: this.#createIndex(), bytes: 0, deleted: false };
      last.index.catch(() => {});
      this.#bundles.push(last);
    }
    last.bytes += bytes;
    return last.index;
  }

  async #createIndex(): Promise<PagefindIndex> {
    const { index, errors } = await this.pagefind.createIndex(indexOptions(this.options));
    if (!index)
      throw new SearchIndexError(`pagefind could not begin a bundle: ${errors.join('; ')}`);
    return index;
  }

  async #delete(bundle: Bundle): Promise<void> {
    if (bundle.deleted) return;
    bundle.deleted = true;
    const index = await bundle.index.catch(() => undefined);
    await index?.deleteIndex();
  }

  static async #release(pagefind: Pagefind): Promise<void> {
    if (--SearchIndexer.#open === 0) await pagefind.close();
  }
}

/**
 * For the tests of sites searched as several bundles: `OFFPRINT_TEST_SEARCH_BUNDLE_BYTES` makes
 * a small site's bundles small. Unset, as in every real run, `BUNDLE_BYTES` holds.
 */
function bundleBytesForTest(): number | undefined {
  const asked = Number(process.env.OFFPRINT_TEST_SEARCH_BUNDLE_BYTES);
  return Number.isSafeInteger(asked) && asked > 0 ? asked : undefined;
}

function indexOptions(options: SearchIndexOptions) {
  return { excludeSelectors: EXCLUDE, verbose: options.verbose };
}

/** Writes one index as a bundle into `outputPath`, all of it on disk when this returns. */
async function writeBundle(index: PagefindIndex, outputPath: string): Promise<void> {
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length)
    throw new SearchIndexError(
      `pagefind failed to write ${outputPath}: ${written.errors.join('; ')}`,
    );
  const writing = await bundleWritten(outputPath);
  if (writing.length > 0)
    throw new SearchIndexError(
      `pagefind did not finish writing ${outputPath}: ${writing.length} file(s) still open, such as ${path.relative(outputPath, writing[0] as string)}`,
    );
}

/** Indexes a finished site directory: every HTML file in it. */
export async function indexSite(
  options: SearchIndexOptions & { dir: string },
): Promise<SearchIndexStats> {
  const indexer = await SearchIndexer.open(options);
  try {
    await indexer.addDirectory(options.dir);
  } catch (error) {
    await indexer.close();
    throw error;
  }
  return indexer.write(options.dir);
}

/** Calls `run` with one environment variable set, as it was again once `run` returned. */
function withEnv<T>(name: string, value: string, run: () => T): T {
  const before = process.env[name];
  process.env[name] = value;
  try {
    return run();
  } finally {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  }
}

/** Pages in the index, from the bundle's entry file (`page_count` of `addDirectory` counts every
 * HTML file read, indexed or not). */
async function indexedPages(outputPath: string): Promise<number> {
  const file = path.join(outputPath, 'pagefind-entry.json');
  let entry: { languages?: Record<string, { page_count?: number }> };
  try {
    entry = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new SearchIndexError(`pagefind wrote no readable ${file}: ${(error as Error).message}`);
  }
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
