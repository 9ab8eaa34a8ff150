import { readFile } from 'node:fs/promises';
import type { PageModel } from '../site/index.ts';
import { pathInside } from '../site/paths.ts';
import type { RenderedPage } from './assemble.ts';
import type { CoverInfo } from './cover.ts';
import type { PdfDocumentPlan } from './documents.ts';
import type { PrintPart } from './sheets.ts';

/**
 * What a planned PDF prints: its cover and its parts (opening sheets in a whole-site PDF). The
 * pages stay models: a long document's pages are read chunk by chunk (`readRenderedPage`), so
 * what Offprint holds in memory is bounded too.
 */
export function printPlanFor(
  plan: PdfDocumentPlan,
  site: { title: string; date: string },
): { cover: CoverInfo; parts: PrintPart<PageModel>[] } {
  const whole = plan.scope === 'site';
  const only = whole ? undefined : plan.parts[0];
  const cover: CoverInfo = {
    title: site.title,
    date: site.date,
    ...(only?.sectionTitle ? { sectionTitle: only.sectionTitle } : {}),
    ...(only?.hasSiblingSpaces ? { siteSpaceTitle: only.siteSpaceTitle } : {}),
    ...(only?.revision ? { revision: only.revision } : {}),
  };
  const parts = plan.parts.map(
    (part): PrintPart<PageModel> => ({
      // The part names its site space even when its section has one: the bookmark needs a title.
      ...(whole
        ? {
            opening: {
              ...(part.sectionTitle ? { sectionTitle: part.sectionTitle } : {}),
              ...(part.hasSiblingSpaces || !part.sectionTitle
                ? { siteSpaceTitle: part.siteSpaceTitle }
                : {}),
              ...(part.revision ? { revision: part.revision } : {}),
            },
          }
        : {}),
      entries: part.entries,
    }),
  );
  return { cover, parts };
}

/** A page as the render wrote it; read only from inside the output directory. */
export async function readRenderedPage(outDir: string, page: PageModel): Promise<RenderedPage> {
  const file = pathInside(outDir, page.outputFile);
  if (!file) throw new Error(`page file escapes the output: ${page.outputFile}`);
  const html = await readFile(file, 'utf8');
  return { url: page.url, aliases: page.aliases, title: page.title, html };
}
