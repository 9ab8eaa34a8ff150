import type { PartInfo } from './cover.ts';
import { type PdfOutlineEntry, walkOutline } from './documents.ts';

/**
 * A print document's tree (parts of sidebar groups and pages) laid out flat, in the order the
 * sheets are printed: what a long document is split into chunks along (src/pdf/chunks.ts). Each
 * page carries its bookmark level and the group headings that open its sheet, so a chunk that
 * starts inside a sidebar group prints its pages at the levels a single print would.
 *
 * `P` is the page: its model while planning, its rendered HTML when the sheets are assembled.
 */
export interface PrintPart<P> {
  /** Set when the part opens with a sheet of its own (a whole-site PDF). */
  opening?: PartInfo;
  entries: PdfOutlineEntry<P>[];
}

/** A sidebar group's heading, printed at the top of the sheet of its first page. */
export interface GroupHeading {
  title: string;
  level: number;
}

export type Sheet<P> =
  | { kind: 'part'; opening: PartInfo }
  | { kind: 'page'; page: P; level: number; groups: GroupHeading[] };

export type PageSheet<P> = Extract<Sheet<P>, { kind: 'page' }>;

export function placeSheets<P>(parts: readonly PrintPart<P>[]): Sheet<P>[] {
  const sheets: Sheet<P>[] = [];
  for (const part of parts) {
    // A part's own sheet is the top bookmark; its sidebar goes one level down.
    const base = part.opening ? 1 : 0;
    if (part.opening) sheets.push({ kind: 'part', opening: part.opening });
    let groups: GroupHeading[] = [];
    for (const { entry, depth } of walkOutline(part.entries)) {
      const level = base + depth + 1;
      if (entry.kind === 'group') groups.push({ title: entry.title, level });
      else {
        sheets.push({ kind: 'page', page: entry.page, level, groups });
        groups = [];
      }
    }
  }
  return sheets;
}

/** The id of the document's page at `index` (0-based), and the prefix of its ids: `p3`. */
export function pageAnchor(index: number): string {
  return `p${index + 1}`;
}

export function pageSheets<P>(sheets: readonly Sheet<P>[]): PageSheet<P>[] {
  return sheets.filter((sheet): sheet is PageSheet<P> => sheet.kind === 'page');
}

/** The same sheets with each page replaced (its model → its rendered HTML), one at a time. */
export async function mapSheets<P, Q>(
  sheets: readonly Sheet<P>[],
  map: (page: P) => Promise<Q>,
): Promise<Sheet<Q>[]> {
  const out: Sheet<Q>[] = [];
  for (const sheet of sheets)
    out.push(sheet.kind === 'page' ? { ...sheet, page: await map(sheet.page) } : sheet);
  return out;
}
