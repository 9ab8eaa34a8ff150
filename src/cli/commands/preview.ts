import { type Command, Option } from 'commander';
import { parsedAsKey } from '../options.ts';
import { createOutput } from '../output.ts';
import { refuseUnsafePaths } from '../path-rules.ts';
import type { ConfigFlag } from '../run-guard.ts';
import type { OptionsOf, ServeConfig } from '../schemas/index.ts';
import { withSite } from '../site-source.ts';
import { addBuildOptions, type BuildCliOptions, withExampleLocalFiles } from './build.ts';

/** build's options, and preview's keys of `ServeConfig` as commander parses and defaults them. */
export type PreviewOptions = BuildCliOptions &
  ConfigFlag &
  Pick<
    OptionsOf<typeof ServeConfig, { port: number; host: string; interval: number }>,
    'port' | 'host' | 'watch' | 'interval'
  >;

const EXAMPLES = `
Examples:
  $ offprint preview --example                       # the bundled example at http://127.0.0.1:4321/docs/
  $ OFFPRINT_SHARE_KEY=... offprint preview --org ORG_ID --site SITE_ID --watch
  $ OFFPRINT_TOKEN=... offprint preview --org ORG_ID --site SITE_ID --change-request SPACE_ID:12 --watch --interval 5

Ctrl-C stops the server. The reload client is added to pages as they are served, never to the files in --out.`;

export function registerPreview(program: Command): void {
  addBuildOptions(program.command('preview'))
    .description('Build the site, serve it on localhost, and with --watch rebuild when it changes')
    .addOption(
      parsedAsKey(new Option('--port <n>', 'port to serve on (0 picks a free one)').default(4321)),
    )
    .addOption(new Option('--host <host>', 'interface to listen on').default('127.0.0.1'))
    .addOption(
      new Option(
        '--watch',
        "poll the site's revisions, rebuild what changed and reload open pages",
      ),
    )
    .addOption(
      parsedAsKey(
        new Option('--interval <seconds>', 'seconds between polls with --watch').default(10),
      ),
    )
    .addHelpText('after', EXAMPLES)
    .action(async (options: PreviewOptions) => {
      const output = createOutput(options);
      // Before the example's platform starts: the build's own check (run-guard.ts) comes after.
      const local = withExampleLocalFiles(options);
      refuseUnsafePaths({ ...local, config: options.config });
      // Loaded on use: the server, live reload and revision polling only preview needs.
      const { preview } = await import('../preview-session.ts');
      await withSite(options, (site) => preview(site, options, output));
    });
}
