import type { Command } from 'commander';
import { addSiteOptions, type SiteOptions } from '../options.ts';
import { EXAMPLE_PAGES_DIR, EXAMPLE_THEME_DIR, withSite } from '../site-source.ts';
import { pullFromCli } from './pull.ts';
import { addRenderOptions, type RenderCliOptions, renderFromCli, reportRender } from './render.ts';

export function registerBuild(program: Command): void {
  addRenderOptions(addSiteOptions(program.command('build')))
    .description('Pull the published site and render it into a static site')
    .option(
      '--example',
      'build the bundled example through the local platform (no token, no network)',
    )
    .action(async (options: SiteOptions & RenderCliOptions & { example?: boolean }) => {
      await withSite(options, (site) => pullFromCli(site, options));
      // The example shows off local pages and a theme override unless told otherwise.
      const local = options.example
        ? { pages: options.pages ?? EXAMPLE_PAGES_DIR, theme: options.theme ?? EXAMPLE_THEME_DIR }
        : {};
      reportRender(await renderFromCli({ ...options, ...local }));
    });
}
