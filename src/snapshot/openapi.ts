import { z } from 'zod';

/**
 * `openapi.json`: the OpenAPI spec documents a pull fetched (a page's `{% openapi src="URL" %}`,
 * the `$ref`s of those) or read (the config's named specs), keyed by absolute URL; their bytes
 * are in `files/<sha256>` like every other file. Optional: a snapshot without it has no specs.
 * Documented in docs/snapshot.md.
 *
 * Keys are absolute `http(s)` URLs as fetched (before redirects), or `local:///<path>` for a
 * file of the docs repository, `<path>` relative to the config file's folder.
 */

export const OPENAPI_FILE = 'openapi.json';

/** The scheme of keys of documents that are files of the docs repository. */
export const LOCAL_SPEC_PREFIX = 'local:///';

/** A document the pull stored. */
export const StoredSpecDocument = z.object({
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
  size: z.number(),
  /** As the host sent it (`Content-Type`), when fetched. */
  contentType: z.string().optional(),
  /** Validators for the next pull's conditional request. */
  etag: z.string().optional(),
  lastModified: z.string().optional(),
});
export type StoredSpecDocument = z.infer<typeof StoredSpecDocument>;

/** A document the pull refused or could not get: one line saying why (no secrets). */
export const FailedSpecDocument = z.object({ error: z.string() });
export type FailedSpecDocument = z.infer<typeof FailedSpecDocument>;

export const SpecDocument = z.union([StoredSpecDocument, FailedSpecDocument]);
export type SpecDocument = z.infer<typeof SpecDocument>;

export const OpenapiSources = z.object({
  /** Every document, by key. */
  documents: z.record(z.string(), SpecDocument),
  /** Named specs (the config's `openapi` map): name → the key of its root document. */
  named: z.record(z.string(), z.string()),
});
export type OpenapiSources = z.infer<typeof OpenapiSources>;

export function emptyOpenapiSources(): OpenapiSources {
  return { documents: {}, named: {} };
}

export function isStoredSpec(document: SpecDocument | undefined): document is StoredSpecDocument {
  return document !== undefined && 'sha256' in document;
}

/**
 * The key of the document a `$ref` (its part before `#`) points at, from the document `baseKey`;
 * undefined for a local ref (`#/components/…`). The pull stores documents under these keys and
 * the render finds them with the same function. From a `local:///` document a relative ref
 * stays `local:///` (URL resolution cannot climb above its root); an absolute URL is itself,
 * whatever its scheme (a `file:` one is recorded as refused).
 */
export function specRefKey(ref: string, baseKey: string): string | undefined {
  const target = ref.split('#')[0] ?? '';
  if (target.trim() === '') return undefined;
  try {
    const url = new URL(target, baseKey);
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}
