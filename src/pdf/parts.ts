import type { Element } from 'hast';
import { h } from 'hastscript';
import { visit } from 'unist-util-visit';

/**
 * A long document is printed in parts of at most `PART_PAGES` site pages each, then merged
 * (src/pdf/merge.ts): Chromium's memory grows with what one print holds (docs/pdf.md has the
 * figures), so a part bounds it whatever the size of the section.
 */
export const PART_PAGES = 100;

/**
 * Where a link to a page of another part points while its part is printed: Chromium keeps it
 * as a web link, and the merge turns it into a jump to the named destination after `#`. The
 * print stylesheet (themes/default/styles/print.css) does not spell out links with this prefix.
 */
export const PART_LINK = 'https://offprint-part.invalid/';

/** A part's place in its document, for assembling it (src/pdf/assemble.ts). */
export interface DocumentPart {
  /** The document's index of the part's first page: anchors are numbered across the document. */
  first: number;
  /** The document's pages printed in other parts: URL path → their anchor (`p37`). */
  elsewhere: ReadonlyMap<string, string>;
  /** Only the first part has the cover. */
  cover: boolean;
}

/** `items` in runs of at most `size`. */
export function splitParts<T>(items: readonly T[], size = PART_PAGES): T[][] {
  const parts: T[][] = [];
  for (let at = 0; at < items.length; at += size) parts.push(items.slice(at, at + size));
  return parts;
}

/**
 * Hidden links to every id of a part's pages. Chromium writes a named destination only for an
 * element some link of the printed document points at, and the links from other parts are not
 * in it: these make every id a destination the merge can point them at. Hidden, they are
 * neither painted nor tagged.
 */
export function partTargets(sections: readonly Element[]): Element {
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
