import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { type FileHandle, mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageView, SiteView } from './view.ts';

/**
 * The hand-over from the render step to Astro: a directory with the site view, an index of
 * pages, and the pages' views, one JSON text after another in one file (a file per page cost
 * an open and a close each, when written and again when read). Astro's route reads one page
 * at a time by its place in that file, so memory does not grow with the size of the site.
 */

export interface PageIndexEntry {
  /** Astro's `[...slug]` param: the URL below the base, no slashes at the ends; undefined at the root. */
  slug: string | undefined;
  /** Where the page's JSON is in the pages file: its byte offset and length. */
  at: PageLocation;
}

export interface PageLocation {
  offset: number;
  length: number;
}

const SITE_FILE = 'site.json';
const INDEX_FILE = 'pages.json';
const PAGES_FILE = 'pages.data';

export class BuildDataWriter {
  /** By position: the page views in the site's order, whatever order they were written in. */
  readonly #index: (PageIndexEntry & { output: string; digest: string })[] = [];
  #siteDigest = '';
  #pages: Promise<FileHandle> | undefined;
  /** Where the next page's JSON goes in the pages file (reserved before the write). */
  #end = 0;
  /** Each page's output file (relative to the output directory) → the digest of its view. */
  readonly pageDigests = new Map<string, string>();

  constructor(readonly dir: string) {}

  async site(view: SiteView): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const text = JSON.stringify(view);
    this.#siteDigest = sha256(text);
    await writeFile(path.join(this.dir, SITE_FILE), text);
  }

  /**
   * Writes one page's view as the `position`-th page of the site. Pages may be written in any
   * order (as their markdown is ready): the index and the digest follow the positions.
   */
  async page(view: PageView, base: string, position: number): Promise<void> {
    const bytes = Buffer.from(JSON.stringify(view));
    const at = { offset: this.#end, length: bytes.length };
    this.#end += bytes.length;
    this.#pages ??= open(path.join(this.dir, PAGES_FILE), 'w+');
    await (await this.#pages).write(bytes, 0, bytes.length, at.offset);
    const digest = sha256(bytes);
    this.#index[position] = { slug: slugOf(view.url, base), at, output: view.outputFile, digest };
    this.pageDigests.set(view.outputFile, digest);
  }

  /** Where each page view written is, in the site's order. */
  pageLocations(): PageLocation[] {
    return this.#entries().map(({ at }) => at);
  }

  /** A page's view as written (through the handle that wrote it). */
  async readPage(at: PageLocation): Promise<PageView> {
    if (!this.#pages) throw new Error('no page view has been written');
    const handle = await this.#pages;
    const bytes = Buffer.alloc(at.length);
    await handle.read(bytes, 0, at.length, at.offset);
    return JSON.parse(bytes.toString('utf8')) as PageView;
  }

  /** A digest of the build data written so far: equal digests mean Astro would build the same site. */
  digest(): string {
    const hash = createHash('sha256').update(this.#siteDigest);
    for (const entry of this.#entries()) hash.update('\0').update(entry.digest);
    return hash.digest('hex');
  }

  /** A digest of the site view alone (what every page shares). */
  siteDigest(): string {
    return this.#siteDigest;
  }

  #entries() {
    return this.#index.filter((entry) => entry !== undefined);
  }

  /** Writes the index of pages Astro builds: all of them, or all but the output files in `skip`. */
  async finish(skip: ReadonlySet<string> = new Set()): Promise<void> {
    await (await this.#pages)?.sync();
    const index = this.#entries()
      .filter((entry) => !skip.has(entry.output))
      .map(({ slug, at }) => ({ slug, at }));
    await writeFile(path.join(this.dir, INDEX_FILE), JSON.stringify(index));
  }

  /** Closes the pages file (the directory itself is the render's to remove). */
  async close(): Promise<void> {
    await (await this.#pages)?.close();
    this.#pages = undefined;
  }
}

function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `/docs/guides/install/` under base `/docs/` → `guides/install`. */
export function slugOf(url: string, base: string): string | undefined {
  const below = url.startsWith(base) ? url.slice(base.length) : url;
  const slug = below.replace(/^\/+|\/+$/g, '');
  return slug === '' ? undefined : slug;
}

const siteViews = new Map<string, SiteView>();

export function readSiteView(dir: string): SiteView {
  let view = siteViews.get(dir);
  if (!view) {
    view = JSON.parse(readFileSync(path.join(dir, SITE_FILE), 'utf8')) as SiteView;
    siteViews.set(dir, view);
  }
  return view;
}

export function readPageIndex(dir: string): PageIndexEntry[] {
  return JSON.parse(readFileSync(path.join(dir, INDEX_FILE), 'utf8')) as PageIndexEntry[];
}

/**
 * Open pages files by build data directory. Astro's build bundles this module afresh for each
 * build, so the map lives on `globalThis`, where the render that started the build finds it to
 * close the file once Astro is done.
 */
const OPEN_FILES = Symbol.for('offprint.build-data.pages');
const shared = globalThis as { [OPEN_FILES]?: Map<string, number> };
shared[OPEN_FILES] ??= new Map();
const pageFiles = shared[OPEN_FILES];

/** One page's view, read by Astro's route: the pages file stays open for the build. */
export function readPageView(dir: string, at: PageLocation): PageView {
  let fd = pageFiles.get(dir);
  if (fd === undefined) {
    fd = openSync(path.join(dir, PAGES_FILE), 'r');
    pageFiles.set(dir, fd);
  }
  const bytes = Buffer.alloc(at.length);
  readSync(fd, bytes, 0, at.length, at.offset);
  return JSON.parse(bytes.toString('utf8')) as PageView;
}

/** Closes what `readPageView` opened for `dir` (after Astro's build). */
export function closePageViews(dir: string): void {
  const fd = pageFiles.get(dir);
  if (fd !== undefined) closeSync(fd);
  pageFiles.delete(dir);
}
