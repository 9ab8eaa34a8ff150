import { CHECK_API_URL } from './errors.ts';

/**
 * Why a request got no answer, as a message and a code, and whether another attempt could get
 * one: a refused, reset or timed-out connection may (the transport retries it); a URL fetch
 * refuses to request never will.
 */

/**
 * Reasons undici's fetch gives, before any connection, for a URL it will never request: the
 * same URL fails the same way on every attempt, so none is retried. A connection that was
 * refused, reset or timed out carries a code (ECONNREFUSED…) and stays retried.
 */
const NEVER_FETCHED: Record<string, { code: string; message: (url: URL) => string }> = {
  'bad port': {
    code: 'BAD_PORT',
    message: (url) =>
      `fetch never connects to port ${url.port} (one of the "bad ports" of the fetch standard)`,
  },
  'unknown scheme': { code: 'UNSUPPORTED_SCHEME', message: unsupportedScheme },
  'not implemented... yet...': { code: 'UNSUPPORTED_SCHEME', message: unsupportedScheme },
  'about scheme is not supported': { code: 'UNSUPPORTED_SCHEME', message: unsupportedScheme },
  'URL scheme must be a HTTP(S) scheme': {
    code: 'UNSUPPORTED_SCHEME',
    message: () => 'redirected to a URL that is not http or https',
  },
  'redirect count exceeded': { code: 'REDIRECT_LOOP', message: () => 'too many redirects' },
};

const API_URL_HINTS: Record<string, string> = {
  BAD_PORT: ' — give --api-url another port',
  UNSUPPORTED_SCHEME: ` — ${CHECK_API_URL}`,
};

/** What to do after a failure of the API's own URL that no retry would mend, or ''. */
export function apiUrlHint(code: string): string {
  return API_URL_HINTS[code] ?? '';
}

function unsupportedScheme(url: URL): string {
  return `${url.protocol} URLs cannot be fetched, only http and https`;
}

/** The failure of an attempt that threw; `final` when no retry could succeed. */
export function networkFailure(
  error: unknown,
  url: URL,
  timedOut: boolean,
  timeoutMs: number,
): { message: string; code: string; final?: boolean } {
  if (timedOut) return { message: `no response within ${timeoutMs} ms`, code: 'TIMEOUT' };
  // undici reports "fetch failed" and keeps the reason in `cause`; only its code and message are
  // kept, never the error object, whose fields may include the request.
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (error instanceof TypeError && !cause) {
    // Thrown while building the request (a URL with credentials, a header value fetch refuses):
    // nothing was sent, and nothing would be on a retry. Its message may quote the URL.
    return {
      message: `the request cannot be made: ${withoutCredentials(error.message)}`,
      code: 'INVALID_REQUEST',
      final: true,
    };
  }
  const never = !cause?.code && cause?.message ? NEVER_FETCHED[cause.message] : undefined;
  if (never) return { message: never.message(url), code: never.code, final: true };
  const code = cause?.code ?? (error as { code?: string })?.code ?? 'NETWORK';
  const reason = cause?.message ?? (error as Error)?.message ?? 'network error';
  return { message: `network error: ${reason}`, code };
}

/** `scheme://user:password@host` as `scheme://host`, wherever a URL appears in `text`. */
function withoutCredentials(text: string): string {
  return text.replace(/(\/\/)[^/@\s]*@/g, '$1');
}
