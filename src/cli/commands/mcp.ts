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
    .action(async (site: string, options: McpCommandOptions) => {
      // Loaded on use: the MCP SDK is needed by this command alone.
      const { runMcp } = await import('../../mcp/run.ts');
      await runMcp(site, options);
    });
}
