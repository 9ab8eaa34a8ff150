import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageView, SiteView } from './view.ts';

/**
 * The hand-over from the render step to Astro: a directory with the site view, an index of
 * pages and one JSON file per page. Astro's route reads one page at a time, so memory does not
 * grow with the size of the site.
 */

export interface PageIndexEntry {
  /** Astro's `[...slug]` param: the URL below the base, no slashes at the ends; undefined at the root. */
  slug: string | undefined;
  /** The page's JSON, relative to the build data directory. */
  file: string;
}

const SITE_FILE = 'site.json';
const INDEX_FILE = 'pages.json';

export class BuildDataWriter {
  /** By position: the page views in the site's order, whatever order they were written in. */
  readonly #index: (PageIndexEntry & { output: string; digest: string })[] = [];
  #siteDigest = '';
  /** Each page's output file (relative to the output directory) → the digest of its view. */
  readonly pageDigests = new Map<string, string>();

  constructor(readonly dir: string) {}

  async site(view: SiteView): Promise<void> {
    await mkdir(path.join(this.dir, 'pages'), { recursive: true });
    const text = JSON.stringify(view);
    this.#siteDigest = sha256(text);
    await writeFile(path.join(this.dir, SITE_FILE), text);
  }

  /**
   * Writes one page's view as the `position`-th page of the site. Pages may be written in any
   * order (as their markdown is ready): the index and the digest follow the positions.
   */
  async page(view: PageView, base: string, position: number): Promise<void> {
    const file = `pages/${position}.json`;
    const text = JSON.stringify(view);
    await writeFile(path.join(this.dir, file), text);
    const digest = sha256(text);
    this.#index[position] = { slug: slugOf(view.url, base), file, output: view.outputFile, digest };
    this.pageDigests.set(view.outputFile, digest);
  }

  /** Every page view written, in the site's order: its file under `dir`, and its output file. */
  pageFiles(): { file: string; output: string }[] {
    return this.#entries().map(({ file, output }) => ({ file, output }));
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
    const index = this.#entries()
      .filter((entry) => !skip.has(entry.output))
      .map(({ slug, file }) => ({ slug, file }));
    await writeFile(path.join(this.dir, INDEX_FILE), JSON.stringify(index));
  }
}

function sha256(text: string): string {
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

export function readPageView(dir: string, file: string): PageView {
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as PageView;
}
