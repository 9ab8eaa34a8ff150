import { badRequest } from './errors.ts';

/**
 * `L<T>` envelopes: `{ next?: { page }, count, items }`. The cursor is opaque to clients
 * (base64url of a tagged offset) so they cannot build one, and a cursor that does not decode
 * is a 400 rather than a silent restart from the first page.
 */

export const MAX_LIMIT = 1000;

export interface Envelope<T> {
  next?: { page: string };
  count: number;
  items: T[];
}

export function encodeCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  const match = /^offset:(\d{1,9})$/.exec(text);
  if (!match)
    throw badRequest('invalid page cursor: send back the next.page value of the previous response');
  return Number(match[1]);
}

/** The page size asked for: `limit`, else the server's default. */
export function parseLimit(query: URLSearchParams, fallback: number): number {
  const raw = query.get('limit');
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LIMIT) {
    throw badRequest(`limit must be an integer from 1 to ${MAX_LIMIT}`);
  }
  return Number(raw);
}

/** One page of `items` for the `page` and `limit` of the query; `count` is the total. */
export function paginate<T>(
  items: readonly T[],
  query: URLSearchParams,
  pageSize: number,
): Envelope<T> {
  const limit = parseLimit(query, pageSize);
  const cursor = query.get('page');
  const offset = cursor === null || cursor === '' ? 0 : decodeCursor(cursor);
  const end = offset + limit;
  const envelope: Envelope<T> = { count: items.length, items: items.slice(offset, end) };
  if (end < items.length) envelope.next = { page: encodeCursor(end) };
  return envelope;
}
