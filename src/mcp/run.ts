import { readFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { DocsSite } from './docs-site.ts';
import { serveMcpHttp } from './http.ts';
import { createMcpServer } from './server.ts';
import { openSite } from './site-reader.ts';

export interface McpCommandOptions {
  http?: boolean;
  port: number;
  host: string;
}

/**
 * `offprint mcp SITE`: the server over stdio (stdout is the protocol: everything else goes to
 * stderr), or with `--http` over Streamable HTTP until interrupted.
 */
export async function runMcp(location: string, options: McpCommandOptions): Promise<void> {
  const log = (line: string) => process.stderr.write(`offprint mcp: ${line}\n`);
  // A promise the site's Pagefind script leaves rejected must not end the server.
  process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${String(reason)}`));
  const site = new DocsSite(await openSite(location), { log });
  const version = packageVersion();
  if (
    site.reader.root.protocol === 'file:' &&
    !(await site.reader.get('pagefind/pagefind-entry.json'))
  )
    log(
      `warning: ${site.location} has no pagefind/pagefind-entry.json: it is not an Offprint build, and the tools will say so`,
    );
  if (options.http) {
    const http = await serveMcpHttp(site, { port: options.port, host: options.host, version });
    process.stdout.write(`listening on ${http.url}\n`);
    const stop = () => {
      site.close();
      void http.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  const server = createMcpServer(site, version);
  // The client ends the session by closing stdin. The transport does not listen for that, and
  // a search's Pagefind thread would keep the process alive: end the server and everything the
  // site started, so the command ends with its client.
  process.stdin.once('end', () => {
    site.close();
    void server.close();
  });
  await server.connect(new StdioServerTransport());
}

function packageVersion(): string {
  try {
    // src/mcp/ and lib/mcp/ are both two levels below the package root.
    const manifest = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    return String(JSON.parse(manifest).version);
  } catch {
    return '0.0.0';
  }
}
