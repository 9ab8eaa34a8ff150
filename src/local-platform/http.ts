import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, HttpError } from './errors.ts';

/**
 * The small HTTP layer: a router over path segments, JSON bodies in and out, and the error
 * body `{ error: { code, message } }` (code = HTTP status, as the platform sends it).
 */

export interface Reply {
  status?: number;
  /** Undefined answers 204 No Content. */
  body?: unknown;
}

export interface RouteContext<State> {
  state: State;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body; `{}` when the request has none. */
  body: () => Promise<unknown>;
}

export type Handler<State> = (ctx: RouteContext<State>) => Reply | Promise<Reply>;

interface Route<State> {
  method: string;
  segments: string[];
  handler: Handler<State>;
}

export class Router<State> {
  private readonly routes: Route<State>[] = [];

  add(method: string, pattern: string, handler: Handler<State>): this {
    this.routes.push({ method, segments: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  /**
   * The handler for `method` on `path` (already without the `/v1` prefix). Segments are
   * percent-decoded into parameters that are only ever used as lookup keys.
   */
  match(method: string, path: string): { handler: Handler<State>; params: Record<string, string> } {
    const segments = path.split('/').filter(Boolean).map(decodeSegment);
    const allowed = new Set<string>();
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      if (route.method === method) return { handler: route.handler, params };
      allowed.add(route.method);
    }
    if (allowed.size > 0) {
      throw new HttpError(405, `${method} is not allowed here`, {
        allow: [...allowed].sort().join(', '),
      });
    }
    throw new HttpError(404, 'no such route');
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest('malformed percent-encoding in the path');
  }
}

function matchSegments(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const value = segments[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return undefined;
  }
  return params;
}

const MAX_BODY = 1024 * 1024;

/** The request's JSON body (`{}` if empty); 400 for anything that is not JSON. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpError(413, 'request body over 1 MiB');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('the request body is not valid JSON');
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (status === 204 || body === undefined) {
    res.writeHead(status === 200 ? 204 : status, { 'cache-control': 'no-store', ...headers });
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function errorBody(
  status: number,
  message: string,
): { error: { code: number; message: string } } {
  return { error: { code: status, message } };
}
