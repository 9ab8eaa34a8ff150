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
  readonly #index: PageIndexEntry[] = [];
  /** Everything written, in order: equal digests mean Astro would build the same site. */
  readonly #digest = createHash('sha256');

  constructor(readonly dir: string) {}

  async site(view: SiteView): Promise<void> {
    await mkdir(path.join(this.dir, 'pages'), { recursive: true });
    await writeFile(path.join(this.dir, SITE_FILE), this.#record(JSON.stringify(view)));
  }

  async page(view: PageView, base: string): Promise<void> {
    const file = `pages/${this.#index.length}.json`;
    await writeFile(path.join(this.dir, file), this.#record(JSON.stringify(view)));
    this.#index.push({ slug: slugOf(view.url, base), file });
  }

  /** A digest of the build data written so far. */
  digest(): string {
    return this.#digest.copy().digest('hex');
  }

  #record(text: string): string {
    this.#digest.update(text).update('\0');
    return text;
  }

  async finish(): Promise<void> {
    await writeFile(path.join(this.dir, INDEX_FILE), JSON.stringify(this.#index));
  }
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
