import type { Command } from 'commander';
import { addSiteOptions, type SiteOptions } from '../options.ts';
import { withSite } from '../site-source.ts';
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
      reportRender(await renderFromCli(options));
    });
}
