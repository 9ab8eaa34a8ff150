import { type Command, Option } from 'commander';
import type { ServeApiOptions } from '../../local-platform/cli.ts';
import { parsedAsKey, UsageError } from '../options.ts';

const EXAMPLES = `
Examples:
  $ offprint serve-api --example --port 4010 --token t
  $ curl -H 'Authorization: Bearer t' http://127.0.0.1:4010/v1/orgs
  $ offprint serve-api --dir my-site-folder      # docs/site-folder.md describes the folder
  $ offprint serve-api --example --rate-limit 60 --rate-window 60   # the platform's rate limit`;

export function registerServeApi(program: Command): void {
  program
    .command('serve-api')
    .description('Serve a site folder as the platform API (the local platform), until interrupted')
    .option('--example', 'serve the bundled example (examples/site)')
    .option('--dir <dir>', 'serve this site folder (docs/site-folder.md)')
    .addOption(
      parsedAsKey(new Option('--port <n>', 'port to listen on (0 picks a free one)').default(0)),
    )
    .addOption(
      new Option('--token <token>', 'require this Bearer token (a test token, not a platform one)'),
    )
    .addOption(
      parsedAsKey(
        new Option(
          '--rate-limit <n>',
          "answer 429 past N requests per window, as the platform's rate limit",
        ),
      ),
    )
    .addOption(
      parsedAsKey(
        new Option('--rate-window <seconds>', 'the rate-limit window in seconds (default 60)'),
      ),
    )
    .addHelpText('after', EXAMPLES)
    .action(async (options: ServeApiOptions & { port: number }) => {
      // Loaded on use: the local platform's modules are not needed by other commands.
      const { closeOnSignals, serveApi, ServeApiUsageError } = await import(
        '../../local-platform/cli.ts'
      );
      try {
        closeOnSignals(await serveApi(options));
      } catch (error) {
        if (error instanceof ServeApiUsageError) throw new UsageError(error.message);
        throw error;
      }
    });
}
