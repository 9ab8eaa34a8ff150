import { type Command, Option } from 'commander';
import type { McpCommandOptions } from '../../mcp/run.ts';
import { parsedAsKey } from '../options.ts';

const EXAMPLES = `
Examples:
  $ offprint mcp ./dist                             # a built folder, over stdio
  $ offprint mcp https://docs.acme.com/docs/        # a deployed site, over stdio
  $ offprint mcp ./dist --http --port 4322          # Streamable HTTP at http://127.0.0.1:4322/mcp

Tools: search_docs {query, limit?}, read_page {url}, list_pages {section?, offset?, limit?};
each page is also a resource, offprint://page/<path>.md. Over stdio, stdout is the protocol:
messages go to stderr. docs/mcp.md has the client setup and the limits.`;

/**
 * The flags other commands name a folder with (`build --out`, `serve-api --dir`), which `mcp`
 * takes as its argument instead: refused with that form rather than a look-alike flag
 * ("Did you mean --host?").
 */
const FOLDER_FLAG = /^error: unknown option '(--dist|--out|--dir)(?:=[^']*)?'/;

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description(
      'Serve a built site to AI assistants as a Model Context Protocol server (stdio, or --http)',
    )
    .argument('<site>', 'the built site: its output folder, or the http(s) URL it is served at')
    .addOption(new Option('--http', 'serve over Streamable HTTP instead of stdio'))
    .addOption(
      parsedAsKey(new Option('--port <n>', 'port for --http (0 picks a free one)').default(4322)),
    )
    .addOption(
      new Option('--host <host>', 'interface for --http to listen on').default('127.0.0.1'),
    )
    .addHelpText('after', EXAMPLES)
    .configureOutput({
      outputError: (message, write) => {
        const flag = FOLDER_FLAG.exec(message)?.[1];
        write(
          flag
            ? `error: offprint mcp takes the site as its argument, not ${flag}: offprint mcp DIR (the built folder) or offprint mcp URL\n`
            : message,
        );
      },
    })
    .action(async (site: string, options: McpCommandOptions) => {
      // Loaded on use: the MCP SDK is needed by this command alone.
      const { runMcp } = await import('../../mcp/run.ts');
      await runMcp(site, options);
    });
}
