import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Feed, type Item } from 'feed';
import { dirMaker } from '../utils/dir-maker.ts';
import type { FeedItem } from './feed-items.ts';
import { contained } from './site-files.ts';

/**
 * A page's updates as an RSS 2.0 and an Atom feed beside the page (`<page>/rss.xml`,
 * `<page>/atom.xml`; docs/hosting.md), written with the `feed` library. Nothing in them comes
 * from the clock: each item's date is its update's, and the feed's own is its newest item's, so
 * two renders of one snapshot write the same bytes.
 */

export const RSS_FILE = 'rss.xml';
export const ATOM_FILE = 'atom.xml';

/** Where a page's feeds are served (absolute, with the site's origin). */
export interface FeedUrls {
  rss: string;
  atom: string;
}

/** One page's feeds: what they say of the page, and its updates, newest first. */
export interface PageFeed {
  /** The page's absolute URL. */
  pageUrl: string;
  title: string;
  description: string;
  /** The site's language (`en`, `pt-BR`). */
  lang: string;
  /** The site: the feeds' author (Atom wants one), with its home page's absolute URL. */
  site: { title: string; url: string };
  urls: FeedUrls;
  items: FeedItem[];
}

/** A page's feed files, relative to the output, from its HTML file (`a/b/index.html`). */
export function feedFiles(outputFile: string): { rss: string; atom: string } {
  const dir = path.posix.dirname(outputFile);
  const at = (name: string) => (dir === '.' ? name : `${dir}/${name}`);
  return { rss: at(RSS_FILE), atom: at(ATOM_FILE) };
}

/** A page's feed URLs, from its absolute URL (which ends in `/`). */
export function feedUrls(pageUrl: string): FeedUrls {
  return { rss: new URL(RSS_FILE, pageUrl).href, atom: new URL(ATOM_FILE, pageUrl).href };
}

export function rssXml(feed: PageFeed): string {
  // RSS readers show a title as text and a description as HTML.
  return made(feed, (item) => ({
    title: cdataSafe(item.title),
    description: cdataSafe(item.html),
  })).rss2();
}

export function atomXml(feed: PageFeed): string {
  // Atom's title and content are both `type="html"`: the title is escaped as text.
  return made(feed, (item) => ({
    title: cdataSafe(escapeHtml(item.title)),
    content: cdataSafe(item.html),
  })).atom1();
}

function made(feed: PageFeed, text: (item: FeedItem) => Pick<Item, 'title'> & Partial<Item>) {
  const newest = feed.items[0];
  const out = new Feed({
    id: feed.pageUrl,
    title: feed.title,
    description: feed.description,
    link: feed.pageUrl,
    language: feed.lang,
    generator: 'Offprint',
    author: { name: feed.site.title, link: feed.site.url },
    feedLinks: { rss: feed.urls.rss, atom: feed.urls.atom },
    ...(newest ? { updated: new Date(newest.date) } : {}),
  });
  for (const item of feed.items) {
    const link = `${feed.pageUrl}#${encodeURIComponent(item.anchor)}`;
    out.addItem({
      ...text(item),
      id: link,
      link,
      date: new Date(item.date),
      ...(item.tags.length > 0
        ? { category: item.tags.map((name) => ({ name, term: name })) }
        : {}),
    });
  }
  return out;
}

/** Text put in a CDATA section: `]]>` would end it. */
function cdataSafe(text: string): string {
  return text.replaceAll(']]>', ']]&gt;');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Writes each page's two feeds into the output `dir`; returns the files written. */
export async function writeFeeds(
  dir: string,
  feeds: Iterable<{ outputFile: string; feed: PageFeed }>,
): Promise<string[]> {
  const makeDir = dirMaker();
  const written: string[] = [];
  for (const { outputFile, feed } of feeds) {
    const files = feedFiles(outputFile);
    const rss = contained(dir, files.rss);
    await makeDir(path.dirname(rss));
    await writeFile(rss, rssXml(feed));
    await writeFile(contained(dir, files.atom), atomXml(feed));
    written.push(files.rss, files.atom);
  }
  return written;
}
