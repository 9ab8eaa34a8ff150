import type { AddressPolicy } from '../api/address-policy.ts';
import { ApiError } from '../api/errors.ts';
import type { Transport } from '../api/transport.ts';
import type { StoredSpecDocument } from '../snapshot/openapi.ts';

/**
 * Fetches one OpenAPI spec document by URL, through the client's transport (its timeouts,
 * retries and rate gate) but under the rules for URLs that come from content: every hop of a
 * redirect is checked by the address policy (redirects are followed here, at most
 * MAX_REDIRECTS), the token goes only to the API's own origin (the transport's rule), no share
 * key is ever added, and the body is not read past `maxBytes`. Never throws: a refusal or a
 * failure is a result, since a spec that cannot be had must not fail the pull.
 */

export const MAX_REDIRECTS = 5;

export type SpecFetchResult =
  | {
      kind: 'fetched';
      bytes: Uint8Array;
      contentType?: string;
      etag?: string;
      lastModified?: string;
    }
  /** The host answered 304 to the conditional request: the previous bytes still hold. */
  | { kind: 'not-modified' }
  | { kind: 'failed'; error: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ACCEPT = 'application/yaml, application/x-yaml, text/yaml, application/json;q=0.9, */*;q=0.5';

export class SpecFetcher {
  private readonly transport: Transport;
  private readonly policy: AddressPolicy;
  private readonly maxBytes: number;

  constructor(transport: Transport, policy: AddressPolicy, maxBytes: number) {
    this.transport = transport;
    this.policy = policy;
    this.maxBytes = maxBytes;
  }

  /** `previous` (the last pull's record of this URL) makes the request conditional. */
  async fetch(key: string, previous?: StoredSpecDocument): Promise<SpecFetchResult> {
    let url: URL;
    try {
      url = new URL(key);
    } catch {
      return { kind: 'failed', error: 'not a URL' };
    }
    const conditional: Record<string, string> = {};
    if (previous?.etag) conditional['if-none-match'] = previous.etag;
    if (previous?.lastModified) conditional['if-modified-since'] = previous.lastModified;
    for (let hop = 0; ; hop++) {
      const refusal = await this.policy.refusal(url);
      if (refusal)
        return {
          kind: 'failed',
          error: `refused${hop > 0 ? ` (redirected to ${shown(url)})` : ''}: ${refusal}`,
        };
      let response: Awaited<ReturnType<Transport['send']>>;
      try {
        response = await this.transport.send({
          method: 'GET',
          path: url.href,
          as: 'bytes',
          redirect: 'manual',
          headers: { accept: ACCEPT, ...conditional },
          maxBytes: this.maxBytes,
          untrusted: true,
        });
      } catch (error) {
        return { kind: 'failed', error: failureOf(error, this.maxBytes) };
      }
      const { status, headers } = response;
      if (status === 304) {
        if (Object.keys(conditional).length > 0) return { kind: 'not-modified' };
        return { kind: 'failed', error: 'answered 304 Not Modified to a plain request' };
      }
      if (REDIRECTS.has(status)) {
        const location = headers.get('location');
        if (!location) return { kind: 'failed', error: `answered ${status} without a Location` };
        if (hop >= MAX_REDIRECTS)
          return { kind: 'failed', error: `more than ${MAX_REDIRECTS} redirects` };
        try {
          url = new URL(location, url);
        } catch {
          return { kind: 'failed', error: `answered ${status} with an unreadable Location` };
        }
        continue;
      }
      if (status < 200 || status > 299 || !response.bytes)
        return { kind: 'failed', error: `answered ${status}` };
      return {
        kind: 'fetched',
        bytes: response.bytes,
        contentType: headers.get('content-type') ?? undefined,
        etag: headers.get('etag') ?? undefined,
        lastModified: headers.get('last-modified') ?? undefined,
      };
    }
  }
}

/** A URL as warnings and records show it: no credentials, no query string (it may hold a key). */
export function shown(url: URL | string): string {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return '(not a URL)';
  }
  const host = parsed.host ? `//${parsed.host}` : parsed.protocol === 'file:' ? '//' : '';
  return `${parsed.protocol}${host}${parsed.pathname}${parsed.search ? '?…' : ''}`;
}

function failureOf(error: unknown, maxBytes: number): string {
  if (!(error instanceof ApiError)) return (error as Error)?.message ?? 'failed';
  if (error.code === 'TOO_LARGE') return `larger than the ${maxBytes}-byte limit on a spec`;
  const tries = error.attempts > 1 ? ` (gave up after ${error.attempts} attempts)` : '';
  // The body of another host's error: shown on a terminal, so no control characters.
  const message = error.platformMessage
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .slice(0, 200);
  return error.status === undefined
    ? `${message}${tries}`
    : `answered ${error.status}: ${message}${tries}`;
}
