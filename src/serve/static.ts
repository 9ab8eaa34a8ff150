import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';

export interface StaticServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves a built site as a plain static host would: files as they are, `dir/` as
 * `dir/index.html`, the site's `404.html` for anything else, all under the base path.
 */
export async function serveStatic(options: {
  dir: string;
  base?: string;
  port?: number;
}): Promise<StaticServer> {
  const base = options.base ?? '/';
  const files = sirv(options.dir, { dev: true, etag: true, dotfiles: false });
  const notFoundPage = path.join(options.dir, '404.html');
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(base)) {
      res.writeHead(302, { location: base }).end();
      return;
    }
    req.url = `/${url.slice(base.length)}`;
    files(req, res, async () => {
      try {
        const body = await readFile(notFoundPage);
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
