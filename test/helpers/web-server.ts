import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A whole web page, as a docs site or a proxy answers: what must never reach an error line. */
export const WEB_PAGE =
  '<!DOCTYPE html>\n<html lang="en">\n<head><title>Docs</title></head>\n<body>\n<h1>Welcome</h1>\n</body>\n</html>\n';

const BODIES: Record<string, { type?: string; body: string }> = {
  html: { type: 'text/html; charset=utf-8', body: WEB_PAGE },
  badjson: { type: 'application/json', body: WEB_PAGE },
  notype: { body: 'plain words\nover two lines' },
  empty: { type: 'text/html', body: '' },
};

/**
 * A web server that is not the API: the first path segment says what it answers,
 * `/<status>-<kind>[-anything]/…` (`/200-html`, `/404-html`, `/503-html`, `/200-badjson`, `/200-notype`,
 * `/200-empty`), so `${url}/200-html` given as the API's URL answers a web page to every request.
 * Requests are counted by that segment.
 */
export async function startWebServer(): Promise<{
  url: string;
  requests: (segment: string) => number;
  close: () => Promise<void>;
}> {
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    const segment = (req.url ?? '/').split('/')[1] ?? '';
    counts.set(segment, (counts.get(segment) ?? 0) + 1);
    const [status, kind] = segment.split('-');
    const answer = BODIES[kind ?? ''] ?? BODIES.html;
    res.writeHead(Number(status) || 404, answer?.type ? { 'content-type': answer.type } : {});
    res.end(answer?.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: (segment) => counts.get(segment) ?? 0,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: one the system just handed out and took back. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
