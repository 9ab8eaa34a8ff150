import path from 'node:path';
import type { LocalPage } from '../../local-pages/index.ts';
import type { SiteModel } from '../../site/index.ts';
import { runAstroBuild } from '../astro.ts';
import { compileError } from '../astro-errors.ts';
import { onAstroPage } from '../astro-progress.ts';
import { readPageIndex } from '../build-data.ts';
import type { RenderRecords } from '../last-render.ts';
import type { RenderOptions } from '../options.ts';
import { progressCounter } from '../progress.ts';
import { copyReusedPages } from '../reuse-pages.ts';
import type { ThemeOverrides } from '../theme-overrides.ts';

/**
 * The astro phase: Astro lays out the pages the build data holds into the staged output, then
 * the pages reused from the last output are linked in beside them (reuse-pages.ts).
 */
export async function layOutPages(input: {
  options: RenderOptions;
  model: SiteModel;
  staged: string;
  buildDataDir: string;
  records: Pick<RenderRecords, 'renderDir'>;
  localPages: readonly LocalPage[];
  themeOverrides: ThemeOverrides;
  reused: ReadonlySet<string>;
}): Promise<void> {
  // The pages Astro renders, counted from its route against the index it renders from.
  const { onProgress } = input.options;
  const stopCounting = onProgress
    ? onAstroPage(progressCounter(onProgress, 'astro', readPageIndex(input.buildDataDir).length))
    : () => {};
  await runAstroBuild({
    outDir: input.staged,
    base: input.model.base,
    buildDataDir: input.buildDataDir,
    localPages: localModules(input.model, input.localPages),
    themeOverrides: input.themeOverrides,
    cacheDir: path.join(input.records.renderDir, 'astro'),
    verbose: input.options.verbose,
  })
    .catch((error: unknown) => {
      throw compileError(error);
    })
    .finally(stopCounting);
  await copyReusedPages(input.options.outDir, input.staged, input.reused);
}

/** Which file Astro renders for each local page, by page key. */
function localModules(model: SiteModel, localPages: readonly LocalPage[]): Record<string, string> {
  const byFile = new Map(localPages.map((local) => [local.file, local.absolutePath]));
  const modules: Record<string, string> = {};
  for (const page of model.pages) {
    const file = page.local && byFile.get(page.local.file);
    if (file) modules[page.key] = file;
  }
  return modules;
}
