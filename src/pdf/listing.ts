import type { SiteModel } from '../site/index.ts';
import type { Snapshot } from '../snapshot/read.ts';
import { partTitle } from './cover.ts';
import { type PdfScope, planPdfDocuments } from './documents.ts';

/** The folder of the output the PDFs go in. */
export const PDF_DIR = 'pdf';

/** One PDF the output will hold, as pages link to it and llms.txt and the sitemap list it. */
export interface PdfListing {
  /** Its URL path (`/docs/pdf/guides-v1.pdf`). */
  url: string;
  /** Its file under the output. */
  file: string;
  /**
   * The site spaces it prints (one, or every shown one for `site.pdf`): their pages offer it
   * as their "Download PDF".
   */
  siteSpaceIds: string[];
  /** Section and site space, as its cover names them; the site's title for `site.pdf`. */
  title: string;
}

/**
 * The PDFs a render with PDFs will hold, from the same plan `offprint pdf` prints: what the
 * render links and lists before Chromium has printed them (the render fails rather than
 * swap in an output whose listed PDFs are missing).
 */
export function pdfListing(model: SiteModel, scope?: PdfScope): PdfListing[] {
  return planPdfDocuments(model, { scope }).documents.map((document) => {
    const [only] = document.parts;
    const title =
      document.scope === 'site' || !only
        ? model.title
        : partTitle({
            ...(only.sectionTitle ? { sectionTitle: only.sectionTitle } : {}),
            ...(only.hasSiblingSpaces || !only.sectionTitle
              ? { siteSpaceTitle: only.siteSpaceTitle }
              : {}),
          });
    return {
      url: `${model.base}${PDF_DIR}/${document.fileName}`,
      file: `${PDF_DIR}/${document.fileName}`,
      siteSpaceIds: document.parts.map((part) => part.siteSpaceId),
      title,
    };
  });
}

/** The revision of each space's content the snapshot holds, by space id (for the covers). */
export function spaceRevisions(snapshot: Snapshot): Map<string, string> {
  return new Map(snapshot.manifest.spaces.map((s) => [s.spaceId, s.revision]));
}
