import { type Command, Option } from 'commander';
import { withImageWorkshop } from '../image-workshop.ts';
import { addSiteOptions, type SiteOptions } from '../options.ts';
import { createOutput, type Output } from '../output.ts';
import { type ConfigFlag, guardRun } from '../run-guard.ts';
import type { OptionsOf, PdfConfig } from '../schemas/index.ts';
import { EXAMPLE_PAGES_DIR, EXAMPLE_THEME_DIR, withSite } from '../site-source.ts';
import { pdfScopeOption, renderWithPdfsFromCli } from './pdf.ts';
import { pullFromCli, withEarlyWork } from './pull.ts';
import { addRenderOptions, type RenderCliOptions, renderFromCli, reportRender } from './render.ts';

export type BuildCliOptions = SiteOptions & RenderCliOptions & OptionsOf<typeof PdfConfig>;

const EXAMPLES = `
Examples:
  $ OFFPRINT_TOKEN=... offprint build --org ORG_ID --site SITE_ID
  $ offprint build --token-file ~/.offprint-token --org ORG_ID --site SITE_ID --out public
  $ offprint build --example                   # the bundled example: no token, no network
  $ offprint build --org ORG_ID --site SITE_ID --change-request SPACE_ID:12`;

/** The options of `build`; `preview` builds with the same ones. */
export function addBuildOptions(command: Command): Command {
  return addRenderOptions(addSiteOptions(command)).option(
    '--example',
    'build the bundled example through the local platform (no token, no network)',
  );
}

/** The example shows off local pages and a theme override unless told otherwise. */
export function withExampleLocalFiles<T extends BuildCliOptions>(options: T): T {
  if (!options.example) return options;
  return {
    ...options,
    pages: options.pages ?? EXAMPLE_PAGES_DIR,
    theme: options.theme ?? EXAMPLE_THEME_DIR,
  };
}

export function registerBuild(program: Command): void {
  addBuildOptions(program.command('build'))
    .description('Pull the published site and render it into a static site')
    .addOption(new Option('--pdf', 'also print a PDF per section variant into <out>/pdf/'))
    .addOption(pdfScopeOption())
    .addOption(
      new Option('--chromium <path>', 'the Chromium to print PDFs with (default: on PATH)'),
    )
    .addHelpText('after', EXAMPLES)
    .action(async (options: BuildCliOptions & ConfigFlag) => {
      const output = createOutput(options);
      const local = withExampleLocalFiles(options);
      const run = {
        command: 'build',
        cache: options.cache,
        out: options.out,
        pages: local.pages,
        theme: local.theme,
        config: options.config,
        lockWait: options.lockWait,
        output,
      };
      const diagrams = { pdf: Boolean(options.pdf), chromium: options.chromium };
      // Cards are drawn ahead as the render will draw them: where the site's URL is known.
      const cards = { siteUrl: options.siteUrl, base: options.base };
      const ahead = {
        cacheDir: options.cache,
        diagrams,
        ...(options.shareCards !== false ? { cards } : {}),
      };
      await guardRun(run, () =>
        // Images are made as the pull's files land, diagrams drawn and specs loaded as pages and
        // specs land; the render goes on where they stopped.
        withImageWorkshop(options, (imageWorkshop) =>
          withEarlyWork(ahead, output, async (early) => {
            const images = imageWorkshop && {
              workshop: imageWorkshop,
              print: Boolean(options.pdf),
            };
            await withSite(options, (site) =>
              pullFromCli(site, options, output, { early, ...(images ? { images } : {}) }),
            );
            const rendering = { ...local, early, ...(imageWorkshop ? { imageWorkshop } : {}) };
            if (options.pdf) await renderWithPdfsFromCli(rendering, output);
            else reportRender(await renderFromCli(rendering, output), output);
          }),
        ),
      );
    });
}

export type { Output };
