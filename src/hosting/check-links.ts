import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Parser } from 'htmlparser2';

/**
 * Our own crawl of a built output directory: every `href` and `src` of every HTML file that
 * points inside the site (a path under the base, or an absolute URL on the site's origin) must
 * be a file, or a directory with an `index.html`; a `#fragment` must be an `id` (or an `<a
 * name>`) in the target page. One pass: each HTML file is read and parsed once, keeping only its
 * ids and the distinct targets it links to; targets are checked against one listing of the
 * output at the end. The parser is htmlparser2's streaming one (`<script>` and `<style>` text
 * and comments are not markup, character references are decoded), with no tree built: it is
 * about twice as fast as parse5's tokenizer, which keeps the crawl a small share of the render.
 *
 * Memory: the scan of a 50,000-page site must not hold 50,000 pages of HTML. The parser's
 * attribute values are V8 substrings that keep the whole page's text alive, so nothing kept
 * past a page's parse is one of them: a page's ids are kept as one new string (JSON), and the
 * cache of parsed links keys on a copy.
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

/** What the pages link to: their ids and the distinct targets of their links. */
export interface LinkScan {
  base: string;
  pages: number;
  links: number;
  /** The ids of each HTML file (by its path in the output), as a JSON array. */
  idsOf: Map<string, string>;
  /** Target (path + fragment) → pages linking to it. */
  targets: Map<string, { url: URL; from: string[] }>;
}

/** Reads and checks in one go (the render splits it: see `scanLinks`). */
export async function crawlOutput(options: CrawlOptions): Promise<CrawlResult> {
  return checkLinks(await scanLinks(options), options.dir);
}

/**
 * Reads every HTML file of the output once. Only the HTML must be final: the files the links
 * point to are listed by `checkLinks`, so the scan can run while the rest of the output (the
 * search index, say) is still being written.
 */
export async function scanLinks(options: CrawlOptions): Promise<LinkScan> {
  const dir = path.resolve(options.dir);
  const htmlFiles = (await listFiles(dir, SEARCH_BUNDLE))
    .filter((file) => file.endsWith('.html'))
    .sort();
  const idsOf = new Map<string, string>();
  const targets = new Map<string, { url: URL; from: string[] }>();
  let links = 0;
  const parsed = new Map<string, URL | undefined>();
  const reads = htmlFiles.map(() => undefined as Promise<string> | undefined);
  const read = (i: number) => {
    const file = htmlFiles[i];
    if (file !== undefined) reads[i] ??= readFile(path.join(dir, file), 'utf8');
  };
  for (let i = 0; i < htmlFiles.length; i++) {
    for (let ahead = i; ahead < i + READ_AHEAD; ahead++) read(ahead);
    const file = htmlFiles[i] as string;
    const html = await (reads[i] as Promise<string>);
    reads[i] = undefined;
    const pageUrl = pageUrlOf(file, options.base);
    const ids: string[] = [];
    const seen = new Set<string>();
    const parser = new Parser(
      {
        onopentag(tagName, attrs) {
          if (attrs.id) ids.push(attrs.id);
          if (tagName === 'a' && attrs.name) ids.push(attrs.name);
          for (const value of [attrs.href, attrs.src]) {
            if (!value) continue;
            const url = internalUrl(value, pageUrl, options, parsed);
            if (!url) continue;
            const key = `${url.pathname}${url.hash}`;
            if (seen.has(key)) continue;
            seen.add(key);
            links++;
            const entry = targets.get(key);
            if (entry) entry.from.push(pageUrl);
            else targets.set(key, { url, from: [pageUrl] });
          }
        },
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    );
    parser.end(html);
    idsOf.set(file, JSON.stringify(ids));
  }

  return { base: options.base, pages: htmlFiles.length, links, idsOf, targets };
}

/** Checks a scan's targets against what the output directory holds now. */
export async function checkLinks(scan: LinkScan, dir: string): Promise<CrawlResult> {
  const files = new Set(await listFiles(path.resolve(dir)));
  const broken: OutputBrokenLink[] = [];
  const idSets = new Map<string, Set<string>>();
  const hasId = (file: string, id: string) => {
    let ids = idSets.get(file);
    if (!ids) {
      ids = new Set(JSON.parse(scan.idsOf.get(file) ?? '[]') as string[]);
      idSets.set(file, ids);
    }
    return ids.has(id);
  };
  for (const [key, { url, from }] of scan.targets) {
    const file = servedFile(files, decodePath(url.pathname.slice(scan.base.length)));
    const anchor = url.hash.length > 1 ? decodePath(url.hash.slice(1)) : '';
    let reason: OutputBrokenLink['reason'] | undefined;
    if (file === undefined) reason = 'missing';
    else if (anchor && file.endsWith('.html') && !hasId(file, anchor)) reason = 'no-anchor';
    if (reason) for (const page of from) broken.push({ page, target: key, reason });
  }
  broken.sort((a, b) => a.page.localeCompare(b.page) || a.target.localeCompare(b.target));
  return { pages: scan.pages, links: scan.links, broken };
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

/** Written by the search step (src/search), never HTML. */
const SEARCH_BUNDLE = new Set(['pagefind']);

/** `guides/install/index.html` → `/base/guides/install/`; other files keep their name. */
function pageUrlOf(file: string, base: string): string {
  const dir = file.endsWith('index.html') ? file.slice(0, -'index.html'.length) : file;
  return `${base}${dir.split('/').map(encodeURIComponent).join('/')}`;
}

const PAGE_INDEPENDENT = /^(\/(?!\/)|https?:)/i;

/**
 * The link as a URL when it points inside the site (under the base), else undefined. Links
 * that do not depend on the page they are on (`/docs/a/`, `https://…`) are parsed once per
 * crawl: most links of a site are its navigation, the same on every page.
 */
function internalUrl(
  value: string,
  pageUrl: string,
  options: CrawlOptions,
  parsed: Map<string, URL | undefined>,
): URL | undefined {
  if (!PAGE_INDEPENDENT.test(value)) return resolveInternal(value, pageUrl, options);
  if (parsed.has(value)) return parsed.get(value);
  const url = resolveInternal(value, pageUrl, options);
  parsed.set(detached(value), url);
  return url;
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

function decodePath(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
