import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * Ids of the local platform are hashes of what identifies a thing (space + file path), so they
 * survive restarts and edits of the content: a snapshot pulled twice sees the same ids.
 */
export function stableId(...parts: Array<string | number>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${String(part).length}:${part}|`);
  return hash.digest('hex').slice(0, 20);
}

/** The object id git gives a blob, so `git.oid` matches what a real Git Sync reports. */
export function gitBlobOid(content: Uint8Array): string {
  return createHash('sha1').update(`blob ${content.byteLength}\0`).update(content).digest('hex');
}

/**
 * Timestamps the folder cannot provide. File mtimes change on every checkout, which would make
 * snapshots of the same content differ; one fixed date keeps pulls deterministic.
 */
export const FIXED_DATE = '2024-01-01T00:00:00.000Z';

/** Folder and file names double as ids, so they are restricted to URL-safe characters. */
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A section or site-space path: one URL segment, within the platform's 1..100 bound. */
export const UrlPath = z
  .string()
  .min(1)
  .max(100)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'a path is one URL segment: letters, digits, ".", "_", "-"',
  );
