import { Command, CommanderError, Option } from 'commander';
import { registerBuild } from './commands/build.ts';
import { registerCheckConfig } from './commands/check-config.ts';
import { registerInit } from './commands/init.ts';
import { registerMcp } from './commands/mcp.ts';
import { registerMerge } from './commands/merge.ts';
import { registerPdf } from './commands/pdf.ts';
import { registerPreview } from './commands/preview.ts';
import { registerPull } from './commands/pull.ts';
import { registerRender } from './commands/render.ts';
import { registerServeApi } from './commands/serve-api.ts';
import { applyConfig, findConfig, readConfig, validateConfig } from './config.ts';
import { formatError } from './errors.ts';
import { offprintVersion } from './init/files.ts';
import { UsageError } from './options.ts';

/** Commands that write the config file rather than read it. */
const WRITES_CONFIG = new Set(['init']);

/** Exit codes, documented in `--help` and the README. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

const PROGRAM_HELP = `
Exit codes:
  0  success
  1  the command failed (one line on stderr says what and why)
  2  usage error (a wrong flag, option value or config file)

Options may also come from offprint.config.json or offprint.config.mjs in the working
directory (or --config PATH): keys are the long flag names in camelCase. A flag wins over
the config file, the config file over environment variables, those over defaults.

Run "offprint <command> --help" for a command's options and examples.`;

/**
 * `offprint`: the command line. Each command lives in ./commands and registers itself here;
 * the options every command shares (--config, --quiet, --verbose) and the config file are
 * applied here, generically over each command's declared options.
 * Returns the exit code instead of exiting, so tests can run it in-process.
 */
export async function main(argv: string[]): Promise<number> {
  const program = createProgram();
  try {
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version')
        return EXIT.ok;
      return EXIT.usage;
    }
    console.error(`offprint: ${formatError(error)}`);
    return error instanceof UsageError ? EXIT.usage : EXIT.failure;
  }
}

/** The `offprint` program with every command, shared option and the config file hook. */
export function createProgram(): Command {
  const program = new Command('offprint')
    .description('Turn a site published on the documentation platform into a static website.')
    .version(offprintVersion(), '-V, --version', "print Offprint's version")
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', PROGRAM_HELP)
    .exitOverride();
  registerBuild(program);
  registerPull(program);
  registerRender(program);
  registerMerge(program);
  registerPdf(program);
  registerPreview(program);
  registerServeApi(program);
  registerInit(program);
  registerCheckConfig(program);
  registerMcp(program);
  for (const command of program.commands) {
    if (!WRITES_CONFIG.has(command.name()))
      command.addOption(new Option('--config <path>', 'read options from this config file'));
    command
      .addOption(new Option('-q, --quiet', 'print only errors'))
      .addOption(new Option('-v, --verbose', 'print per-phase detail'))
      .exitOverride();
  }
  program.hook('preAction', async (_program, command) => {
    if (WRITES_CONFIG.has(command.name())) return;
    const file = findConfig(command.getOptionValue('config') as string | undefined);
    if (!file) return;
    const config = await readConfig(file);
    applyConfig(command, { file, values: validateConfig(config) });
  });
  return program;
}
