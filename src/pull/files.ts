import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { PlatformClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { File } from '../api/schemas/index.ts';
import type { LandedFile } from '../images/early.ts';
import { blobPath, type StoredFile } from '../snapshot/format.ts';
import type { Snapshot } from '../snapshot/read.ts';
import { linkOrCopy } from '../snapshot/store.ts';
import type { SnapshotWriter } from '../snapshot/write.ts';

/**
 * Files of a revision, stored once by content (`files/<sha256>`). A file the previous snapshot
 * holds with the same fingerprint is linked from there instead of downloaded again.
 */
export class FileStore {
  readonly #previous = new Map<string, StoredFile>();
  readonly #written = new Set<string>();
  downloaded = 0;
  reused = 0;
  bytes = 0;

  /** Files left out, each with a warning: they do not fail the pull. */
  skipped = 0;

  private readonly client: PlatformClient;
  private readonly writer: SnapshotWriter;
  private readonly previous: Snapshot | undefined;
  private readonly warn: (message: string) => void;
  private readonly landed: ((file: LandedFile) => void) | undefined;

  constructor(
    client: PlatformClient,
    writer: SnapshotWriter,
    previous: Snapshot | undefined,
    warn: (message: string) => void = () => {},
    /** Told of each file downloaded, once its bytes are stored (images are made from them). */
    landed?: (file: LandedFile) => void,
  ) {
    this.client = client;
    this.writer = writer;
    this.previous = previous;
    this.warn = warn;
    this.landed = landed;
    for (const space of previous?.manifest.spaces ?? []) {
      for (const file of space.files) this.#previous.set(file.fingerprint, file);
    }
  }

  /**
   * Brings the bytes of every file in the staging snapshot, and describes them. A file too
   * large to download (declared or actual) is left out with a warning naming it, so the rest
   * of the site still builds; pages that show it get a broken reference instead.
   */
  async store(file: File, spaceId: string): Promise<StoredFile | undefined> {
    const fingerprint = fingerprintOf(file);
    const held = this.#previous.get(fingerprint);
    if (held && this.previous && existsSync(this.previous.blobFile(held.sha256))) {
      await this.#link(held.sha256);
      this.reused++;
      return { ...held, id: file.id, name: file.name };
    }
    const what = `file ${JSON.stringify(file.name)} (id ${file.id}, space ${spaceId})`;
    const limit = this.client.transport.maxDownloadBytes;
    if (file.size !== undefined && file.size > limit) {
      this.warn(
        `${what} left out: its declared size ${file.size} bytes exceeds the ${limit}-byte limit`,
      );
      this.skipped++;
      return undefined;
    }
    let bytes: Uint8Array;
    try {
      bytes = await this.client.download(file.downloadURL);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'TOO_LARGE')) throw error;
      this.warn(`${what} left out: ${error.platformMessage}`);
      this.skipped++;
      return undefined;
    }
    if (file.size !== undefined && file.size !== bytes.byteLength) {
      this.warn(
        `${what}: declared ${file.size} bytes but ${bytes.byteLength} arrived; the bytes that arrived are used`,
      );
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (!this.#written.has(sha256)) {
      this.#written.add(sha256);
      await this.writer.bytes(blobPath(sha256), bytes);
      this.landed?.({
        sha256,
        file: this.writer.resolve(blobPath(sha256)),
        name: file.name,
        size: bytes.byteLength,
        contentType: file.contentType,
        spaceId,
        fileId: file.id,
        downloadURL: file.downloadURL,
      });
    }
    this.downloaded++;
    this.bytes += bytes.byteLength;
    return {
      id: file.id,
      name: file.name,
      contentType: file.contentType,
      size: bytes.byteLength,
      sha256,
      width: file.dimensions?.width,
      height: file.dimensions?.height,
      fingerprint,
    };
  }

  /** Links blobs of a space reused whole from the previous snapshot. */
  async reuse(files: StoredFile[]): Promise<void> {
    for (const file of files) await this.#link(file.sha256);
    this.reused += files.length;
  }

  async #link(sha256: string): Promise<void> {
    if (this.#written.has(sha256) || !this.previous) return;
    this.#written.add(sha256);
    await linkOrCopy(this.previous.blobFile(sha256), this.writer.resolve(blobPath(sha256)));
  }
}

/**
 * What identifies a file's content without downloading it. Download URLs may be signed anew on
 * every request, so they are left out; the git blob id, when present, is a content hash.
 */
export function fingerprintOf(file: File): string {
  return JSON.stringify([
    file.id,
    file.git?.oid ?? null,
    file.size ?? null,
    file.name,
    file.contentType ?? null,
  ]);
}
