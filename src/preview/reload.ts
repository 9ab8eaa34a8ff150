import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Live reload for preview only: an event stream the served pages subscribe to, and the tiny
 * client injected into HTML as it is served (never written into the output directory).
 */
export class ReloadChannel {
  readonly path: string;
  readonly #clients = new Set<ServerResponse>();

  constructor(base: string) {
    this.path = `${base}__offprint/reload`;
  }

  /** Opens the event stream for a request to `path`; true when it did. */
  handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.url?.split('?')[0] !== this.path) return false;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    this.#clients.add(res);
    req.on('close', () => this.#clients.delete(res));
    return true;
  };

  /** The page-side client: reload when the server says the build changed. */
  inject = (html: string): string => {
    const script = `<script>new EventSource(${JSON.stringify(this.path)}).addEventListener("reload",()=>location.reload())</script>`;
    const at = html.lastIndexOf('</body>');
    return at === -1 ? html + script : html.slice(0, at) + script + html.slice(at);
  };

  /** Tells every open page to reload. */
  reload(): void {
    for (const res of this.#clients) res.write('event: reload\ndata: {}\n\n');
  }

  close(): void {
    for (const res of this.#clients) res.end();
    this.#clients.clear();
  }
}
