import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { headersFor, readHeadersFile } from './headers-file.ts';
import { listen } from './listen.ts';

export interface StaticServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  dir: string;
  base?: string;
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /**
   * Rewrites every HTML page served (pages and the 404 page) without touching the files on disk;
   * preview uses it to add its reload client.
   */
  transformHtml?: (html: string) => string;
  /** Answers a request before the files do (e.g. preview's event stream); true when it did. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /**
   * Answer with the headers of the site's `_headers` file, as Netlify and Cloudflare Pages do
   * (its Content-Security-Policy among them), read once when the server starts.
   */
  headers?: boolean;
}

/**
 * Serves a built site as a plain static host would: files as they are, `dir/` as
 * `dir/index.html`, the site's `404.html` for anything else, all under the base path.
 */
export async function serveStatic(options: StaticServerOptions): Promise<StaticServer> {
  const base = options.base ?? '/';
  const host = options.host ?? '127.0.0.1';
  const transform = options.transformHtml;
  const files = sirv(options.dir, { dev: true, etag: true, dotfiles: false });
  const notFoundPage = path.join(options.dir, '404.html');
  const rules = options.headers ? await readHeadersFile(path.join(options.dir, '_headers')) : [];
  const server = createServer((req, res) => {
    if (options.intercept?.(req, res)) return;
    const url = req.url ?? '/';
    if (rules.length > 0) {
      const pathname = new URL(url, 'http://local').pathname;
      for (const [name, value] of headersFor(rules, pathname)) res.setHeader(name, value);
    }
    if (!url.startsWith(base)) {
      res.writeHead(302, { location: base }).end();
      return;
    }
    req.url = `/${url.slice(base.length)}`;
    const notFound = async () => {
      try {
        const body = await readFile(notFoundPage);
        res
          .writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
          .end(transform ? transform(body.toString('utf8')) : body);
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      }
    };
    if (!transform) {
      files(req, res, notFound);
      return;
    }
    htmlFileFor(options.dir, req.url).then(async (file) => {
      if (!file) return files(req, res, notFound);
      const html = transform(await readFile(file, 'utf8'));
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : html);
    }, notFound);
  });
  const { origin, close } = await listen(server, options.port ?? 0, host);
  return { url: `${origin}${base}`, server, close };
}

/** The HTML file a request path names (`x/` → `x/index.html`, `x.html`), inside `dir` only. */
async function htmlFileFor(dir: string, requestUrl: string): Promise<string | undefined> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(requestUrl, 'http://local').pathname);
  } catch {
    return undefined;
  }
  const root = path.resolve(dir);
  const candidates = pathname.endsWith('/')
    ? [`${pathname}index.html`]
    : pathname.endsWith('.html')
      ? [pathname]
      : [`${pathname}.html`, `${pathname}/index.html`];
  for (const candidate of candidates) {
    const file = path.resolve(root, `.${candidate}`);
    if (file !== root && !file.startsWith(root + path.sep)) continue;
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile()) return file;
  }
  return undefined;
}
