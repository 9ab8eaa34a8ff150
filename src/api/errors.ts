import type { z } from 'zod';

/**
 * Errors of the API client. Their messages are the one line a user sees when a build fails:
 * method, path (never the query, which may carry a share key), status, the platform's message.
 * No token or share key may appear in them: `redact` runs over everything that came from the
 * network before it is put in a message.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly method: string;
  readonly path: string;
  /** HTTP status, or undefined when no response arrived (network error, timeout). */
  readonly status: number | undefined;
  /** The platform's own message (`error.message` of its JSON body), or the network failure. */
  readonly platformMessage: string;
  readonly attempts: number;
  /** The platform's error code, or a network error code such as ECONNRESET or TIMEOUT. */
  readonly code?: string;

  constructor(
    method: string,
    path: string,
    status: number | undefined,
    platformMessage: string,
    attempts: number,
    code?: string,
  ) {
    const outcome = status === undefined ? 'failed' : `→ ${status}`;
    const tries = attempts > 1 ? ` (gave up after ${attempts} attempts)` : '';
    super(`${method} ${path} ${outcome}: ${platformMessage}${tries}`);
    this.method = method;
    this.path = path;
    this.status = status;
    this.platformMessage = platformMessage;
    this.attempts = attempts;
    this.code = code;
  }
}

/** What to do when the API's own URL cannot be the API: the option that names it, and its shape. */
export const CHECK_API_URL =
  "check --api-url: it should be the API's base URL, such as https://api.gitbook.com (/v1 is appended)";

/**
 * An answer of the API that is not JSON: almost always `--api-url` names a web page (the docs
 * site itself) or another server. The message names what came back by its status and content
 * type only; the body (a whole HTML page) is never shown.
 */
export class NotJsonError extends ApiError {
  constructor(
    method: string,
    path: string,
    status: number,
    answered: { apiUrl: string; contentType: string | null; empty?: boolean },
    attempts: number,
  ) {
    const type = mediaType(answered.contentType);
    let sent = type ?? 'a body with no content type';
    if (answered.empty) sent = `an empty body${type ? ` as ${type}` : ''}`;
    else if (type?.includes('json')) sent = `${type} that is not valid JSON`;
    super(
      method,
      path,
      status,
      `${answered.apiUrl} did not answer JSON (it sent ${sent}) — ${CHECK_API_URL}`,
      attempts,
      'NOT_JSON',
    );
  }
}

/**
 * A content type as a message may show it: the media type alone (`text/html`), or undefined
 * when there is none. It comes from any server, so anything but a plain token is left out.
 */
export function mediaType(contentType: string | null | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!type) return undefined;
  return /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/.test(type)
    ? type
    : 'an unreadable content type';
}

/** Text from the network as one line of a message: whitespace folded, at most `max` characters. */
export function oneLine(text: string, max = 300): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > max ? `${folded.slice(0, max - 1)}…` : folded;
}

/**
 * A request the platform kept refusing with 429 until the client's waiting budget ran out: the
 * message names the rate limit and the option that sets the budget.
 */
export class RateLimitError extends ApiError {
  /** How long the request waited in all, in milliseconds. */
  readonly waitedMs: number;
  readonly budgetMs: number;

  constructor(refused: ApiError, waitedMs: number, budgetMs: number) {
    super(
      refused.method,
      refused.path,
      refused.status,
      refused.platformMessage,
      refused.attempts,
      refused.code,
    );
    this.waitedMs = waitedMs;
    this.budgetMs = budgetMs;
    this.message =
      `${refused.method} ${refused.path} → 429: ${refused.platformMessage} ` +
      `(the platform's rate limit: gave up after waiting ${seconds(waitedMs)}, as waiting on ` +
      `would pass the ${seconds(budgetMs)} that --rate-limit-wait allows)`;
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

export interface SchemaIssue {
  /** Dotted path of the failing field, e.g. `structure.structure[0].siteSpaces[1].path`. */
  path: string;
  message: string;
}

/** A response that does not match its schema (docs/platform.md is the contract). */
export class ApiSchemaError extends Error {
  override readonly name = 'ApiSchemaError';
  readonly endpoint: string;
  readonly method: string;
  readonly path: string;
  readonly issues: SchemaIssue[];

  constructor(endpoint: string, method: string, path: string, issues: SchemaIssue[]) {
    const first = issues[0];
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super(
      `${method} ${path} (${endpoint}) returned a response that does not match the API: ` +
        `${first ? `${first.path || '(root)'}: ${first.message}` : 'invalid'}${more}`,
    );
    this.endpoint = endpoint;
    this.method = method;
    this.path = path;
    this.issues = issues;
  }
}

/** Formats zod issue paths as `a.b[0].c`, the way a user reads a JSON document. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

export function schemaIssues(error: z.ZodError): SchemaIssue[] {
  return error.issues.map((issue) => ({
    path: formatIssuePath(issue.path),
    message: issue.message,
  }));
}

/** Replaces every occurrence of each secret with `***`. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('***');
  }
  return out;
}
