import { z } from 'zod';
import { PDF_SCOPES } from '../../pdf/documents.ts';
import { oneOf, text, toggle } from './fields.ts';

/** The PDFs printed beside the site (build --pdf, pdf; docs/pdf.md). */
export const PdfConfig = z.object({
  /** build: also print a PDF per site space into `<out>/pdf/`. */
  pdf: toggle().optional(),
  /** `section`: a PDF per site space; `site`: one, `site.pdf`, of them all. @default "section" */
  pdfScope: oneOf(PDF_SCOPES).optional(),
  /** The Chromium to print with. @default the first on PATH */
  chromium: text().optional(),
});
