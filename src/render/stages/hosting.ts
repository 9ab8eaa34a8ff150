import { readFile } from 'node:fs/promises';
import { writeHostingFiles } from '../../hosting/index.ts';
import type { HostingInput } from '../../hosting/write-outputs.ts';
import type { LocalPage } from '../../local-pages/index.ts';
import { localPageBody } from '../../local-pages/index.ts';
import type { SpecProvider } from '../../openapi/types.ts';
import type { PageModel, SiteModel } from '../../site/index.ts';
import type { Snapshot } from '../../snapshot/read.ts';
import { storedMarkdown } from './markdown.ts';
import type { PagesReport } from './pages.ts';
import type { PdfPlan } from './pdf.ts';

/**
 * The hosting phase: robots.txt, sitemap.xml, llms.txt, the pages' `.md` copies and `_headers`
 * into the staged output (src/hosting); returns its warnings as the render reports them.
 */
export async function writeHosting(
  input: HostingStageInput,
): Promise<{ page: string; message: string }[]> {
  const hosting = await writeHostingFiles({
    ...hostingInput(input),
    pdfs: input.pdfs.listed,
  });
  return hosting.warnings.map((message) => ({ page: 'hosting', message }));
}

/** What the hosting phase reads of a render. */
export interface HostingStageInput {
  snapshot: Snapshot;
  model: SiteModel;
  staged: string;
  origin: string | undefined;
  localPages: readonly LocalPage[];
  /** The pages stage's findings: each page's description and its copy's links. */
  pages: Pick<PagesReport, 'descriptions' | 'copyLinks' | 'feeds'>;
  pdfs: PdfPlan;
  /** The render's OpenAPI specs: blocks with theirs become markdown in the `.md` copies. */
  openapi: SpecProvider;
  /** The HTML's Content-Security-Policy for `_headers` (stages/policy.ts); none when off. */
  csp?: string | undefined;
}

/** The hosting files' input from a render's (a whole site's, or one part's: stages/part.ts). */
export function hostingInput(input: Omit<HostingStageInput, 'pdfs'>): HostingInput {
  const { model } = input;
  return {
    model,
    dir: input.staged,
    origin: input.origin,
    indexed: !model.noIndex,
    markdownOf: markdownReader(input.snapshot, model, input.localPages),
    copyLinks: input.pages.copyLinks,
    descriptions: input.pages.descriptions,
    feeds: input.pages.feeds,
    openapi: input.openapi,
    ...(input.csp ? { csp: input.csp } : {}),
  };
}

/** Each page's markdown as its `.md` copy starts from it. */
export function markdownReader(
  snapshot: Snapshot,
  model: SiteModel,
  localPages: readonly LocalPage[],
): (page: PageModel) => Promise<string | undefined> {
  const localFiles = new Map(localPages.map((local) => [local.file, local.absolutePath]));
  const platformMarkdown = storedMarkdown(snapshot, model);
  return async (page) => {
    // A local page's copy is its own file's text; a platform page's, the snapshot's markdown.
    const file = page.local && localFiles.get(page.local.file);
    if (file) return localPageBody(await readFile(file, 'utf8'));
    return platformMarkdown(page);
  };
}
