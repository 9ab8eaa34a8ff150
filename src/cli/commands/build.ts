import type { Command } from 'commander';
import { addSiteOptions, type SiteOptions } from '../options.ts';
import { createOutput, type Output } from '../output.ts';
import { withSite } from '../site-source.ts';
import { pullFromCli } from './pull.ts';
import { addRenderOptions, type RenderCliOptions, renderFromCli, reportRender } from './render.ts';

export type BuildCliOptions = SiteOptions & RenderCliOptions & { example?: boolean };

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

export function registerBuild(program: Command): void {
  addBuildOptions(program.command('build'))
    .description('Pull the published site and render it into a static site')
    .addHelpText('after', EXAMPLES)
    .action(async (options: BuildCliOptions) => {
      const output = createOutput(options);
      await withSite(options, (site) => pullFromCli(site, options, output));
      reportRender(await renderFromCli(options, output), output);
    });
}

export type { Output };
