import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Tokenizer } from 'htmlparser2';
import { decodePercent } from '../markdown/decode.ts';
import { REVIEW_DIR } from '../site/review.ts';

/**
 * Our own crawl of a built output directory: every `href` and `src` of every HTML file that
 * points inside the site (a path under the base, or an absolute URL on the site's origin) must
 * be a file, or a directory with an `index.html`; a `#fragment` must be an `id` (or an `<a
 * name>`) in the target page. One pass: each HTML file is read and parsed once, keeping only its
 * ids and the distinct targets it links to; targets are checked against one listing of the
 * output at the end. The parser is htmlparser2's streaming one (`<script>` and `<style>` text
 * and comments are not markup, character references are decoded), with no tree built: it is
 * about twice as fast as parse5's tokenizer, which keeps the crawl a small share of the render.
 * A scan is plain data (each distinct target once, each page's links as indices into them), so
 * the render keeps the last output's scan and reads again only the pages it did not copy from
 * that output (src/render/last-links.ts).
 *
 * Memory: the scan of a 50,000-page site must not hold 50,000 pages of HTML. The parser's
 * attribute values are V8 substrings that keep the whole page's text alive, so nothing kept
 * past a page's parse is one of them: a page's ids are kept as one new string (JSON), its links
 * as numbers, and the cache of resolved links keys on a copy.
 */

export interface OutputBrokenLink {
  /** URL path of the page holding the link. */
  page: string;
  /** The link as resolved (path and fragment; the origin left out for site-relative links). */
  target: string;
  reason: 'missing' | 'no-anchor';
}

export interface CrawlResult {
  pages: number;
  /** Links to the site checked (one per page and distinct target). */
  links: number;
  broken: OutputBrokenLink[];
}

export interface CrawlOptions {
  dir: string;
  base: string;
  /** The site's origin: absolute links to it are checked too. */
  origin?: string;
}

const LOCAL = 'http://offprint.invalid';
/** Files are read ahead of the parser, a few at a time. */
const READ_AHEAD = 8;

/** One HTML file's part of a scan. */
export interface PageLinks {
  /** Its ids (and `<a name>`s), as one JSON array: one new string (see the memory note). */
  ids: string;
  /** The distinct targets it links to, as indices into the scan's `targets`. */
  links: number[];
}

/** What the pages link to: their ids and the distinct targets of their links. */
export interface LinkScan {
  base: string;
  origin?: string;
  /** Every distinct target linked to: path and fragment (`/docs/guide/#install`). */
  targets: string[];
  /** By HTML file (its path in the output). */
  pages: Map<string, PageLinks>;
}

/** Reads and checks in one go (the render splits it: see `scanLinks`). */
export async function crawlOutput(options: CrawlOptions): Promise<CrawlResult> {
  return checkLinks(await scanLinks(options), options.dir);
}

/**
 * Reads every HTML file of the output once. Only the HTML must be final: the files the links
 * point to are listed by `checkLinks`, so the scan can run while the rest of the output (the
 * search index, say) is still being written. The files in `known.files` are not read: they are
 * byte for byte the files `known.scan` read (pages copied from the last output).
 */
export async function scanLinks(
  options: CrawlOptions & { known?: { scan: LinkScan; files: ReadonlySet<string> } },
): Promise<LinkScan> {
  const dir = path.resolve(options.dir);
  const htmlFiles = (await listFiles(dir, SEARCH_BUNDLE))
    // A change request's removed pages, shown as they were: their links are not the site's.
    .filter((file) => file.endsWith('.html') && !file.startsWith(REMOVED_COPIES))
    .sort();
  const targets: string[] = [];
  const indexOf = new Map<string, number>();
  const targetIndex = (key: string) => {
    let index = indexOf.get(key);
    if (index === undefined) {
      index = targets.push(key) - 1;
      indexOf.set(key, index);
    }
    return index;
  };
  const known = sameSite(options.known?.scan, options) ? options.known : undefined;
  const knownPage = (file: string) =>
    known?.files.has(file) ? known.scan.pages.get(file) : undefined;
  const pages = new Map<string, PageLinks>();
  const parsed = new Map<string, number | undefined>();
  const toRead = htmlFiles.filter((file) => !knownPage(file));
  const reads = toRead.map(() => undefined as Promise<string> | undefined);
  const read = (i: number) => {
    const file = toRead[i];
    if (file !== undefined) reads[i] ??= readFile(path.join(dir, file), 'utf8');
  };
  let next = 0;
  for (const file of htmlFiles) {
    const page = knownPage(file);
    if (page && known) {
      const links = page.links.map((i) => targetIndex(known.scan.targets[i] as string));
      pages.set(file, { ids: page.ids, links });
      continue;
    }
    const i = next++;
    for (let ahead = i; ahead < i + READ_AHEAD; ahead++) read(ahead);
    const html = await (reads[i] as Promise<string>);
    reads[i] = undefined;
    pages.set(file, parsePage(html, pageUrlOf(file, options.base), options, parsed, targetIndex));
  }
  return { base: options.base, origin: options.origin, targets, pages };
}

/** A scan made with the same base and origin resolved every link as this one would. */
function sameSite(scan: LinkScan | undefined, options: CrawlOptions): scan is LinkScan {
  return scan !== undefined && scan.base === options.base && scan.origin === options.origin;
}

/** The attributes the scan reads; a tag's first of each name counts, as in a DOM. */
const ID = 0;
const NAME = 1;
const HREF = 2;
const SRC = 3;
const READ: Record<string, number> = { id: ID, name: NAME, href: HREF, src: SRC };

/**
 * One page's ids and the distinct internal targets it links to. htmlparser2's tokenizer, not its
 * parser: the scan reads four attributes, and the parser's tree bookkeeping and an attribute
 * object for every tag were most of the crawl's time. The tokenizer is what the parser reads
 * (`<script>`, `<style>` and comments are not markup, character references are decoded); a
 * value is built only for the attributes read.
 */
function parsePage(
  html: string,
  pageUrl: string,
  options: CrawlOptions,
  parsed: Map<string, number | undefined>,
  targetIndex: (key: string) => number,
): PageLinks {
  const ids: string[] = [];
  const links = new Set<number>();
  let isA = false;
  // This tag's values of the attributes read, by their index in READ (undefined: not seen).
  const values: (string | undefined)[] = [];
  let reading = -1;
  let value = '';
  const link = (href: string | undefined) => {
    if (!href) return;
    const target = internalTarget(href, pageUrl, options, parsed, targetIndex);
    if (target !== undefined) links.add(target);
  };
  const tagEnd = () => {
    const id = values[ID];
    if (id) ids.push(id);
    const name = values[NAME];
    if (isA && name) ids.push(name);
    link(values[HREF]);
    link(values[SRC]);
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        isA = end - start === 1 && (html.charCodeAt(start) | 0x20) === 0x61;
        values.length = 0;
      },
      onattribname(start, end) {
        const index = end - start <= 4 ? READ[html.slice(start, end).toLowerCase()] : undefined;
        reading = index !== undefined && values[index] === undefined ? index : -1;
        value = '';
      },
      onattribdata(start, end) {
        if (reading >= 0) value += html.slice(start, end);
      },
      onattribentity(codepoint) {
        if (reading >= 0) value += String.fromCodePoint(codepoint);
      },
      onattribend() {
        if (reading >= 0) values[reading] = value;
        reading = -1;
      },
      onopentagend: tagEnd,
      // `<img … />`: HTML reads it as an open tag.
      onselfclosingtag: tagEnd,
      oncdata() {},
      onclosetag() {},
      oncomment() {},
      ondeclaration() {},
      onend() {},
      onprocessinginstruction() {},
      ontext() {},
      ontextentity() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  // One new string: the ids are slices of the page's text.
  return { ids: JSON.stringify(ids), links: [...links] };
}

/** Checks a scan's targets against what the output directory holds now. */
export async function checkLinks(scan: LinkScan, dir: string): Promise<CrawlResult> {
  const files = new Set(await listFiles(path.resolve(dir)));
  const idSets = new Map<string, Set<string>>();
  const hasId = (file: string, id: string) => {
    let ids = idSets.get(file);
    if (!ids) {
      ids = new Set(JSON.parse(scan.pages.get(file)?.ids ?? '[]') as string[]);
      idSets.set(file, ids);
    }
    return ids.has(id);
  };
  const reasons = scan.targets.map((target): OutputBrokenLink['reason'] | undefined => {
    const hashAt = target.indexOf('#');
    const pathname = hashAt < 0 ? target : target.slice(0, hashAt);
    const file = servedFile(files, decodePercent(pathname.slice(scan.base.length)));
    const anchor = hashAt < 0 ? '' : decodePercent(target.slice(hashAt + 1));
    if (file === undefined) return 'missing';
    if (anchor && file.endsWith('.html') && !hasId(file, anchor)) return 'no-anchor';
    return undefined;
  });
  const broken: OutputBrokenLink[] = [];
  let links = 0;
  for (const [file, { links: targets }] of scan.pages) {
    links += targets.length;
    for (const target of targets) {
      const reason = reasons[target];
      if (reason)
        broken.push({
          page: pageUrlOf(file, scan.base),
          target: scan.targets[target] as string,
          reason,
        });
    }
  }
  broken.sort((a, b) => a.page.localeCompare(b.page) || a.target.localeCompare(b.target));
  return { pages: scan.pages.size, links, broken };
}

/**
 * Every file under `dir`, relative and `/`-separated. Top-level directories in `skip` are not
 * entered: the scan leaves out Pagefind's bundle, which is being written while it runs.
 */
async function listFiles(dir: string, skip: ReadonlySet<string> = new Set()): Promise<string[]> {
  const files: string[] = [];
  for (const top of await readdir(dir, { withFileTypes: true })) {
    if (top.isFile()) files.push(top.name);
    if (!top.isDirectory() || skip.has(top.name)) continue;
    const below = path.join(dir, top.name);
    for (const entry of await readdir(below, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
      files.push(relative.split(path.sep).join('/'));
    }
  }
  return files;
}

const REMOVED_COPIES = `${REVIEW_DIR}/removed/`;

/** Written by the search step (src/search), never HTML. */
const SEARCH_BUNDLE = new Set(['pagefind']);

/** `guides/install/index.html` → `/base/guides/install/`; other files keep their name. */
function pageUrlOf(file: string, base: string): string {
  const dir = file.endsWith('index.html') ? file.slice(0, -'index.html'.length) : file;
  return `${base}${dir.split('/').map(encodeURIComponent).join('/')}`;
}

const PAGE_INDEPENDENT = /^(\/(?!\/)|https?:)/i;

/**
 * The link's target (an index into the scan's targets) when it points inside the site (under
 * the base), else undefined. Links that do not depend on the page they are on (`/docs/a/`,
 * `https://…`) are resolved once per crawl: most links of a site are its navigation, the same
 * on every page.
 */
function internalTarget(
  value: string,
  pageUrl: string,
  options: CrawlOptions,
  parsed: Map<string, number | undefined>,
  targetIndex: (key: string) => number,
): number | undefined {
  const independent = PAGE_INDEPENDENT.test(value);
  if (independent && parsed.has(value)) return parsed.get(value);
  const url = resolveInternal(value, pageUrl, options);
  const target = url && targetIndex(`${url.pathname}${url.hash}`);
  if (independent) parsed.set(detached(value), target);
  return target;
}

/** A copy of `text` that does not point into the page's HTML (see the memory note above). */
function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function resolveInternal(value: string, pageUrl: string, options: CrawlOptions): URL | undefined {
  let url: URL;
  try {
    url = new URL(value, `${LOCAL}${pageUrl}`);
  } catch {
    return undefined;
  }
  const local = url.origin === LOCAL;
  if (!local && url.origin !== options.origin) return undefined;
  if (!url.pathname.startsWith(options.base)) return undefined;
  return url;
}

/** What a static host serves for a path below the base: the file, or the directory's index. */
function servedFile(files: ReadonlySet<string>, below: string): string | undefined {
  if (below === '' || below.endsWith('/')) {
    const index = `${below}index.html`;
    return files.has(index) ? index : undefined;
  }
  if (files.has(below)) return below;
  const index = `${below}/index.html`;
  return files.has(index) ? index : undefined;
}
