import { readFile } from 'node:fs/promises';
import type { PageModel } from '../site/index.ts';
import { pathInside } from '../site/paths.ts';
import type { PrintDocument, RenderedPage } from './assemble.ts';
import type { CoverInfo } from './cover.ts';
import { mapOutline, type PdfDocumentPlan } from './documents.ts';

/**
 * A planned PDF with its pages as the render wrote them: what `assemblePrintDocument` lays out.
 * Page files are read only from inside the output directory.
 */
export async function printDocumentFor(
  plan: PdfDocumentPlan,
  site: { outDir: string; title: string; date: string },
): Promise<PrintDocument> {
  const read = async (page: PageModel): Promise<RenderedPage> => {
    const file = pathInside(site.outDir, page.outputFile);
    if (!file) throw new Error(`page file escapes the output: ${page.outputFile}`);
    const html = await readFile(file, 'utf8');
    return { url: page.url, aliases: page.aliases, title: page.title, html };
  };
  const whole = plan.scope === 'site';
  const only = whole ? undefined : plan.parts[0];
  const cover: CoverInfo = {
    title: site.title,
    date: site.date,
    ...(only?.sectionTitle ? { sectionTitle: only.sectionTitle } : {}),
    ...(only?.hasVariants ? { variantTitle: only.variantTitle } : {}),
    ...(only?.revision ? { revision: only.revision } : {}),
  };
  const parts = [];
  for (const part of plan.parts) {
    parts.push({
      // The part names its variant even when its section has one: the bookmark needs a title.
      ...(whole
        ? {
            opening: {
              ...(part.sectionTitle ? { sectionTitle: part.sectionTitle } : {}),
              ...(part.hasVariants || !part.sectionTitle
                ? { variantTitle: part.variantTitle }
                : {}),
              ...(part.revision ? { revision: part.revision } : {}),
            },
          }
        : {}),
      entries: await mapOutline(part.entries, read),
    });
  }
  return { cover, parts };
}
