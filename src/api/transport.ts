import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, NotJsonError, oneLine, RateLimitError, redact } from './errors.ts';
import { apiUrlHint, networkFailure } from './network-failure.ts';
import { RateGate, type RateWaitEvent, RateWaitExceeded } from './rate-gate.ts';
import {
  backoffDelay,
  defaultRetryPolicy,
  isRetryable,
  parseRetryAfter,
  type RetryPolicy,
} from './retry.ts';

/**
 * The HTTP layer under the typed client: Bearer auth, one concurrency bound shared by every
 * request, a per-attempt timeout, retries with backoff. It knows nothing of endpoints or schemas.
 */

export interface TransportOptions {
  /** The API base, e.g. `https://api.example.com`; `/v1` is appended. */
  apiUrl: string;
  token?: string;
  /** The most requests in flight at once, across the whole client (lowered while the platform pushes back). */
  concurrency?: number;
  /**
   * How long one request may wait, in all, on the platform's rate limit before the client gives
   * up (default 15 minutes). 429s do not count as attempts: this budget bounds them.
   */
  rateLimitWaitMs?: number;
  /** Called when requests wait on the platform's rate limit. */
  onRateLimit?: (event: RateWaitEvent) => void;
  /** Time allowed for one attempt, response body included. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  userAgent?: string;
  /** The largest download accepted, in bytes (default 256 MiB): a file's declared size may lie. */
  maxDownloadBytes?: number;
  /** Called after every attempt; carries no secret. */
  onAttempt?: (event: AttemptEvent) => void;
}

export const DEFAULT_RATE_LIMIT_WAIT_MS = 15 * 60_000;

export interface AttemptEvent {
  method: string;
  /** Path without the query string. */
  path: string;
  attempt: number;
  status: number | undefined;
  ms: number;
  /** Set when another attempt will follow, after this many milliseconds. */
  retryInMs?: number;
}

export interface RawRequest {
  method: string;
  /** Path under `/v1` (starting with `/`), or an absolute URL for downloads. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Parse the body as JSON (default) or hand back bytes. */
  as?: 'json' | 'bytes';
  /** Extra headers (`if-none-match`, `accept`…); an `authorization` among them is dropped. */
  headers?: Record<string, string>;
  /** `manual` hands a redirect back as it is, for a caller that checks every hop (default `follow`). */
  redirect?: 'follow' | 'manual';
  /** The largest body accepted with `as: 'bytes'` (default: the transport's `maxDownloadBytes`). */
  maxBytes?: number;
  /**
   * The URL came from content, not from the platform: when it is on another origin, its answer
   * must not steer the client's pace (rate headers, a 429's hold, concurrency), or any host
   * named in a page could stall the whole pull. Its 429s count as ordinary failed attempts.
   */
  untrusted?: boolean;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  json?: unknown;
  bytes?: Uint8Array;
}

export class Transport {
  readonly apiUrl: string;
  readonly #token: string | undefined;
  readonly #gate: RateGate;
  readonly #rateLimitWaitMs: number;
  readonly #timeoutMs: number;
  readonly #retry: RetryPolicy;
  readonly #userAgent: string;
  readonly #onAttempt: ((event: AttemptEvent) => void) | undefined;
  readonly #maxDownloadBytes: number;
  readonly #secrets: string[] = [];

  constructor(options: TransportOptions) {
    this.apiUrl = `${options.apiUrl.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1`;
    this.#token = options.token;
    this.#gate = new RateGate({
      maxConcurrency: options.concurrency ?? 8,
      onWait: options.onRateLimit,
    });
    this.#rateLimitWaitMs = options.rateLimitWaitMs ?? DEFAULT_RATE_LIMIT_WAIT_MS;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#retry = { ...defaultRetryPolicy, ...options.retry };
    this.#userAgent = options.userAgent ?? 'offprint';
    this.#onAttempt = options.onAttempt;
    this.#maxDownloadBytes = options.maxDownloadBytes ?? 256 * 2 ** 20;
    if (options.token) this.#secrets.push(options.token);
  }

  /** Registers another value (a share key) that must never appear in a message. */
  addSecret(secret: string | undefined): void {
    if (secret) this.#secrets.push(secret);
  }

  /** Redacts every registered secret. */
  redact(text: string): string {
    return redact(text, this.#secrets);
  }

  /** The largest download accepted, in bytes. */
  get maxDownloadBytes(): number {
    return this.#maxDownloadBytes;
  }

  get activeCount(): number {
    return this.#gate.activeCount;
  }

  /** The pace shared by every request of this client. */
  get gate(): RateGate {
    return this.#gate;
  }

  async send(request: RawRequest): Promise<RawResponse> {
    const url = this.#url(request);
    const method = request.method.toUpperCase();
    const displayPath = this.redact(this.#displayPath(url));
    const steers = !request.untrusted || url.origin === new URL(this.apiUrl).origin;
    const started = Date.now();
    // 429s wait on the rate limit's time budget; other failures count against `attempts`.
    let failures = 0;
    for (let attempt = 1; ; attempt++) {
      const attemptStarted = Date.now();
      const outcome = await this.#gate
        .run(async (sentAt) => {
          const result = await this.#attempt(url, method, request);
          if (steers) this.#gate.observe(result.response?.headers, sentAt);
          return result;
        }, started + this.#rateLimitWaitMs)
        .catch((error: unknown) => {
          if (!(error instanceof RateWaitExceeded)) throw error;
          const refused = new ApiError(method, displayPath, 429, error.message, attempt - 1);
          throw new RateLimitError(refused, Date.now() - started, this.#rateLimitWaitMs);
        });
      const status = outcome.response?.status;
      const failed =
        outcome.error !== undefined ||
        outcome.notJson === true ||
        (status !== undefined && status >= 400);
      const retryable = failed && !outcome.final && isRetryable(method, status);
      const retryAfter = parseRetryAfter(outcome.response?.headers.get('retry-after'));
      let retryInMs: number | undefined;
      let rateLimited = false;
      if (status === 429 && steers) {
        const wait = this.#gate.refused(
          outcome.response?.headers,
          retryAfter,
          backoffDelay(Math.min(attempt, 6), this.#retry, undefined),
        );
        rateLimited = Date.now() - started + wait > this.#rateLimitWaitMs;
        if (!rateLimited) retryInMs = wait;
      } else if (retryable) {
        failures++;
        if (steers) this.#gate.pushback();
        if (failures < this.#retry.attempts) {
          const delay = backoffDelay(failures, this.#retry, retryAfter);
          if (Date.now() - started + delay <= this.#retry.maxTotalMs) retryInMs = delay;
        }
      } else if (!failed && steers) this.#gate.succeeded();
      this.#onAttempt?.({
        method,
        path: displayPath,
        attempt,
        status,
        ms: Date.now() - attemptStarted,
        retryInMs,
      });
      if (!failed && outcome.response) return outcome.response;
      if (rateLimited) {
        const failure = this.#failure(method, url, displayPath, outcome, attempt);
        throw new RateLimitError(failure, Date.now() - started, this.#rateLimitWaitMs);
      }
      if (retryInMs === undefined) throw this.#failure(method, url, displayPath, outcome, attempt);
      await sleep(retryInMs);
    }
  }

  #url(request: RawRequest): URL {
    const url = /^https?:\/\//.test(request.path)
      ? new URL(request.path)
      : new URL(this.apiUrl + request.path);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  /** The API's base as a message shows it: no user name or password. */
  get shownApiUrl(): string {
    const url = new URL(this.apiUrl);
    url.username = '';
    url.password = '';
    return url.href.replace(/\/$/, '');
  }

  /** The path users see: under the API, relative to `/v1`; elsewhere, host and path. */
  #displayPath(url: URL): string {
    const api = new URL(this.apiUrl);
    if (url.origin === api.origin && url.pathname.startsWith(api.pathname)) {
      return url.pathname.slice(api.pathname.length) || '/';
    }
    return `${url.origin}${url.pathname}`;
  }

  async #attempt(url: URL, method: string, request: RawRequest): Promise<Outcome> {
    const headers = requestHeaders(url, {
      apiUrl: this.apiUrl,
      token: this.#token,
      userAgent: this.#userAgent,
      extra: request.headers,
    });
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const signal = AbortSignal.timeout(this.#timeoutMs);
    try {
      const redirect = request.redirect ?? 'follow';
      const response = await fetch(url, { method, headers, body, signal, redirect });
      if (request.as === 'bytes' && response.ok) {
        const max = request.maxBytes ?? this.#maxDownloadBytes;
        const bytes = await readBounded(response, max);
        if (!bytes) {
          // Not worth retrying: the same file would be as large next time.
          return {
            error: {
              message: `download larger than ${max} bytes`,
              code: 'TOO_LARGE',
            },
            final: true,
          };
        }
        return { response: { status: response.status, headers: response.headers, bytes } };
      }
      // A download's other answers (an error, a redirect, a 304) come from hosts that may not be
      // the platform's: only the start of their body is read, for the message.
      const text =
        request.as === 'bytes'
          ? new TextDecoder().decode(
              (await readBounded(response, ERROR_BODY_BYTES)) ?? new Uint8Array(),
            )
          : await response.text();
      const json = parseJson(text);
      // An API that answers something else (an HTML page: --api-url names a web site) is told
      // as such; a 2xx of it would be the same on every attempt.
      const notJson = request.as !== 'bytes' && json === undefined && text.trim() !== '';
      return {
        response: { status: response.status, headers: response.headers, json },
        notJson,
        final: notJson && response.ok,
      };
    } catch (error) {
      const failure = networkFailure(error, url, signal.aborted, this.#timeoutMs);
      return { error: failure, final: failure.final };
    }
  }

  #failure(method: string, url: URL, path: string, outcome: Outcome, attempts: number): ApiError {
    const ownUrl = url.origin === new URL(this.apiUrl).origin;
    if (outcome.error) {
      // A URL no attempt can reach: when it is the API's own, the fix is --api-url.
      const hint = ownUrl ? apiUrlHint(outcome.error.code) : '';
      return new ApiError(
        method,
        path,
        undefined,
        oneLine(this.redact(outcome.error.message)) + hint,
        attempts,
        outcome.error.code,
      );
    }
    const response = outcome.response as RawResponse;
    if (outcome.notJson) {
      const answered = {
        apiUrl: this.shownApiUrl,
        contentType: this.redact(response.headers.get('content-type') ?? ''),
      };
      return new NotJsonError(method, path, response.status, answered, attempts);
    }
    // Only the platform's own message is shown: any other body (a proxy's page, a file host's
    // XML) would put a document in the one line.
    const platform = platformError(response.json);
    const message = platform ? oneLine(this.redact(platform.message)) : statusText(response.status);
    return new ApiError(method, path, response.status, message, attempts, platform?.code);
  }
}

/**
 * The headers of one attempt. The token goes to the API's origin only (scheme, host and port):
 * file download URLs and spec URLs from pages may live on any host, and a token sent there
 * would be a leak. `extra` cannot add an `authorization` of its own.
 */
export function requestHeaders(
  url: URL,
  options: { apiUrl: string; token?: string; userAgent: string; extra?: Record<string, string> },
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': options.userAgent,
  };
  for (const [name, value] of Object.entries(options.extra ?? {})) {
    if (name.toLowerCase() !== 'authorization') headers[name.toLowerCase()] = value;
  }
  if (options.token && url.origin === new URL(options.apiUrl).origin)
    headers.authorization = `Bearer ${options.token}`;
  return headers;
}

interface Outcome {
  response?: RawResponse;
  /** An answer to a JSON request whose body is not JSON. */
  notJson?: boolean;
  error?: { message: string; code: string };
  /** A failure that another attempt would only repeat. */
  final?: boolean;
}

/** The most of a download's non-2xx body that is read. */
const ERROR_BODY_BYTES = 64 * 1024;

/** The body's bytes, or undefined as soon as they exceed `max` (the rest is not read). */
async function readBounded(response: Response, max: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
    total += read.value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(read.value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `{ error: { code, message } }`, or `{ message }`, as the platform sends them. */
function platformError(json: unknown): { code?: string; message: string } | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const record = json as Record<string, unknown>;
  const inner = (
    typeof record.error === 'object' && record.error ? record.error : record
  ) as Record<string, unknown>;
  if (typeof inner.message !== 'string') return undefined;
  return {
    message: inner.message,
    code:
      typeof inner.code === 'string' || typeof inner.code === 'number'
        ? String(inner.code)
        : undefined,
  };
}

function statusText(status: number): string {
  return STATUS_CODES[status] ?? `HTTP ${status}`;
}
