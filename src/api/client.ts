import type { z } from 'zod';
import { pruneDeepPages } from './depth.ts';
import {
  type EndpointName,
  endpoints,
  fillPath,
  type ItemOf,
  type ListEndpointName,
  type PathParams,
  type ResponseOf,
} from './endpoints.ts';
import { ApiError, ApiSchemaError, NotJsonError, schemaIssues } from './errors.ts';
import { OutOfSpecNotes, parseTolerantly } from './schemas/bounds.ts';
import { Transport, type TransportOptions } from './transport.ts';

export interface ClientOptions extends TransportOptions {
  /** A share link's key, sent on every operation that accepts `shareKey`. */
  shareKey?: string;
  /** Problems in a response that were worked around (a page tree cut at `MAX_PAGE_DEPTH`). */
  onWarning?: (message: string) => void;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

export interface ListOptions {
  query?: Record<string, string | number | boolean | undefined>;
  /** Items per page, at most 1000 (the platform's bound). */
  limit?: number;
}

export const MAX_PAGE_SIZE = 1000;

/**
 * A typed client of the platform API. Every method is one row of `endpoints`:
 * `client.request('getSite', { organizationId, siteId })` returns a validated `Site`.
 */
export class PlatformClient {
  readonly transport: Transport;
  readonly #shareKey: string | undefined;
  readonly #warn: (message: string) => void;
  readonly #outOfSpec = new OutOfSpecNotes();

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
    this.#shareKey = options.shareKey;
    this.#warn = options.onWarning ?? (() => {});
    this.transport.addSecret(options.shareKey);
  }

  async request<Name extends EndpointName>(
    name: Name,
    params: PathParams<Name>,
    options: RequestOptions = {},
  ): Promise<ResponseOf<Name>> {
    const spec = endpoints[name];
    const path = fillPath(spec.path, params as Record<string, string>);
    const query = { ...options.query };
    if ('shareKey' in spec && spec.shareKey && this.#shareKey) query.shareKey = this.#shareKey;
    const response = await this.transport.send({
      method: spec.method,
      path,
      query,
      body: options.body,
    });
    if (spec.response === null) return undefined as ResponseOf<Name>;
    if (response.json === undefined) {
      // Nothing at all where a resource was due: not the API (transport.ts tells other bodies).
      const contentType = response.headers.get('content-type');
      const answered = { apiUrl: this.transport.shownApiUrl, contentType, empty: true };
      throw new NotJsonError(spec.method, path, response.status, answered, 1);
    }
    return this.#validate(
      name,
      spec.method,
      path,
      spec.response as z.ZodType,
      response.json,
    ) as ResponseOf<Name>;
  }

  /** Every item of a list operation, following `next.page` until the platform has no more. */
  async *paginate<Name extends ListEndpointName>(
    name: Name,
    params: PathParams<Name>,
    options: ListOptions = {},
  ): AsyncGenerator<ItemOf<Name>, void, undefined> {
    const limit = options.limit ?? MAX_PAGE_SIZE;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
      throw new RangeError(`limit must be an integer from 1 to ${MAX_PAGE_SIZE}, got ${limit}`);
    }
    const seen = new Set<string>();
    let page: string | undefined;
    do {
      const query = { ...options.query, limit, page };
      const envelope = (await this.request(name, params, { query })) as {
        items: ItemOf<Name>[];
        next?: { page: string };
      };
      yield* envelope.items;
      page = envelope.next?.page;
      if (page !== undefined) {
        // A cursor seen before would page forever.
        if (seen.has(page)) {
          const spec = endpoints[name];
          throw new ApiError(
            spec.method,
            fillPath(spec.path, params as Record<string, string>),
            200,
            `pagination repeats cursor "${page}"`,
            1,
          );
        }
        seen.add(page);
      }
    } while (page !== undefined);
  }

  /** All items of a list operation, in order. */
  async list<Name extends ListEndpointName>(
    name: Name,
    params: PathParams<Name>,
    options: ListOptions = {},
  ): Promise<ItemOf<Name>[]> {
    const items: ItemOf<Name>[] = [];
    for await (const item of this.paginate(name, params, options)) items.push(item);
    return items;
  }

  /** The bytes at a File's `downloadURL` (the token is sent only if it is on the API's origin). */
  async download(url: string): Promise<Uint8Array> {
    const response = await this.transport.send({ method: 'GET', path: url, as: 'bytes' });
    return response.bytes ?? new Uint8Array();
  }

  #validate(name: string, method: string, path: string, schema: z.ZodType, json: unknown): unknown {
    for (const cut of pruneDeepPages(json))
      this.#warn(`${method} ${path}: ${this.transport.redact(cut)}`);
    const result = parseTolerantly(schema, json);
    if (!result.success) throw new ApiSchemaError(name, method, path, schemaIssues(result.error));
    this.#outOfSpec.add(`${method} ${path}`, result.outOfSpec);
    return result.data;
  }

  /**
   * Values the responses so far sent outside the spec's lengths and formats (kept as sent, see
   * docs/validation.md): one warning per kind, with its first places.
   */
  outOfSpecWarnings(): string[] {
    return this.#outOfSpec.messages().map((message) => this.transport.redact(message));
  }
}
