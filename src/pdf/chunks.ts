import type { Element } from 'hast';
import { h } from 'hastscript';
import { visit } from 'unist-util-visit';
import { pageAnchor, type Sheet } from './sheets.ts';

/**
 * A long document is printed in chunks of at most `CHUNK_PAGES` site pages each, then merged
 * (src/pdf/merge.ts): Chromium's memory grows with what one print holds (docs/pdf.md has the
 * figures), so a chunk bounds it whatever the size of the document. ("Chunks", not "parts":
 * a part is a site space of a whole-site PDF, and a chunk may start or end inside one.)
 */
export const CHUNK_PAGES = 100;

/**
 * Where a link to a page of another chunk points while its chunk is printed: Chromium keeps it
 * as a web link, and the merge turns it into a jump to the named destination after `#`. The
 * print stylesheet (themes/default/styles/print.css) does not spell out links with this prefix.
 */
export const CHUNK_LINK = 'https://offprint-chunk.invalid/';

/** A chunk's place in its document, for assembling it (src/pdf/assemble.ts). */
export interface DocumentChunk {
  /** The document's index of the chunk's first page: anchors are numbered across the document. */
  first: number;
  /** The document's pages printed in other chunks: URL path → their anchor (`p37`). */
  elsewhere: ReadonlyMap<string, string>;
  /** Only the first chunk has the cover. */
  cover: boolean;
}

export interface Chunk<P> {
  sheets: Sheet<P>[];
  place: DocumentChunk;
}

/**
 * The sheets in runs of at most `size` pages, cut only between pages: a part's opening sheet
 * goes with the page after it. One chunk (the whole document) when it is short enough.
 */
export function splitChunks<P extends { url: string; aliases: readonly string[] }>(
  sheets: readonly Sheet<P>[],
  size = CHUNK_PAGES,
): Chunk<P>[] {
  const runs: Sheet<P>[][] = [];
  let run: Sheet<P>[] = [];
  let pagesInRun = 0;
  for (const sheet of sheets) {
    if (sheet.kind === 'page' && pagesInRun === size) {
      // A part's opening sheet at the end of the run belongs with this page.
      const carried = [];
      while (run.at(-1)?.kind === 'part') carried.unshift(run.pop() as Sheet<P>);
      runs.push(run);
      run = carried;
      pagesInRun = 0;
    }
    run.push(sheet);
    if (sheet.kind === 'page') pagesInRun++;
  }
  if (run.length > 0) runs.push(run);
  // Each page's anchor in the whole document, for the links other chunks make to it.
  const firstOf: number[] = [];
  const anchors: { urls: string[]; anchor: string }[][] = [];
  let index = 0;
  for (const r of runs) {
    firstOf.push(index);
    const here: { urls: string[]; anchor: string }[] = [];
    for (const sheet of r)
      if (sheet.kind === 'page')
        here.push({ urls: [sheet.page.url, ...sheet.page.aliases], anchor: pageAnchor(index++) });
    anchors.push(here);
  }
  return runs.map((sheetsOfRun, k) => {
    const elsewhere = new Map<string, string>();
    anchors.forEach((pages, other) => {
      if (other === k) return;
      for (const { urls, anchor: at } of pages) for (const url of urls) elsewhere.set(url, at);
    });
    return {
      sheets: sheetsOfRun,
      place: { first: firstOf[k] as number, elsewhere, cover: k === 0 },
    };
  });
}

/**
 * Hidden links to every id of a chunk's pages. Chromium writes a named destination only for an
 * element some link of the printed document points at, and the links from other chunks are not
 * in it: these make every id a destination the merge can point them at. Hidden, they are
 * neither painted nor tagged.
 */
export function chunkTargets(sections: readonly Element[]): Element {
  const ids: string[] = [];
  for (const section of sections) {
    visit(section, 'element', (node) => {
      if (typeof node.properties.id === 'string') ids.push(node.properties.id);
    });
  }
  return h(
    'div',
    { hidden: true, dataOpPdfTargets: '' },
    ids.map((id) => h('a', { href: `#${id}` })),
  );
}
