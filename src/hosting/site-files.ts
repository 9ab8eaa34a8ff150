import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathInside } from '../site/paths.ts';
import { HASHED_DIRS, headersFile } from './headers.ts';
import { type LlmsSection, llmsTxt } from './llms.ts';
import { LLMS_FULL_FILE, writeLlmsFullEntries } from './llms-full.ts';
import { robotsTxt } from './robots.ts';
import { sitemapXml } from './sitemap.ts';
import type { HostingResult } from './write-outputs.ts';

/**
 * The site's own hosting files (sitemap.xml, llms.txt, llms-full.txt, robots.txt, `_headers`),
 * written from the listed pages' entries: by a render of the whole site (write-outputs.ts), and
 * by `offprint merge` from the entries its parts' manifests carry (src/merge), so both write
 * them with the same code.
 */

/**
 * What the site's own hosting files (sitemap.xml, llms.txt, robots.txt) need of one listed page.
 * A part of a sharded render (src/shard) carries these in its manifest, and the merge writes
 * the files from every part's, sorted by `position`: with the same function as a whole render.
 */
export interface ListedPage {
  /** The page's position in the site's order. */
  position: number;
  siteSpaceId: string;
  /** Its heading in llms.txt: the section's title (with the site space's when it has several). */
  heading: string;
  title: string;
  /** Its `.md` copy's URL (absolute with a known origin), as llms.txt links it. */
  copyUrl: string;
  description?: string;
  /** Its absolute URL, in sitemap.xml (only with a known origin). */
  loc?: string;
  lastmod?: string;
  /** Its feeds of its updates (src/hosting/feeds.ts), listed under it in llms.txt. */
  feeds?: { rss: string; atom: string };
  /** Its language alternates, as its `<head>` lists them (only with a known origin). */
  alternates?: { hreflang: string; href: string }[];
}

/** What the hosting files need of the site as a whole. */
export interface SiteHosting {
  title: string;
  base: string;
  origin?: string;
  indexed: boolean;
  /** The home page's meta description: llms.txt's summary. */
  homeDescription?: string;
  pdfs?: readonly { url: string; title: string }[];
  /** The HTML's Content-Security-Policy (csp.ts), written into `_headers`. */
  csp?: string;
}

/**
 * The site's own hosting files into `dir`: llms-full.txt (from `fullEntries`, in site order) and
 * llms.txt when the site is public, sitemap.xml when its origin is known too, robots.txt, and
 * last `_headers`, whose rules name what `dir` holds then.
 */
export async function writeSiteFiles(
  dir: string,
  site: SiteHosting,
  listed: readonly ListedPage[],
  fullEntries: AsyncIterable<string>,
): Promise<Omit<HostingResult, 'markdownCopies'>> {
  const { origin } = site;
  const warnings: string[] = [];
  const files: string[] = [];
  const write = async (relative: string, text: string) => {
    const target = contained(dir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
    files.push(relative);
  };
  let llmsFullBytes: number | undefined;
  if (site.indexed) {
    llmsFullBytes = await writeLlmsFullEntries(contained(dir, LLMS_FULL_FILE), fullEntries);
    files.push(LLMS_FULL_FILE);
    await write('llms.txt', llmsTxt(llmsInput(site, listed)));
  }

  let sitemapUrls = 0;
  if (site.indexed && origin) {
    await write(
      'sitemap.xml',
      sitemapXml([
        ...listed.map((page) => ({
          loc: page.loc as string,
          lastmod: page.lastmod,
          ...(page.alternates ? { alternates: page.alternates } : {}),
        })),
        ...(site.pdfs ?? []).map((pdf) => ({ loc: `${origin}${pdf.url}` })),
      ]),
    );
    sitemapUrls = listed.length + (site.pdfs?.length ?? 0);
  } else if (site.indexed) {
    warnings.push('no site URL (the site has no hostname): pass --site-url to write sitemap.xml');
  }
  await write(
    'robots.txt',
    robotsTxt({
      indexed: site.indexed,
      base: site.base,
      ...(files.includes('sitemap.xml') ? { sitemapUrl: `${origin}${site.base}sitemap.xml` } : {}),
    }),
  );

  // Last: the rules name what the output holds.
  const top = await readdir(dir, { withFileTypes: true });
  const hashedTop = new Set(HASHED_DIRS.map((d) => d.split('/')[0]));
  await write(
    '_headers',
    headersFile({
      base: site.base,
      pageDirs: top
        .filter((e) => e.isDirectory() && !hashedTop.has(e.name) && e.name !== 'pagefind')
        .map((e) => e.name)
        .sort(),
      rootFiles: top
        .filter((e) => e.isFile() && e.name !== '_headers' && !e.name.endsWith('.md'))
        .map((e) => e.name)
        .sort(),
      ...(site.csp ? { csp: site.csp } : {}),
    }),
  );
  return {
    files,
    sitemapUrls,
    warnings,
    ...(llmsFullBytes !== undefined ? { llmsFullBytes } : {}),
  };
}

function llmsInput(site: SiteHosting, listed: readonly ListedPage[]) {
  const { origin } = site;
  const sections = new Map<string, LlmsSection>();
  for (const page of listed) {
    let section = sections.get(page.siteSpaceId);
    if (!section) {
      section = { title: page.heading, pages: [] };
      sections.set(page.siteSpaceId, section);
    }
    section.pages.push({
      title: page.title,
      url: page.copyUrl,
      ...(page.description ? { description: page.description } : {}),
      ...(page.feeds ? { feeds: page.feeds } : {}),
    });
  }
  const fullUrl = `${origin ?? ''}${site.base}${LLMS_FULL_FILE}`;
  // Each PDF is one site space in one file: listed once, after the pages.
  const pdfs: LlmsSection = {
    title: 'PDF',
    pages: (site.pdfs ?? []).map((pdf) => ({
      title: pdf.title,
      url: origin ? `${origin}${pdf.url}` : pdf.url,
    })),
  };
  return {
    title: site.title,
    ...(site.homeDescription ? { description: site.homeDescription } : {}),
    ...(listed.length > 0 ? { fullUrl } : {}),
    sections: [...sections.values(), pdfs],
  };
}

export function contained(dir: string, relative: string): string {
  const target = pathInside(dir, relative);
  if (!target) throw new Error(`path escapes the output: ${relative}`);
  return target;
}
