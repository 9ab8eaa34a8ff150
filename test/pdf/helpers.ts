import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toText } from 'hast-util-to-text';
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import type { PageModel, SidebarItem, SiteModel } from '../../src/site/index.ts';

export type Pdf = Awaited<ReturnType<typeof getDocumentProxy>>;

/** A bookmark, or what one should be. */
export interface Bookmark {
  title: string;
  items: Bookmark[];
}

export async function openPdf(file: string): Promise<Pdf> {
  return getDocumentProxy(new Uint8Array(await readFile(file)));
}

/** The PDF's bookmarks as pdf.js reads them, titles and nesting only. */
export async function bookmarks(pdf: Pdf): Promise<Bookmark[]> {
  const strip = (items: readonly { title: string; items: unknown[] }[]): Bookmark[] =>
    items.map((item) => ({
      title: item.title,
      items: strip(item.items as { title: string; items: unknown[] }[]),
    }));
  return strip((await pdf.getOutline()) ?? []);
}

/**
 * What the bookmarks of a site space should be, from the site model's sidebar (all of it, not
 * a page's bounded view) and each page's rendered headings: groups with their pages, pages with
 * their headings, then their child pages. Links lead out of the PDF, so they have none; a page is
 * named by its title, as its sheet is.
 */
export async function expectedBookmarks(
  model: SiteModel,
  siteSpaceId: string,
  outDir: string,
): Promise<Bookmark[]> {
  const home = model.siteSpace(siteSpaceId)?.homeKey as string;
  const all = { budget: Number.POSITIVE_INFINITY, window: Number.POSITIVE_INFINITY };
  const walk = async (items: readonly SidebarItem[]): Promise<Bookmark[]> => {
    const out: Bookmark[] = [];
    for (const item of items) {
      if (item.kind === 'group') {
        const children = await walk(item.children);
        if (children.length > 0) out.push({ title: item.title, items: children });
      } else if (item.kind === 'page') {
        const page = model.page(item.key) as PageModel;
        const headings = headingTree(await renderedArticle(outDir, page));
        out.push({ title: page.title, items: [...headings, ...(await walk(item.children ?? []))] });
      }
    }
    return out;
  };
  return walk(model.sidebarFor(home, all));
}

/** The page's article as the render wrote it, with what the PDF leaves out removed. */
export async function renderedArticle(outDir: string, page: PageModel): Promise<Element> {
  const tree: Root = fromHtml(await readFile(path.join(outDir, page.outputFile), 'utf8'));
  const article = select('article.op-article', tree) as Element;
  for (const node of selectAll('[data-op-condition], .op-page-menu', article)) node.children = [];
  return article;
}

/** The headings below a page's title, nested by rank; their text without hidden decoration. */
function headingTree(article: Element): Bookmark[] {
  const top: Bookmark[] = [];
  const open: { rank: number; mark: Bookmark }[] = [];
  for (const heading of selectAll('h2, h3, h4, h5, h6', article)) {
    const rank = Number(heading.tagName[1]);
    for (const hidden of selectAll('[aria-hidden=true]', heading)) hidden.children = [];
    const mark = { title: toText(heading).trim(), items: [] };
    while (open.length > 0 && (open.at(-1) as { rank: number }).rank >= rank) open.pop();
    (open.at(-1)?.mark.items ?? top).push(mark);
    open.push({ rank, mark });
  }
  return top;
}

/** Image paints on every sheet: a raster image drawn once counts once. */
export async function imagePaints(pdf: Pdf): Promise<number> {
  const { OPS } = await getResolvedPDFJS();
  const paints = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageXObjectRepeat,
  ]);
  let count = 0;
  for (let n = 1; n <= pdf.numPages; n++) {
    const { fnArray } = await (await pdf.getPage(n)).getOperatorList();
    count += fnArray.filter((fn) => paints.has(fn)).length;
  }
  return count;
}

/** The fill colours painted on a sheet (`#1b2a49`). */
export async function fillColours(pdf: Pdf, sheet: number): Promise<Set<string>> {
  const { OPS } = await getResolvedPDFJS();
  const { fnArray, argsArray } = await (await pdf.getPage(sheet)).getOperatorList();
  const colours = new Set<string>();
  fnArray.forEach((fn, i) => {
    if (fn === OPS.setFillRGBColor) colours.add(String((argsArray[i] as unknown[])[0]));
  });
  return colours;
}

/** Text without white space: line breaks and wrapping do not matter to what is there. */
export function squash(text: string): string {
  return text.replace(/\s+/g, '');
}

export interface Jump {
  sheet: number;
  dest: string;
  to: number;
}

/** Every link of the PDF: jumps inside it with the sheet they land on, and web links. */
export async function pdfLinks(
  pdf: Pdf,
): Promise<{ jumps: Jump[]; web: string[]; broken: string[] }> {
  const jumps: Jump[] = [];
  const web: string[] = [];
  const broken: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    for (const annotation of await (await pdf.getPage(n)).getAnnotations()) {
      if (annotation.subtype !== 'Link') continue;
      if (typeof annotation.url === 'string') web.push(annotation.url);
      if (typeof annotation.dest !== 'string') continue;
      const dest = await pdf.getDestination(annotation.dest);
      if (!dest) broken.push(annotation.dest);
      else
        jumps.push({ sheet: n, dest: annotation.dest, to: (await pdf.getPageIndex(dest[0])) + 1 });
    }
  }
  return { jumps, web, broken };
}
