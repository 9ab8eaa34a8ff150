import type { PageModel, SidebarItem, SiteModel } from '../site/index.ts';

/**
 * Which PDFs a site makes and what goes into each. Scope `section` (the default) makes one per
 * site space; scope `site` makes one, `site.pdf`, with every site space in
 * site order. Each site space is a part: its sidebar's groups and pages in the sidebar's order,
 * which is the reading order. Hidden pages stay out, and so do site spaces and sections behind
 * a visitor condition: a PDF is handed to anyone, so it holds only what every visitor sees.
 */
export const PDF_SCOPES = ['section', 'site'] as const;
export type PdfScope = (typeof PDF_SCOPES)[number];

/** The one file of scope `site`. No section's file takes this name (see `planPdfDocuments`). */
export const SITE_PDF = 'site.pdf';

/**
 * A sidebar entry the PDF keeps, with what is nested under it. Link entries are left out: a
 * bookmark is a place in the PDF, and a link leads elsewhere; a group left with no page goes too.
 * `P` is the page: its model here, its rendered HTML when the document is assembled.
 */
export type PdfOutlineEntry<P = PageModel> =
  | { kind: 'group'; title: string; children: PdfOutlineEntry<P>[] }
  | { kind: 'page'; page: P; children: PdfOutlineEntry<P>[] };

/** One site space in a PDF. */
export interface PdfPart {
  siteSpaceId: string;
  sectionTitle?: string;
  siteSpaceTitle: string;
  /** More than one site space in its section: the cover names the site space. */
  hasSiblingSpaces: boolean;
  /** The revision of the space's content the snapshot holds, when known. */
  revision?: string;
  entries: PdfOutlineEntry[];
  /** Its pages in reading order (the entries' pages, depth first). */
  pages: PageModel[];
}

export interface PdfDocumentPlan {
  /** The file under `<out>/pdf/`: from the site space's root URL, so it is stable. */
  fileName: string;
  scope: PdfScope;
  parts: PdfPart[];
  /** Every page of the document, part after part. */
  pages: PageModel[];
}

export interface PdfPlan {
  documents: PdfDocumentPlan[];
  /** Site spaces left out, one line each. */
  skipped: string[];
}

export interface PdfPlanOptions {
  scope?: PdfScope;
  /** Space id → the revision the snapshot holds (the manifest's). */
  revisions?: ReadonlyMap<string, string>;
}

/** The whole sidebar of a site space, not the bounded view a page shows. */
const UNBOUNDED = { budget: Number.POSITIVE_INFINITY, window: Number.POSITIVE_INFINITY };

export function planPdfDocuments(model: SiteModel, options: PdfPlanOptions = {}): PdfPlan {
  const parts: PdfPart[] = [];
  const skipped: string[] = [];
  for (const space of model.siteSpaces) {
    const section = space.sectionId ? model.section(space.sectionId) : undefined;
    if (space.condition || section?.condition) {
      skipped.push(`${space.url}: shown only to some visitors (adaptive content), no PDF`);
      continue;
    }
    const shown = model.pages.filter((page) => page.siteSpaceId === space.id && !page.hidden);
    if (shown.length === 0 || !space.homeKey) continue;
    const entries = outlineOf(model.sidebarFor(space.homeKey, UNBOUNDED), model);
    const pages = pagesOf(entries);
    // A shown page the sidebar does not list cannot be placed in it: it closes the part.
    const listed = new Set(pages);
    for (const page of shown) {
      if (listed.has(page)) continue;
      entries.push({ kind: 'page', page, children: [] });
      pages.push(page);
    }
    const revision = options.revisions?.get(space.spaceId);
    parts.push({
      siteSpaceId: space.id,
      ...(section ? { sectionTitle: section.title } : {}),
      siteSpaceTitle: space.title,
      hasSiblingSpaces: (section?.siteSpaceIds.length ?? 1) > 1,
      ...(revision ? { revision } : {}),
      entries,
      pages,
    });
  }
  if (options.scope === 'site') {
    const documents: PdfDocumentPlan[] =
      parts.length === 0
        ? []
        : [{ fileName: SITE_PDF, scope: 'site', parts, pages: parts.flatMap((p) => p.pages) }];
    return { documents, skipped };
  }
  // Reserved whatever the scope, so that a section's file keeps its name across scopes.
  const taken = new Set([SITE_PDF]);
  const documents = parts.map(
    (part): PdfDocumentPlan => ({
      fileName: uniqueName(
        fileStem((model.siteSpace(part.siteSpaceId) as { url: string }).url, model.base),
        taken,
      ),
      scope: 'section',
      parts: [part],
      pages: part.pages,
    }),
  );
  return { documents, skipped };
}

/** Iterative, as the sidebar is built: a space's tree may be deep. */
function outlineOf(items: readonly SidebarItem[], model: SiteModel): PdfOutlineEntry[] {
  const entries: PdfOutlineEntry[] = [];
  const groups: { entry: PdfOutlineEntry; into: PdfOutlineEntry[] }[] = [];
  const tasks: { items: readonly SidebarItem[]; into: PdfOutlineEntry[] }[] = [
    { items, into: entries },
  ];
  while (tasks.length > 0) {
    const task = tasks.pop() as { items: readonly SidebarItem[]; into: PdfOutlineEntry[] };
    for (const item of task.items) {
      let entry: PdfOutlineEntry;
      if (item.kind === 'group') {
        entry = { kind: 'group', title: item.title, children: [] };
        groups.push({ entry, into: task.into });
      } else if (item.kind === 'page') {
        const page = model.page(item.key);
        if (!page || page.hidden) continue;
        entry = { kind: 'page', page, children: [] };
      } else continue;
      task.into.push(entry);
      if ('children' in item && item.children)
        tasks.push({ items: item.children, into: entry.children });
    }
  }
  // A group whose entries were all links would be an empty heading: innermost first.
  for (let i = groups.length - 1; i >= 0; i--) {
    const { entry, into } = groups[i] as { entry: PdfOutlineEntry; into: PdfOutlineEntry[] };
    if (entry.children.length === 0) into.splice(into.indexOf(entry), 1);
  }
  return entries;
}

/** The entries' pages, depth first: the reading order. */
export function pagesOf<P>(entries: readonly PdfOutlineEntry<P>[]): P[] {
  return walkOutline(entries).flatMap(({ entry }) => (entry.kind === 'page' ? [entry.page] : []));
}

/** Every entry with its depth (0 at the top), depth first; iterative, as trees may be deep. */
export function walkOutline<P>(
  entries: readonly PdfOutlineEntry<P>[],
): { entry: PdfOutlineEntry<P>; depth: number }[] {
  const out: { entry: PdfOutlineEntry<P>; depth: number }[] = [];
  const stack = [...entries].reverse().map((entry) => ({ entry, depth: 0 }));
  while (stack.length > 0) {
    const at = stack.pop() as { entry: PdfOutlineEntry<P>; depth: number };
    out.push(at);
    for (let i = at.entry.children.length - 1; i >= 0; i--)
      stack.push({ entry: at.entry.children[i] as PdfOutlineEntry<P>, depth: at.depth + 1 });
  }
  return out;
}

/**
 * `/docs/guides/v1/` under `/docs/` → `guides-v1`; the base itself → `index`. URL segments are
 * already safe (src/site/paths.ts), so the name is too.
 */
export function fileStem(url: string, base: string): string {
  const rest = url.startsWith(base) ? url.slice(base.length) : url;
  const segments = rest.split('/').filter(Boolean);
  return segments.length === 0 ? 'index' : segments.join('-');
}

/** `a-b/` and `a/b/` would share a name: the later one gets `-2`. */
function uniqueName(stem: string, taken: Set<string>): string {
  let name = `${stem}.pdf`;
  for (let n = 2; taken.has(name); n++) name = `${stem}-${n}.pdf`;
  taken.add(name);
  return name;
}
