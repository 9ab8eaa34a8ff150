import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CopyLink } from '../markdown/types.ts';
import type { SpecProvider } from '../openapi/types.ts';
import type { PageModel, SiteModel } from '../site/index.ts';
import { dirMaker } from '../utils/dir-maker.ts';
import { localizeFileUrls, localPageLinks, spliceCopyLinks } from './copy-urls.ts';
import { mentionsDownloadHost, siteFileUrl } from './download-urls.ts';
import { type PageFeed, writeFeeds } from './feeds.ts';
import { llmsFullEntry } from './llms-full.ts';
import { markdownCopy, markdownFileFor, markdownUrlFor } from './markdown-copy.ts';
import { expandOpenapiBlocks } from './openapi-copy.ts';
import { contained, type ListedPage, type SiteHosting, writeSiteFiles } from './site-files.ts';

/**
 * The files a host needs beside the pages, written into the staged output before it is
 * swapped in: robots.txt, sitemap.xml, llms.txt and llms-full.txt, a `.md` copy of each page
 * (its file URLs pointing at the site's own copies, src/hosting/copy-urls.ts), the feeds of
 * pages with updates (feeds.ts) and `_headers` (docs/hosting.md).
 */

export interface HostingInput {
  model: SiteModel;
  /** The staged output directory. */
  dir: string;
  /** The site's origin (src/hosting/site-url.ts); without one there is no sitemap. */
  origin?: string;
  /** A public site: indexed by search engines. */
  indexed: boolean;
  /**
   * Each page's source markdown from the snapshot (undefined: none stored), as the render read
   * it: the offsets of `copyLinks` are in this text.
   */
  markdownOf(page: PageModel): Promise<string | undefined>;
  /** The links of each page's copy, found and resolved by the render, by page key. */
  copyLinks?: ReadonlyMap<string, readonly CopyLink[]>;
  /** Each page's meta description, by page key. */
  descriptions: ReadonlyMap<string, string>;
  /** The feeds of pages with updates, by page key (src/render/stages/feeds.ts). */
  feeds?: ReadonlyMap<string, PageFeed>;
  /** The render's OpenAPI specs: a block with its spec becomes readable markdown in the copy. */
  openapi?: SpecProvider;
  /** The PDFs the output will hold (`--pdf`): listed in sitemap.xml and llms.txt as files. */
  pdfs?: readonly { url: string; title: string }[];
  /** The HTML's Content-Security-Policy (csp.ts), for `_headers`. */
  csp?: string;
}

export interface HostingResult {
  files: string[];
  markdownCopies: number;
  sitemapUrls: number;
  /** The size of llms-full.txt, when the site is public and has it. */
  llmsFullBytes?: number;
  warnings: string[];
}

/** Pages a search engine (or an LLM crawler) is invited to: shown and without any noindex. */
export function listedPages(model: SiteModel): PageModel[] {
  return model.pages.filter((page) => !page.hidden && !page.robotsNoIndex);
}

/** The site's hosting facts, from the model and the pages stage's descriptions. */
export function siteHosting(
  input: Pick<HostingInput, 'model' | 'origin' | 'indexed' | 'descriptions' | 'pdfs' | 'csp'>,
): SiteHosting {
  const { model } = input;
  const home = model.pages.find((page) => page.url === model.base);
  const homeDescription = home ? input.descriptions.get(home.key) : undefined;
  return {
    title: model.title,
    base: model.base,
    indexed: input.indexed,
    ...(input.origin !== undefined ? { origin: input.origin } : {}),
    ...(homeDescription ? { homeDescription } : {}),
    ...(input.pdfs ? { pdfs: input.pdfs } : {}),
    ...(input.csp ? { csp: input.csp } : {}),
  };
}

/** The listed pages among `pages`, as the hosting files name them. */
export function listedEntries(
  input: Pick<HostingInput, 'model' | 'origin' | 'indexed' | 'descriptions' | 'feeds'>,
  pages: readonly PageModel[],
  positionOf: (page: PageModel) => number,
): ListedPage[] {
  if (!input.indexed) return [];
  const { model, origin } = input;
  return pages
    .filter((page) => !page.hidden && !page.robotsNoIndex)
    .map((page) => {
      const copyUrl = markdownUrlFor(page.url, model.base);
      const description = input.descriptions.get(page.key);
      const feed = input.feeds?.get(page.key);
      const alternates = origin
        ? model.languageAlternatesFor(page.key).map((alternate) => ({
            hreflang: alternate.hreflang,
            href: `${origin}${alternate.url}`,
          }))
        : [];
      return {
        position: positionOf(page),
        siteSpaceId: page.siteSpaceId,
        heading: partTitle(model, page),
        title: page.title,
        copyUrl: origin ? `${origin}${copyUrl}` : copyUrl,
        ...(description ? { description } : {}),
        ...(origin ? { loc: `${origin}${page.url}` } : {}),
        ...(page.updatedAt ? { lastmod: page.updatedAt } : {}),
        ...(feed ? { feeds: feed.urls } : {}),
        ...(alternates.length > 0 ? { alternates } : {}),
      };
    });
}

export type { ListedPage, SiteHosting } from './site-files.ts';

export async function writeHostingFiles(input: HostingInput): Promise<HostingResult> {
  const { model, origin } = input;
  const warnings: string[] = [];
  const planned = plannedCopies(input, model.pages, warnings);
  const listed = input.indexed ? listedPages(model) : [];
  // The copies, made in the pages' order: llms-full.txt is written from them as they come.
  const written = new Map<string, string>();
  const copies = writeMarkdownCopies(input, model.pages, planned, written);
  // Before the site's files: `_headers` names the home page's feeds at the root.
  await writePageFeeds(input, model.pages);
  const inFull = new Set(listed);
  const fullEntries = (async function* () {
    for await (const { page, text } of copies)
      if (inFull.has(page)) yield llmsFullEntry(`${origin ?? ''}${page.url}`, text);
  })();
  if (!input.indexed) for await (const _ of fullEntries);
  const positions = new Map(model.pages.map((page, at) => [page, at]));
  const files = await writeSiteFiles(
    input.dir,
    siteHosting(input),
    listedEntries(input, listed, (page) => positions.get(page) ?? -1),
    fullEntries,
  );
  return { ...files, markdownCopies: written.size, warnings: [...warnings, ...files.warnings] };
}

/**
 * One part's share of the hosting files (src/shard): the `.md` copies of its pages, and what
 * the merge needs to write the site's own files: its listed pages, and their llms-full.txt
 * entries, handed to `entry` in site order as they are made.
 */
export async function writePartHosting(
  input: HostingInput & {
    /** The part's pages, in site order. */
    pages: readonly PageModel[];
    positionOf: (page: PageModel) => number;
    entry: (page: ListedPage, text: string) => Promise<void>;
  },
): Promise<{ listed: ListedPage[]; markdownCopies: number; warnings: string[] }> {
  const warnings: string[] = [];
  // Planned for every page: a copy links to the copies of pages other parts write.
  const planned = plannedCopies(input, input.model.pages, warnings, new Set(input.pages));
  await writePageFeeds(input, input.pages);
  const listed = listedEntries(input, input.pages, input.positionOf);
  const byPosition = new Map(listed.map((page) => [page.position, page]));
  const written = new Map<string, string>();
  for await (const { page, text } of writeMarkdownCopies(input, input.pages, planned, written)) {
    const entry = byPosition.get(input.positionOf(page));
    if (entry) await input.entry(entry, llmsFullEntry(`${input.origin ?? ''}${page.url}`, text));
  }
  return { listed, markdownCopies: written.size, warnings };
}

/** The feeds of those of `pages` that have them, beside each page. */
async function writePageFeeds(input: HostingInput, pages: readonly PageModel[]): Promise<void> {
  const { feeds } = input;
  if (!feeds || feeds.size === 0) return;
  await writeFeeds(
    input.dir,
    pages.flatMap((page) => {
      const feed = feeds.get(page.key);
      return feed ? [{ outputFile: page.outputFile, feed }] : [];
    }),
  );
}

/**
 * The copy file of each page that gets one (by page): a page whose own path ends in `.md` would
 * sit where a copy goes, and the page wins. Known before any is written: copies link to copies.
 */
function plannedCopies(
  input: HostingInput,
  pages: readonly PageModel[],
  warnings: string[],
  /** The pages whose missing copy this render tells (all when undefined). */
  told?: ReadonlySet<PageModel>,
): Map<PageModel, string> {
  const owners = copyOwners(input.model.pages);
  const planned = new Map<PageModel, string>();
  for (const page of pages) {
    const relative = markdownFileFor(page.outputFile);
    if (owners.get(relative) !== page || existsSync(contained(input.dir, relative))) {
      if (!told || told.has(page))
        warnings.push(`${page.url}: no .md copy, ${relative} is taken by another page`);
      continue;
    }
    planned.set(page, relative);
  }
  return planned;
}

/** Copies made ahead of the one being written out: the pool's reads and writes stay busy. */
const AHEAD = 16;

/**
 * Makes every page's copy, in the pages' order, and writes those that have a file (recorded in
 * `written`, by page key); yields each page with its copy. A few pages are made ahead, so only
 * those few copies are in memory, whatever the size of the site.
 */
async function* writeMarkdownCopies(
  input: HostingInput,
  pages: readonly PageModel[],
  planned: ReadonlyMap<PageModel, string>,
  written: Map<string, string>,
): AsyncGenerator<{ page: PageModel; text: string }> {
  const copyOf = copyMaker(input, planned);
  // Most pages share their directory with others: each is made once.
  const makeDir = dirMaker();
  const make = async (page: PageModel) => {
    const text = await copyOf(page);
    const relative = planned.get(page);
    if (relative !== undefined) {
      const target = contained(input.dir, relative);
      await makeDir(path.dirname(target));
      await writeFile(target, text);
      written.set(page.key, relative);
    }
    return text;
  };
  const made: (Promise<string> | undefined)[] = [];
  try {
    for (let i = 0; i < pages.length; i++) {
      for (let ahead = i; ahead < Math.min(i + AHEAD, pages.length); ahead++) {
        if (made[ahead]) continue;
        const making = make(pages[ahead] as PageModel);
        // Awaited in its turn; a failure before then is not an unhandled one.
        making.catch(() => {});
        made[ahead] = making;
      }
      const text = await (made[i] as Promise<string>);
      made[i] = undefined;
      yield { page: pages[i] as PageModel, text };
    }
  } finally {
    // Stopped early (a write failed): the copies in flight settle before the phase fails.
    await Promise.allSettled(made.filter(Boolean));
  }
}

/**
 * The page each copy file goes to. Two pages can want one file (the home page and a page at
 * `/index/` both want `index.md`): the one with the shorter output path has it, so the choice
 * is the same on every build rather than whichever write came last.
 */
function copyOwners(pages: readonly PageModel[]): Map<string, PageModel> {
  const owners = new Map<string, PageModel>();
  for (const page of pages) {
    const file = markdownFileFor(page.outputFile);
    const owner = owners.get(file);
    if (!owner || page.outputFile.length < owner.outputFile.length) owners.set(file, page);
  }
  return owners;
}

/**
 * A page's `.md` copy: its links where the HTML's lead (a page's copy where it has one), OpenAPI
 * blocks as markdown, file URLs the site's own, under its title. The file URL lookup is made
 * once for all pages, and each distinct URL looked up once: most pages show the same few images.
 */
function copyMaker(
  input: HostingInput,
  planned: ReadonlyMap<PageModel, string>,
): (page: PageModel) => Promise<string> {
  const { base } = input.model;
  const origin = input.origin ?? '';
  const copyUrls = new Map(
    [...planned.keys()].map((page) => [page.url, markdownUrlFor(page.url, base)]),
  );
  const linkTarget = (link: CopyLink) => {
    const url = link.page ? (copyUrls.get(link.url) ?? link.url) : link.url;
    const anchor = link.anchor ? `#${encodeURIComponent(link.anchor)}` : '';
    return `${url.startsWith('/') ? origin : ''}${url}${anchor}`;
  };
  const siteUrl = siteFileUrl(input.model, input.origin);
  const mayNameFile = mentionsDownloadHost(input.model);
  const known = new Map<string, string | undefined>();
  const localUrl = (url: string) => {
    if (known.has(url)) return known.get(url);
    const local = siteUrl(url);
    // A copy of the URL as the key: the URL itself is a slice that keeps its page's text alive.
    known.set(Buffer.from(url, 'utf8').toString('utf8'), local);
    return local;
  };
  return async (page) => {
    const markdown = (await input.markdownOf(page)) ?? '';
    const links =
      input.copyLinks?.get(page.key) ?? (page.local ? localPageLinks(markdown, page.url) : []);
    const linked = links.length > 0 ? spliceCopyLinks(markdown, links, linkTarget) : markdown;
    const source = await expandOpenapiBlocks(linked, {
      openapi: input.openapi,
      resolver: input.model.resolverFor(page.key),
      currentPath: page.source.path,
    });
    const localized = mayNameFile(source) ? localizeFileUrls(source, localUrl) : source;
    return markdownCopy(page.title, localized);
  };
}

/** A site space's heading: its section's title, with the site space's when the section has several. */
function partTitle(model: SiteModel, page: PageModel): string {
  const space = model.siteSpace(page.siteSpaceId);
  const section = page.sectionId ? model.section(page.sectionId) : undefined;
  if (!section) return space?.title ?? model.title;
  return section.siteSpaceIds.length > 1 && space
    ? `${section.title} (${space.title})`
    : section.title;
}
