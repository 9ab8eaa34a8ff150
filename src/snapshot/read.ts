import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { formatIssuePath } from '../api/errors.ts';
import {
  PublishedContentSite,
  parseTolerantly,
  Revision,
  SiteAdaptiveSchema,
  Space,
} from '../api/schemas/index.ts';
import {
  basePageMarkdownPath,
  blobPath,
  LinkedSpaces,
  Manifest,
  PageDigests,
  pageDigestsPath,
  pageMarkdownPath,
  SNAPSHOT_FILES,
  SNAPSHOT_FORMAT,
  SpaceChanges,
  type SpaceEntry,
  Structure,
  spaceChangesPath,
  spaceDir,
} from './format.ts';
import {
  emptyOpenapiSources,
  isStoredSpec,
  OPENAPI_FILE,
  OpenapiSources,
  type StoredSpecDocument,
} from './openapi.ts';
import { type ChangeRequestView, LinkReport } from './records.ts';

/** One spec document of `openapi.json` with its bytes, or why the pull has none. */
export type OpenapiDocument =
  | { key: string; document: StoredSpecDocument; bytes: Buffer }
  | { key: string; error: string };

/** A snapshot that cannot be read: the message names the file and the field. */
export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

/** Read access to a snapshot directory; every JSON file is validated as it is read. */
export class Snapshot {
  #openapi: Promise<OpenapiSources> | undefined;

  readonly dir: string;
  readonly manifest: Manifest;

  private constructor(dir: string, manifest: Manifest) {
    this.dir = dir;
    this.manifest = manifest;
  }

  static async open(dir: string): Promise<Snapshot> {
    const raw = await readJson(
      dir,
      SNAPSHOT_FILES.manifest,
      'not an Offprint snapshot (no manifest.json)',
    );
    const format = (raw as { format?: unknown })?.format;
    if (typeof format === 'number' && format > SNAPSHOT_FORMAT) {
      throw new SnapshotError(
        `snapshot at ${dir} has format ${format}, newer than this Offprint reads (${SNAPSHOT_FORMAT}): pull again or upgrade`,
      );
    }
    return new Snapshot(dir, parse(Manifest, raw, dir, SNAPSHOT_FILES.manifest));
  }

  async site(): Promise<PublishedContentSite> {
    return this.#json(SNAPSHOT_FILES.site, PublishedContentSite);
  }

  async structure(): Promise<Structure> {
    return this.#json(SNAPSHOT_FILES.structure, Structure);
  }

  async adaptiveSchema(): Promise<SiteAdaptiveSchema | undefined> {
    try {
      return await this.#json(SNAPSHOT_FILES.adaptiveSchema, SiteAdaptiveSchema);
    } catch (error) {
      if (error instanceof SnapshotError && /missing/.test(error.message)) return undefined;
      throw error;
    }
  }

  /** The OpenAPI spec documents the pull stored (`openapi.json`); empty when it has none. */
  openapi(): Promise<OpenapiSources> {
    this.#openapi ??= this.#json(OPENAPI_FILE, OpenapiSources).catch((error: unknown) => {
      if (error instanceof SnapshotError && /is missing$/.test(error.message))
        return emptyOpenapiSources();
      throw error;
    });
    return this.#openapi;
  }

  /**
   * A spec document by its key (an absolute URL or `local:///path`, see `specRefKey`): its
   * record and bytes, or the error the pull recorded; undefined when the pull never saw it.
   */
  async openapiDocument(key: string): Promise<OpenapiDocument | undefined> {
    const { documents } = await this.openapi();
    // Keys are URLs from content: never let one name a property of Object.prototype.
    if (!Object.hasOwn(documents, key)) return undefined;
    const document = documents[key] as OpenapiSources['documents'][string];
    if (!isStoredSpec(document)) return { key, error: document.error };
    try {
      return { key, document, bytes: await readFile(this.blobFile(document.sha256)) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      throw new SnapshotError(
        `snapshot at ${this.dir} is damaged: ${OPENAPI_FILE}: the bytes of ${key} are missing`,
      );
    }
  }

  spaceEntry(spaceId: string): SpaceEntry {
    const entry = this.manifest.spaces.find((s) => s.spaceId === spaceId);
    if (!entry) throw new SnapshotError(`snapshot at ${this.dir} has no space ${spaceId}`);
    return entry;
  }

  async space(spaceId: string): Promise<Space> {
    return this.#json(`${spaceDir(this.spaceEntry(spaceId).key)}/space.json`, Space);
  }

  async revision(spaceId: string): Promise<Revision> {
    return this.#json(`${spaceDir(this.spaceEntry(spaceId).key)}/revision.json`, Revision);
  }

  async changeRequest(spaceId: string): Promise<ChangeRequestView | undefined> {
    return this.spaceEntry(spaceId).changeRequest;
  }

  /** Other spaces the pages link to, where the platform publishes them (none: `{}`). */
  async linkedSpaces(): Promise<LinkedSpaces['spaces']> {
    if (!existsSync(path.join(this.dir, SNAPSHOT_FILES.linkedSpaces))) return {};
    return (await this.#json(SNAPSHOT_FILES.linkedSpaces, LinkedSpaces)).spaces;
  }

  /** What a change request changes in its space; undefined for a space pulled as published. */
  async changes(spaceId: string): Promise<SpaceChanges | undefined> {
    const file = spaceChangesPath(this.spaceEntry(spaceId).key);
    if (!existsSync(path.join(this.dir, file))) return undefined;
    return this.#json(file, SpaceChanges);
  }

  /** A page's markdown before the change request (edited and removed pages only). */
  async basePageMarkdown(spaceId: string, pageId: string): Promise<string | undefined> {
    const file = path.join(this.dir, basePageMarkdownPath(this.spaceEntry(spaceId).key, pageId));
    return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
  }

  async brokenLinks(spaceId: string): Promise<LinkReport> {
    return this.#json(`${spaceDir(this.spaceEntry(spaceId).key)}/links.json`, LinkReport);
  }

  /** The digests of a space's page markdown as pulled; undefined for a snapshot without them. */
  async pageDigests(spaceId: string): Promise<PageDigests | undefined> {
    const file = pageDigestsPath(this.spaceEntry(spaceId).key);
    if (!existsSync(path.join(this.dir, file))) return undefined;
    return this.#json(file, PageDigests);
  }

  /** A document page's markdown, or undefined when the page has none. */
  async pageMarkdown(spaceId: string, pageId: string): Promise<string | undefined> {
    try {
      return await readFile(this.pageFile(spaceId, pageId), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** The path of a document page's markdown file. */
  pageFile(spaceId: string, pageId: string): string {
    return path.join(this.dir, pageMarkdownPath(this.spaceEntry(spaceId).key, pageId));
  }

  /** The path of a stored file's bytes. */
  blobFile(sha256: string): string {
    return path.join(this.dir, blobPath(sha256));
  }

  async #json<T>(file: string, schema: z.ZodType<T>): Promise<T> {
    return parse(schema, await readJson(this.dir, file), this.dir, file);
  }
}

async function readJson(dir: string, file: string, missing?: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path.join(dir, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new SnapshotError(
        missing ? `${dir} is ${missing}` : `snapshot at ${dir} is damaged: ${file} is missing`,
      );
    }
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new SnapshotError(`snapshot at ${dir} is damaged: ${file} is not valid JSON`);
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, dir: string, file: string): T {
  // Values outside the spec's bounds were reported when pulled (docs/validation.md).
  const result = parseTolerantly(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue ? `${formatIssuePath(issue.path) || '(root)'}: ${issue.message}` : 'invalid';
  throw new SnapshotError(`snapshot at ${dir} is damaged: ${file}: ${where}`);
}
