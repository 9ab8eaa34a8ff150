import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { serveDownload } from './downloads.ts';
import { HttpError } from './errors.ts';
import { FaultInjector, type FaultOptions } from './faults.ts';
import { loadSiteFolder } from './folder.ts';
import { HOSTED_PREFIX, isConditional, serveHosted } from './hosted.ts';
import { errorBody, readJsonBody, sendJson } from './http.ts';
import { scanInTurns } from './links.ts';
import { namesOrigin } from './placeholder.ts';
import { FixedWindowLimiter, type RateLimitOptions, rateLimitMessage } from './rate-limit.ts';
import type { RefStyle } from './references.ts';
import { createRouter, type Platform } from './routes/index.ts';
import { LocalState, sameSecret } from './state.ts';

/** The bundled example site folder, resolved from this module so any working directory works. */
export const EXAMPLE_DIR = fileURLToPath(new URL('../../examples/site', import.meta.url));

export interface LocalPlatformOptions {
  /** The site folder (docs/site-folder.md). */
  dir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
  /** When set, every /v1 request needs `Authorization: Bearer <token>`; else any or none passes. */
  token?: string;
  /** Items per page of list routes when the client sends no `limit` (default 20). */
  pageSize?: number;
  /** How served markdown points at files and pages (default `download-url`). */
  refStyle?: RefStyle;
  faults?: FaultOptions;
  /** The platform's rate limit: a fixed window shared by every client (none by default). */
  rateLimit?: RateLimitOptions;
}

export interface RequestLogEntry {
  method: string;
  /** Path and query, with secrets (`shareKey`) masked. */
  path: string;
  /** The status answered; 0 for a connection dropped by fault injection. */
  status: number;
  /** Set when the request carried `If-None-Match` or `If-Modified-Since`. */
  conditional?: true;
}

export interface LocalPlatform {
  /** `http://127.0.0.1:PORT`, without the `/v1` suffix. */
  url: string;
  port: number;
  /** Every /v1, file and hosted request in arrival order of its answer. */
  requests: RequestLogEntry[];
  /** The in-memory state: records, lookups and test hooks (`mutateSection`, …). */
  readonly model: LocalState;
  /** Replaces the fault options and restarts their request count. */
  setFaults(faults: FaultOptions): void;
  /** Replaces the rate limit (a fresh window) or removes it with `undefined`. */
  setRateLimit(rateLimit: RateLimitOptions | undefined): void;
  /**
   * Test hook: answer `GET <pathname>` (e.g. `/v1/spaces/x/content`) with exactly `body` as
   * JSON, or undo that with `undefined`. For bodies the records cannot produce, such as a page
   * tree nested deeper than `JSON.stringify` can go.
   */
  respondRaw(pathname: string, body: string | undefined): void;
  /** Re-reads the folder; writes made through the API are dropped. */
  reload(): Promise<void>;
  /**
   * Reads every space's references now, a few pages a turn, as the hosted platform has them
   * ready: a benchmark of a site of tens of thousands of pages waits for it before it pulls,
   * so the first space-wide links list is not half a minute of parsing (links.ts).
   */
  warmReferences(): Promise<void>;
  close(): Promise<void>;
}

const SECRET_PARAMS = /^(sharekey|token|key|access_token)$/i;

/** Starts the local platform: the site folder served over HTTP as the platform API. */
export async function startLocalPlatform(options: LocalPlatformOptions): Promise<LocalPlatform> {
  const host = options.host ?? '127.0.0.1';
  const pageSize = options.pageSize ?? 20;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
    throw new RangeError(`pageSize must be an integer from 1 to 1000, got ${pageSize}`);
  }
  const state = new LocalState(await loadSiteFolder(options.dir));
  const faults = new FaultInjector(options.faults);
  let limiter = options.rateLimit ? new FixedWindowLimiter(options.rateLimit) : undefined;
  const router = createRouter();
  const requests: RequestLogEntry[] = [];
  const rawBodies = new Map<string, string>();
  const platform: Platform = {
    local: state,
    origin: '',
    pageSize,
    refStyle: options.refStyle ?? 'download-url',
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    // Parsed against a fixed base: a path like `//evil` must stay a path, never become a host.
    const url = new URL(
      `http://local${(req.url ?? '/').startsWith('/') ? req.url : `/${req.url}`}`,
    );
    const entry: RequestLogEntry = { method, path: redact(url), status: 0 };
    if (isConditional(req)) entry.conditional = true;
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      requests.push(entry);
      sendJson(res, status, body, headers);
    };

    const isApi = url.pathname === '/v1' || url.pathname.startsWith('/v1/');
    const isFile = url.pathname.startsWith('/_files/');
    const isHosted = url.pathname.startsWith(HOSTED_PREFIX);
    try {
      if ((isApi || isFile || isHosted) && limiter) {
        const { allowed, headers } = limiter.take();
        // On every answer, as the platform documents; a download's own headers are added to these.
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        if (!allowed) {
          const reset = Number(headers['x-ratelimit-reset']);
          answer(429, errorBody(429, rateLimitMessage(reset)));
          return;
        }
      }
      if (isApi || isFile || isHosted) {
        const fault = faults.next();
        if (faults.latencyMs > 0) await sleep(faults.latencyMs);
        if (fault.kind === 'drop') {
          requests.push(entry);
          req.socket.destroy();
          return;
        }
        if (fault.kind === '429') {
          answer(429, errorBody(429, 'rate limited (injected fault)'), {
            'retry-after': String(fault.retryAfter),
          });
          return;
        }
        if (fault.kind === '503') {
          answer(503, errorBody(503, 'service unavailable (injected fault)'));
          return;
        }
      }

      if (isFile) {
        const segments = url.pathname.slice('/_files/'.length).split('/').map(decodePathSegment);
        serveDownload(state.data, segments, req, res, (status) => {
          entry.status = status;
          requests.push(entry);
        });
        return;
      }
      if (isHosted) {
        const segments = url.pathname.slice(HOSTED_PREFIX.length).split('/').map(decodePathSegment);
        await serveHosted(state.data.dir, segments, req, res, (status) => {
          entry.status = status;
          requests.push(entry);
        });
        return;
      }
      if (!isApi) throw new HttpError(404, 'no such route: the API lives under /v1');

      if (options.token !== undefined) {
        const header = req.headers.authorization ?? '';
        const match = /^Bearer\s+(.+)$/i.exec(header);
        if (!match?.[1] || !sameSecret(options.token, match[1].trim())) {
          throw new HttpError(
            401,
            header ? 'invalid API token' : 'missing Authorization: Bearer <token>',
            {
              'www-authenticate': 'Bearer',
            },
          );
        }
      }

      const raw = method === 'GET' ? rawBodies.get(url.pathname) : undefined;
      if (raw !== undefined) {
        entry.status = 200;
        requests.push(entry);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(raw);
        return;
      }
      const { handler, params } = router.match(method, url.pathname.slice('/v1'.length));
      const reply = await handler({
        state: platform,
        params,
        query: url.searchParams,
        body: () => readJsonBody(req),
      });
      answer(reply.body === undefined ? 204 : (reply.status ?? 200), reply.body);
    } catch (error) {
      if (error instanceof HttpError) {
        answer(error.status, errorBody(error.status, error.message), error.headers);
        return;
      }
      // A bug of the local platform, not of the client: say so without leaking a stack.
      console.error('local platform: unexpected error on', method, entry.path, error);
      answer(500, errorBody(500, 'internal error of the local platform'));
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  // The platform runs in the process of what it serves (tests, `--example`), whose work can hold
  // the event loop for seconds. Node closes a keep-alive socket idle for 5 s when its timer fires,
  // even if a request arrived meanwhile and waits unread: the client gets ECONNRESET (seen on
  // 2,000-page pulls under load). A minute of keep-alive puts that out of reach of any pause.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  platform.origin = url;
  // Now that the origin is known: spaces whose markdown names it take it into their revision.
  if (namesOrigin(state.data)) state.data = await loadSiteFolder(options.dir, { origin: url });

  return {
    url,
    port,
    requests,
    get model() {
      return state;
    },
    setFaults: (next) => faults.set(next),
    setRateLimit: (next) => {
      limiter = next ? new FixedWindowLimiter(next) : undefined;
    },
    respondRaw: (pathname, body) => {
      if (body === undefined) rawBodies.delete(pathname);
      else rawBodies.set(pathname, body);
    },
    reload: async () => {
      state.data = await loadSiteFolder(options.dir, { origin: url });
    },
    warmReferences: async () => {
      for (const space of state.data.spaces.values()) await scanInTurns(space.content);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'malformed percent-encoding in the path');
  }
}

function redact(url: URL): string {
  const query = new URLSearchParams(url.search);
  for (const key of [...query.keys()]) if (SECRET_PARAMS.test(key)) query.set(key, '***');
  const search = query.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}
