import { Command, CommanderError } from 'commander';
import { registerBuild } from './commands/build.ts';
import { registerPull } from './commands/pull.ts';
import { registerRender } from './commands/render.ts';
import { registerServeApi } from './commands/serve-api.ts';
import { formatError } from './errors.ts';

/**
 * `offprint`: the command line. Each command lives in ./commands and registers itself here.
 * Returns the exit code instead of exiting, so tests can run it in-process.
 */
export async function main(argv: string[]): Promise<number> {
  const program = new Command('offprint')
    .description('Turn a site published on the documentation platform into a static website.')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerBuild(program);
  registerPull(program);
  registerRender(program);
  registerServeApi(program);
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    console.error(`offprint: ${formatError(error)}`);
    return 1;
  }
}
