import { type Command, Option } from 'commander';
import { closeOnSignals, serveApi } from '../../local/cli.ts';

export function registerServeApi(program: Command): void {
  program
    .command('serve-api')
    .description('Serve a site folder as the platform API (the local platform), until interrupted')
    .option('--example', 'serve the bundled example (examples/site)')
    .option('--dir <dir>', 'serve this site folder (docs/site-folder.md)')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '0')
    .addOption(
      new Option('--token <token>', 'require this Bearer token (a test token, not a platform one)'),
    )
    .action(async (options: { example?: boolean; dir?: string; port: string; token?: string }) => {
      const platform = await serveApi(options);
      closeOnSignals(platform);
    });
}
