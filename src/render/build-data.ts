import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { type FileHandle, mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SidebarItem } from '../site/types.ts';
import { withPath } from '../utils/disk-errors.ts';
import type { PageView, SiteView } from '../view/view.ts';
import { freezeShape, markCurrent, type SidebarPath, splitCurrent } from './sidebar-shapes.ts';

/**
 * The hand-over from the render step to Astro: a directory with the site view, an index of
 * pages, and the pages' views, one JSON text after another in one file (a file per page cost
 * an open and a close each, when written and again when read). Astro's route reads one page
 * at a time by its place in that file, so memory does not grow with the size of the site.
 *
 * A page's sidebar is most of its view, and most pages share theirs with their siblings but for
 * which entry is current (`sidebar-shapes.ts`): each distinct shape is written once into the
 * pages file (`shapes.json` says where, by digest), and a page's record names its shape and the
 * current entry's path. Readers parse a shape once for the pages that share it.
 *
 * A page's record is its view's JSON without `html`, a newline, then the HTML as it is: the HTML
 * is most of a page's bytes, and as a JSON string it was escaped when written and unescaped when
 * read, for every page.
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
const SHAPES_FILE = 'shapes.json';

/** A page view as stored: its sidebar by reference, its HTML after the JSON. Its bytes are content
 * only (no offsets), so its digest says whether the page changed. */
type PageRecord = Omit<PageView, 'sidebar' | 'html'> & { sidebar: SidebarRef };

/** Ends a record's JSON (which holds no raw newline); the page's HTML follows. */
const NEWLINE = 0x0a;

interface SidebarRef {
  /** The digest of the shape's JSON. */
  shape: string;
  current?: SidebarPath;
}

export class BuildDataWriter {
  /** By position: the page views in the site's order, whatever order they were written in. */
  readonly #index: (PageIndexEntry & { output: string; digest: string })[] = [];
  #siteDigest = '';
  #pages: Promise<FileHandle> | undefined;
  /** Where the next page's JSON goes in the pages file (reserved before the write). */
  #end = 0;
  /** Each sidebar shape written, by the digest of its JSON. */
  readonly #shapes = new Map<string, PageLocation>();
  /** Each page's output file (relative to the output directory) → the digest of its view. */
  readonly pageDigests = new Map<string, string>();

  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  async site(view: SiteView): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const text = JSON.stringify(view);
    this.#siteDigest = sha256(text);
    await writeFile(path.join(this.dir, SITE_FILE), text);
  }

  /**
   * Writes one page's view as the `position`-th page of the site. Pages may be written in any
   * order (as their markdown is ready): the index and the digest follow the positions. Returns
   * the digest of the view.
   */
  async page(view: PageView, base: string, position: number): Promise<string> {
    const { sidebar, html, ...rest } = view;
    const { shape, current } = splitCurrent(sidebar);
    const shapeText = JSON.stringify(shape);
    const shapeDigest = sha256(shapeText);
    const record: PageRecord = { ...rest, sidebar: { shape: shapeDigest, current } };
    const bytes = Buffer.from(`${JSON.stringify(record)}\n${html}`);
    const { at, done } = this.#append(bytes);
    const writes = [done];
    // The shape's place is taken before any await: a sibling written meanwhile refers to it (its
    // bytes may still be on their way when the sibling's own write is done: nothing reads a
    // sidebar before every page's writes are done, and the search stage reads none).
    if (!this.#shapes.has(shapeDigest)) {
      const shapeWrite = this.#append(Buffer.from(shapeText));
      this.#shapes.set(shapeDigest, shapeWrite.at);
      writes.push(shapeWrite.done);
    }
    await withPath(path.join(this.dir, PAGES_FILE), () => Promise.all(writes));
    const digest = sha256(bytes);
    this.#index[position] = { slug: slugOf(view.url, base), at, output: view.outputFile, digest };
    this.pageDigests.set(view.outputFile, digest);
    return digest;
  }

  /** Reserves the next bytes of the pages file for `bytes` and writes them there. */
  #append(bytes: Buffer): { at: PageLocation; done: Promise<unknown> } {
    const at = { offset: this.#end, length: bytes.length };
    this.#end += bytes.length;
    this.#pages ??= open(path.join(this.dir, PAGES_FILE), 'w+');
    const pages = this.#pages;
    return { at, done: pages.then((handle) => handle.write(bytes, 0, bytes.length, at.offset)) };
  }

  /** The view written as the `position`-th page (through the handle that wrote it); its sidebar
   * is read only when asked for (the search stage never does). */
  async readPageAt(position: number): Promise<PageView> {
    const at = this.#index[position]?.at;
    if (!this.#pages || !at) throw new Error(`no page view was written at ${position}`);
    const handle = await this.#pages;
    return withSidebar(pageOf(readAt(handle.fd, at)), (digest) => {
      const shape = this.#shapes.get(digest);
      if (!shape) throw new Error(`no sidebar shape ${digest}`);
      return JSON.parse(readAt(handle.fd, shape).toString('utf8')) as SidebarItem[];
    });
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
    await writeFile(
      path.join(this.dir, SHAPES_FILE),
      JSON.stringify(Object.fromEntries(this.#shapes)),
    );
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
  const pages = fd;
  return withSidebar(pageOf(readAhead(dir, pages, at)), (digest) => readShape(dir, pages, digest));
}

/** A page's view from its record's bytes (the sidebar still by reference). */
function pageOf(bytes: Buffer): PageRecord & { html: string } {
  const end = bytes.indexOf(NEWLINE);
  const record = JSON.parse(bytes.toString('utf8', 0, end)) as PageRecord & { html: string };
  record.html = bytes.toString('utf8', end + 1);
  return record;
}

/**
 * The bytes at `at`, read through a window of the pages file: Astro asks for the pages in the
 * index's order, which is about the order they were written in, so most pages are in the
 * window the last read filled, and a page costs no read of its own.
 */
const WINDOW = 1 << 20;
let readWindow = { dir: '', fd: -1, offset: 0, bytes: Buffer.alloc(0) };

function readAhead(dir: string, fd: number, at: PageLocation): Buffer {
  let start = at.offset - readWindow.offset;
  const other = readWindow.dir !== dir || readWindow.fd !== fd;
  if (other || start < 0 || start + at.length > readWindow.bytes.length) {
    const bytes = Buffer.allocUnsafe(Math.max(WINDOW, at.length));
    const read = readSync(fd, bytes, 0, bytes.length, at.offset);
    if (read < at.length) throw new Error(`the pages file ends before ${at.offset + at.length}`);
    readWindow = { dir, fd, offset: at.offset, bytes: bytes.subarray(0, read) };
    start = 0;
  }
  return readWindow.bytes.subarray(start, start + at.length);
}

/** Where each sidebar shape is in the pages file, by build data directory. */
const shapeIndexes = new Map<string, Record<string, PageLocation>>();
/** Shapes parsed lately: pages come in the site's order, so siblings follow one another. */
const recentShapes = new Map<string, SidebarItem[]>();
const RECENT_SHAPES = 64;

function readShape(dir: string, fd: number, digest: string): SidebarItem[] {
  const key = `${dir}\0${digest}`;
  let shape = recentShapes.get(key);
  if (shape) {
    recentShapes.delete(key);
  } else {
    let index = shapeIndexes.get(dir);
    if (!index) {
      index = JSON.parse(readFileSync(path.join(dir, SHAPES_FILE), 'utf8')) as Record<
        string,
        PageLocation
      >;
      shapeIndexes.set(dir, index);
    }
    const at = index[digest];
    if (!at) throw new Error(`no sidebar shape ${digest} in ${dir}`);
    shape = freezeShape(JSON.parse(readAt(fd, at).toString('utf8')) as SidebarItem[]);
    if (recentShapes.size >= RECENT_SHAPES)
      recentShapes.delete(recentShapes.keys().next().value as string);
  }
  recentShapes.set(key, shape);
  return shape;
}

/** The view of a stored page: its sidebar, the shape with the current entry marked, is made on
 * first use (an alias page never uses it). */
function withSidebar(record: PageRecord, shapeOf: (digest: string) => SidebarItem[]): PageView {
  const { shape, current } = record.sidebar;
  return Object.defineProperty(record, 'sidebar', {
    configurable: true,
    enumerable: true,
    get(this: PageView) {
      const sidebar = markCurrent(shapeOf(shape), current);
      Object.defineProperty(this, 'sidebar', { value: sidebar, enumerable: true, writable: true });
      return sidebar;
    },
  }) as unknown as PageView;
}

function readAt(fd: number, at: PageLocation): Buffer {
  const bytes = Buffer.alloc(at.length);
  readSync(fd, bytes, 0, at.length, at.offset);
  return bytes;
}

/** Closes what `readPageView` opened for `dir` (after Astro's build). */
export function closePageViews(dir: string): void {
  const fd = pageFiles.get(dir);
  if (fd !== undefined) closeSync(fd);
  if (readWindow.dir === dir) readWindow = { dir: '', fd: -1, offset: 0, bytes: Buffer.alloc(0) };
  pageFiles.delete(dir);
  shapeIndexes.delete(dir);
}
