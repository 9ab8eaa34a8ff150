import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { listen } from '../serve/listen.ts';
import type { DocsSite } from './docs-site.ts';
import { createMcpServer } from './server.ts';

export interface McpHttpServer {
  /** The endpoint clients connect to: `http://HOST:PORT/mcp`. */
  url: string;
  server: Server;
  close(): Promise<void>;
}

export interface McpHttpOptions {
  port: number;
  host: string;
  version: string;
}

const ENDPOINT = '/mcp';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * The same tools over Streamable HTTP at `/mcp`, stateless: each POST gets a fresh MCP server
 * and transport over the one shared site (its cache and search), so there are no sessions to
 * keep or expire. On a loopback interface the Host header must name it, which keeps a web page
 * from reaching the server through DNS rebinding.
 */
export async function serveMcpHttp(
  site: DocsSite,
  options: McpHttpOptions,
): Promise<McpHttpServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== ENDPOINT) {
      res
        .writeHead(404, { 'content-type': 'text/plain' })
        .end(`offprint mcp: the endpoint is ${ENDPOINT}\n`);
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST', 'content-type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Method not allowed: POST only (stateless server)' },
          id: null,
        }),
      );
      return;
    }
    const mcp = createMcpServer(site, options.version);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      ...(LOOPBACK.has(options.host)
        ? { enableDnsRebindingProtection: true, allowedHosts: allowedHosts(server) }
        : {}),
    });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    mcp
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((error: Error) => {
        process.stderr.write(`offprint mcp: ${error.message}\n`);
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  const { origin, close } = await listen(server, options.port, options.host);
  return { url: `${origin}${ENDPOINT}`, server, close };
}

/** The Host headers a loopback server answers: its own names with its port. */
function allowedHosts(server: Server): string[] {
  const { port } = server.address() as AddressInfo;
  return ['127.0.0.1', 'localhost', '[::1]'].map((name) => `${name}:${port}`);
}
