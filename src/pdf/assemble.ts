import type { Element, ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import { visit } from 'unist-util-visit';
import { stringsFor } from '../view/i18n/index.ts';
import { CHUNK_LINK, chunkTargets, type DocumentChunk } from './chunks.ts';
import type { CoverInfo } from './cover.ts';
import { coverPage, partPage } from './cover.ts';
import { clampLevel, groupHeading, levelPageHeadings } from './outline.ts';
import { type PageSheet, type PrintPart, pageAnchor, placeSheets, type Sheet } from './sheets.ts';

export { pageAnchor } from './sheets.ts';

/**
 * One print document from the rendered pages of a PDF: the cover, then each part (a site space;
 * a whole-site PDF opens each with a sheet of its own), then its pages in the sidebar's order,
 * each starting a new sheet with the headings of the sidebar groups it opens. The headings get
 * the sidebar's levels, which Chromium makes into the bookmarks (outline.ts).
 *
 * Ids are prefixed per page (`p3-install`) so that two pages' headings cannot collide, and a
 * link to a page inside the document becomes an anchor to it, which Chromium turns into a jump
 * inside the PDF. Links to pages outside the document go to the site's public URL, so they stay
 * clickable on paper's screen twin.
 *
 * Only the pages' stylesheets come along, never their scripts: the print stylesheet already
 * shows what the scripts would (every tab panel, collapsed blocks open). Adaptive regions
 * (`{% if %}`) are left out whole: a PDF is handed to anyone.
 */
export interface RenderedPage {
  /** Its canonical URL path (`/docs/getting-started/`). */
  url: string;
  /** Other URL paths that answer with it. */
  aliases: readonly string[];
  /** Its title: the heading printed when the page hides its own. */
  title: string;
  html: string;
}

export interface PrintDocument {
  cover: CoverInfo;
  parts: PrintPart<RenderedPage>[];
  printCopies?: PrintCopies;
}

/**
 * Each content image's print copy (a JPEG about 170 dpi wide on A4, src/images), by the URL of
 * the original the page's `img` names: Chromium puts a JPEG into a PDF as its bytes, where it
 * stores any other image as its pixels.
 */
export type PrintCopies = ReadonlyMap<string, string>;

/** What the screen shows but paper does not need (the page menu is only buttons), and what only
 * some visitors see. */
const LEFT_OUT = [
  '.op-page-menu',
  '[data-op-page-actions]',
  '[data-op-condition]',
  'script',
  'noscript',
];
/** Attributes that name other elements by id. */
const ID_REFERENCES = ['ariaLabelledBy', 'ariaDescribedBy', 'ariaControls', 'htmlFor'] as const;

export function assemblePrintDocument(document: PrintDocument): string {
  return assembleSheets(
    document.cover,
    placeSheets(document.parts),
    undefined,
    document.printCopies,
  );
}

/**
 * The print document of `sheets`: all of a document's, or one chunk of a long one (`chunk`:
 * its pages are numbered from the chunk's first, links to pages of other chunks are marked for
 * the merge, and only the first chunk has the cover).
 */
export function assembleSheets(
  cover: CoverInfo,
  sheets: readonly Sheet<RenderedPage>[],
  chunk?: DocumentChunk,
  printCopies: PrintCopies = new Map(),
): string {
  const pages = sheets.filter((sheet): sheet is PageSheet<RenderedPage> => sheet.kind === 'page');
  if (pages.length === 0) throw new Error('a print document needs at least one page');
  const first = chunk?.first ?? 0;
  const anchors = new Map<string, string>();
  pages.forEach(({ page }, index) => {
    for (const url of [page.url, ...page.aliases]) anchors.set(url, pageAnchor(first + index));
  });
  const trees = new Map(pages.map((placed) => [placed, fromHtml(placed.page.html)]));
  const firstTree = trees.get(pages[0] as PageSheet<RenderedPage>) as Root;
  const links: LinkContext = {
    anchors,
    origin: canonicalOrigin(firstTree, pages[0]?.page.url ?? '/'),
    ...(chunk ? { elsewhere: chunk.elsewhere } : {}),
  };
  const html = select('html', firstTree);
  const lang = typeof html?.properties.lang === 'string' ? html.properties.lang : 'en';
  // The pages' own language: the words the cover adds are in it too.
  const { strings } = stringsFor(lang);
  let index = first;
  const sections: Element[] = [];
  const body = sheets.map((sheet) => {
    if (sheet.kind === 'part') return partPage(sheet.opening, 1, strings);
    const section = pageSection(trees.get(sheet) as Root, index++, sheet, links, printCopies);
    sections.push(section);
    return section;
  });
  const result = h('html', { lang, dataTheme: 'light' }, [
    h('head', [
      h('meta', { charset: 'utf-8' }),
      h('title', cover.title),
      ...stylesheets([...trees.values()]),
      h('style', PRINT_DOCUMENT_CSS),
    ]),
    h('body', { className: ['op-pdf'] }, [
      chunk && !chunk.cover ? undefined : coverPage(cover, headerLogo(firstTree), strings),
      h('main', { className: ['op-main'] }, body),
      chunk ? chunkTargets(sections) : undefined,
    ]),
  ]);
  return `<!doctype html>${toHtml(result)}`;
}

interface LinkContext {
  anchors: ReadonlyMap<string, string>;
  origin?: string;
  /** Pages printed in another chunk of the document: their links are joined by the merge. */
  elsewhere?: ReadonlyMap<string, string>;
}

function pageSection(
  tree: Root,
  index: number,
  placed: PageSheet<RenderedPage>,
  links: LinkContext,
  printCopies: PrintCopies,
): Element {
  const { page, level, groups } = placed;
  const prefix = pageAnchor(index);
  const article = select('article.op-article', tree) ?? h('article');
  for (const selector of LEFT_OUT)
    for (const node of selectAll(selector, article)) remove(node, article);
  levelPageHeadings(article, page.title, clampLevel(level));
  visit(article, 'element', (node) => {
    const props = node.properties;
    if (typeof props.id === 'string') props.id = `${prefix}-${props.id}`;
    for (const name of ID_REFERENCES) {
      const value = props[name];
      if (Array.isArray(value)) props[name] = value.map((id) => `${prefix}-${id}`);
    }
    if (node.tagName === 'a' && typeof props.href === 'string')
      props.href = rewriteHref(props.href, page.url, prefix, links);
    // A lazy image below the first sheet would be printed before it loads.
    if (node.tagName === 'img') delete props.loading;
    if (node.tagName === 'picture') printCopyOnly(node, printCopies);
    for (const name of ['src', 'poster'] as const) {
      if (typeof props[name] === 'string') props[name] = absolutePath(props[name], page.url);
    }
  });
  return h('section', { id: prefix, className: ['op-pdf-page', 'op-article'] }, [
    ...groups.map((group) => groupHeading(group.title, group.level)),
    ...article.children,
  ]);
}

/**
 * A picture whose image has a print copy prints that JPEG alone: the `img` takes its URL and the
 * screen's sources go, so what Chromium picks cannot depend on the width or pixel ratio it lays
 * the document out at. Without one (`--no-image-variants`), the picture prints as the screen's.
 */
function printCopyOnly(picture: Element, printCopies: PrintCopies): void {
  const img = picture.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'img',
  );
  const src = img?.properties.src;
  const copy = typeof src === 'string' ? printCopies.get(src) : undefined;
  if (!img || copy === undefined) return;
  img.properties.src = copy;
  picture.children = [img];
}

/**
 * `#x` → this page's `#p3-x`; a page of the document (with or without a fragment) → its
 * anchor; another path on the site → the site's public URL when known; anything else as it was.
 */
export function rewriteHref(
  href: string,
  pageUrl: string,
  prefix: string,
  links: LinkContext,
): string {
  if (href.startsWith('#')) return href.length > 1 ? `#${prefix}-${href.slice(1)}` : `#${prefix}`;
  let target: URL;
  try {
    target = new URL(href, `http://site.invalid${pageUrl}`);
  } catch {
    return href;
  }
  if (target.origin !== 'http://site.invalid') return href;
  const anchor = links.anchors.get(target.pathname);
  if (anchor) {
    const fragment = decodeURIComponent(target.hash.slice(1));
    return fragment ? `#${anchor}-${fragment}` : `#${anchor}`;
  }
  const elsewhere = links.elsewhere?.get(target.pathname);
  if (elsewhere) {
    const fragment = decodeURIComponent(target.hash.slice(1));
    return `${CHUNK_LINK}#${encodeURIComponent(fragment ? `${elsewhere}-${fragment}` : elsewhere)}`;
  }
  const path = `${target.pathname}${target.search}${target.hash}`;
  return links.origin ? `${links.origin}${path}` : path;
}

function absolutePath(value: string, pageUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('/')) return value;
  const resolved = new URL(value, `http://site.invalid${pageUrl}`);
  return `${resolved.pathname}${resolved.search}`;
}

/** The public origin, from the page's canonical link (`https://docs.acme.example`). */
function canonicalOrigin(tree: Root, pageUrl: string): string | undefined {
  const href = select('link[rel=canonical]', tree)?.properties.href;
  if (typeof href !== 'string') return undefined;
  try {
    const canonical = new URL(href);
    return canonical.pathname === pageUrl ? canonical.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Every stylesheet any page links, once, in first-seen order (KaTeX only comes with math). */
function stylesheets(trees: readonly Root[]): Element[] {
  const seen = new Set<string>();
  const links: Element[] = [];
  for (const tree of trees) {
    for (const link of selectAll('link[rel=stylesheet]', tree)) {
      const href = link.properties.href;
      if (typeof href !== 'string' || seen.has(href)) continue;
      seen.add(href);
      links.push(h('link', { rel: 'stylesheet', href }));
    }
  }
  return links;
}

/** The light logo of the site header, if the site has one. */
function headerLogo(tree: Root): Element | undefined {
  const logo = select('.op-header img', tree);
  if (!logo) return undefined;
  return h('img', {
    src: logo.properties.src,
    alt: logo.properties.alt ?? '',
    className: ['op-pdf-cover__logo'],
  });
}

function remove(node: Element, root: Element): void {
  visit(root, 'element', (parent) => {
    const at = parent.children.indexOf(node as ElementContent);
    if (at >= 0) parent.children.splice(at, 1);
  });
}

/** Sheets for the combined document: a page per site page, the cover on its own. */
const PRINT_DOCUMENT_CSS = `
@page { size: A4; margin: 18mm 16mm; }
.op-pdf .op-main { max-width: none; padding: 0; }
.op-pdf-page { break-before: page; }
.op-pdf-cover { display: flex; flex-direction: column; justify-content: center; min-height: 230mm; gap: 1.5rem; }
.op-pdf-cover__logo { max-width: 60mm; max-height: 30mm; object-fit: contain; align-self: flex-start; }
.op-pdf-cover__title { font-size: 2.4rem; font-weight: 700; margin: 0; }
.op-pdf-cover__part { font-size: 1.4rem; margin: 0; }
.op-pdf-cover__meta { color: #444; margin: 0; }
.op-pdf pre, .op-pdf pre code { white-space: pre-wrap; overflow-wrap: anywhere; }
.op-pdf-part { break-before: page; display: flex; flex-direction: column; justify-content: center; min-height: 230mm; gap: 1rem; }
.op-pdf-part__title { font-size: 2rem; font-weight: 700; margin: 0; }
.op-pdf-group { font-size: 1rem; font-weight: 600; color: #444; margin: 0 0 1rem; border-bottom: 1px solid #ccc; }
/* Chromium names a bookmark after the text it draws for the heading: one at the top of a sheet
   whose glyphs reach above its box is drawn clipped on the sheet before too, and its bookmark
   reads "WelcomeWelcome". Room in the box keeps the glyphs in; the clip makes sure. */
.op-pdf :is(h1, h2, h3, h4, h5, h6, [role=heading]) { padding-block: 0.15em; overflow: clip; }
`;
