import type { PageModel, SiteModel } from '../site/index.ts';

/**
 * Which PDFs a site makes and what goes into each: one per site space (a section's variant),
 * its shown pages in the site's reading order, which is the sidebar's order. Hidden pages stay
 * out, and so do site spaces and sections behind a visitor condition: a PDF is handed to
 * anyone, so it holds only what every visitor sees.
 */
export interface PdfDocumentPlan {
  /** The file under `<out>/pdf/`: from the site space's root URL, so it is stable. */
  fileName: string;
  siteSpaceId: string;
  sectionTitle?: string;
  variantTitle: string;
  /** More than one variant in its section: the cover names the variant. */
  hasVariants: boolean;
  pages: PageModel[];
}

export interface PdfPlan {
  documents: PdfDocumentPlan[];
  /** Site spaces left out, one line each. */
  skipped: string[];
}

export function planPdfDocuments(model: SiteModel): PdfPlan {
  const documents: PdfDocumentPlan[] = [];
  const skipped: string[] = [];
  const taken = new Set<string>();
  for (const space of model.siteSpaces) {
    const section = space.sectionId ? model.section(space.sectionId) : undefined;
    if (space.condition || section?.condition) {
      skipped.push(`${space.url}: shown only to some visitors (adaptive content), no PDF`);
      continue;
    }
    const pages = model.pages.filter((page) => page.siteSpaceId === space.id && !page.hidden);
    if (pages.length === 0) continue;
    documents.push({
      fileName: uniqueName(fileStem(space.url, model.base), taken),
      siteSpaceId: space.id,
      ...(section ? { sectionTitle: section.title } : {}),
      variantTitle: space.title,
      hasVariants: (section?.siteSpaceIds.length ?? 1) > 1,
      pages,
    });
  }
  return { documents, skipped };
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
