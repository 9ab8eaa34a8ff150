import type { SiteModel } from '../site/index.ts';
import { planPdfDocuments } from './documents.ts';

/** The folder of the output the PDFs go in. */
export const PDF_DIR = 'pdf';

/** One PDF the output will hold, as pages link to it and llms.txt and the sitemap list it. */
export interface PdfListing {
  /** Its URL path (`/docs/pdf/guides-v1.pdf`). */
  url: string;
  /** Its file under the output. */
  file: string;
  /** The site space it prints; its pages offer it as their "Download PDF". */
  siteSpaceId: string;
  /** Section and variant, as its cover names them. */
  title: string;
}

/**
 * The PDFs a render with PDFs will hold, from the same plan `offprint pdf` prints: what the
 * render links and lists before Chromium has printed them (the render fails rather than
 * swap in an output whose listed PDFs are missing).
 */
export function pdfListing(model: SiteModel): PdfListing[] {
  return planPdfDocuments(model).documents.map((document) => ({
    url: `${model.base}${PDF_DIR}/${document.fileName}`,
    file: `${PDF_DIR}/${document.fileName}`,
    siteSpaceId: document.siteSpaceId,
    title:
      [document.sectionTitle, document.hasVariants ? document.variantTitle : undefined]
        .filter(Boolean)
        .join(' — ') || document.variantTitle,
  }));
}
