import type { SiteReader } from './site-reader.ts';

/** What a missing file counts for in the cache's budget (its key and the entry). */
const MISSING_COST = 256;

/**
 * A reader that keeps the files it read, least recently used first out, within `maxBytes`.
 * Requests for a file already in flight share it. A failed read is not kept: the next call
 * tries again (a remote host may be back).
 */
export function cachedReader(reader: SiteReader, maxBytes: number): SiteReader {
  const entries = new Map<string, { bytes: Uint8Array | undefined; cost: number }>();
  const inFlight = new Map<string, Promise<Uint8Array | undefined>>();
  let used = 0;

  const remember = (key: string, bytes: Uint8Array | undefined) => {
    const cost = (bytes?.byteLength ?? 0) + MISSING_COST;
    if (cost > maxBytes) return;
    entries.set(key, { bytes, cost });
    used += cost;
    for (const [oldest, entry] of entries) {
      if (used <= maxBytes) break;
      entries.delete(oldest);
      used -= entry.cost;
    }
  };

  return {
    root: reader.root,
    get(path) {
      const hit = entries.get(path);
      if (hit) {
        // Map order is the LRU order: a hit moves to the end.
        entries.delete(path);
        entries.set(path, hit);
        return Promise.resolve(hit.bytes);
      }
      const pending = inFlight.get(path);
      if (pending) return pending;
      const read = reader.get(path).then(
        (bytes) => {
          inFlight.delete(path);
          remember(path, bytes);
          return bytes;
        },
        (error: unknown) => {
          inFlight.delete(path);
          throw error;
        },
      );
      inFlight.set(path, read);
      return read;
    },
  };
}
