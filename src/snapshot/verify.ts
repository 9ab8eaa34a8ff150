import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { SpaceEntry } from './format.ts';
import { isStoredSpec } from './openapi.ts';
import type { Snapshot } from './read.ts';

/**
 * Reads back every file of a snapshot a pull would reuse: each JSON file through its schema
 * (`Snapshot`'s readers), and each stored file's bytes against the sha256 it is named by. A
 * damaged snapshot (a bad restore of a CI cache, a disk error) then costs one warning and a
 * full pull, instead of being linked into every snapshot after it. Throws a SnapshotError
 * naming the first damaged file.
 */
export async function verifySnapshot(snapshot: Snapshot): Promise<void> {
  await snapshot.site();
  await snapshot.structure();
  await snapshot.adaptiveSchema();
  const blobs = new Set<string>();
  for (const entry of snapshot.manifest.spaces) {
    await snapshot.space(entry.spaceId);
    await snapshot.revision(entry.spaceId);
    await snapshot.brokenLinks(entry.spaceId);
    await verifyPages(snapshot, entry);
    for (const file of entry.files) blobs.add(file.sha256);
  }
  const { documents } = await snapshot.openapi();
  for (const document of Object.values(documents))
    if (isStoredSpec(document)) blobs.add(document.sha256);
  for (const sha256 of blobs) {
    const actual = await digestOf(snapshot.blobFile(sha256)).catch(() => 'missing');
    if (actual !== sha256)
      throw new Error(
        `snapshot at ${snapshot.dir} is damaged: files/${sha256} ${actual === 'missing' ? 'is missing' : 'does not hold the bytes it is named by'}`,
      );
  }
}

/** Each page's markdown against the digest the pull recorded for it (when it recorded any). */
async function verifyPages(snapshot: Snapshot, entry: SpaceEntry): Promise<void> {
  const digests = await snapshot.pageDigests(entry.spaceId);
  if (!digests) return;
  for (const [pageId, sha256] of Object.entries(digests.pages)) {
    const file = snapshot.pageFile(entry.spaceId, pageId);
    const actual = await digestOf(file).catch(() => 'missing');
    if (actual !== sha256)
      throw new Error(
        `snapshot at ${snapshot.dir} is damaged: ${path.relative(snapshot.dir, file)} ${actual === 'missing' ? 'is missing' : 'does not hold the markdown it was pulled with'}`,
      );
  }
}

/** The sha256 of a file's bytes, read as a stream. */
export async function digestOf(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}
