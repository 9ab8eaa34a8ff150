import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import pLimit from 'p-limit';
import type { PlatformClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { type ChangeRequest, type File, Revision, type Space } from '../api/schemas/index.ts';
import {
  type PageDigests,
  pageDigestsPath,
  pageMarkdownPath,
  type SpaceEntry,
  type StoredFile,
  spaceDir,
  storageKey,
} from '../snapshot/format.ts';
import type { Snapshot } from '../snapshot/read.ts';
import { linkOrCopy } from '../snapshot/store.ts';
import { digestOf } from '../snapshot/verify.ts';
import type { SnapshotWriter } from '../snapshot/write.ts';
import { pullChangeBase, stagedMarkdown } from './change-base.ts';
import type { FileStore } from './files.ts';
import { PageReuse } from './page-reuse.ts';
import { coverFileIds, hasMarkdown, stripMarkdown, walkPages } from './pages.ts';
import { allSettledOrThrow } from './settle.ts';

export interface SpaceCounters {
  /** Pages whose markdown was linked from the previous snapshot instead of fetched. */
  pagesReused: number;
  pagesDone: number;
  pagesTotal: number;
  filesDone: number;
  filesTotal: number;
  tick(): void;
}

interface SpaceSource {
  space: Space;
  changeRequest?: ChangeRequest;
}

/**
 * Pulls one space into the staging snapshot: its current revision (or the change request's), the
 * markdown of each page, its files and its broken-link report. A revision is immutable, so when
 * the previous snapshot holds the same one, its files are linked and nothing else is fetched.
 */
export async function pullSpace(
  client: PlatformClient,
  source: SpaceSource,
  context: {
    writer: SnapshotWriter;
    files: FileStore;
    previous: Snapshot | undefined;
    /** Where a failed pull left what it had fetched (`SnapshotStore.partialDir`). */
    partialDir: string;
    counters: SpaceCounters;
    warn: (message: string) => void;
    /** Told which files the space's pages show as cover, before its files are stored. */
    covers?: (spaceId: string, fileIds: string[]) => void;
    /** Told the space's revision and each page's markdown as they land (src/pull/early). */
    early?: { revision(spaceId: string, revision: unknown): void; page(markdown: string): void };
  },
): Promise<SpaceEntry & { reused: boolean }> {
  const { space, changeRequest } = source;
  const key = storageKey(space.id);
  const revisionId = changeRequest?.revision ?? space.revision;
  const changeRequestView = changeRequest
    ? {
        id: changeRequest.id,
        number: changeRequest.number,
        subject: changeRequest.subject,
        status: changeRequest.status,
      }
    : undefined;

  const held = context.previous?.manifest.spaces.find((s) => s.spaceId === space.id);
  if (
    held &&
    context.previous &&
    held.revision === revisionId &&
    held.changeRequest?.id === changeRequestView?.id
  ) {
    await reuseSpace(context.previous, held, context);
    if (changeRequest) {
      const changes = await context.previous.changes(space.id).catch(() => undefined);
      if (changes?.currentRevision === space.revision) await context.files.reuse(changes.files);
      else await compareWithBase(client, changeRequest, space, held.key, context);
    }
    return { ...held, changeRequest: changeRequestView, reused: true };
  }

  const params = { spaceId: space.id };
  const crParams = changeRequest
    ? { spaceId: space.id, changeRequestId: changeRequest.id }
    : undefined;
  const revision: Revision = crParams
    ? await client.request('getChangeRequestContent', crParams)
    : await client.request('getSpaceContent', params);

  const documents = [...walkPages(revision.pages)].filter(hasMarkdown);
  context.covers?.(space.id, coverFileIds(revision.pages));
  const files = await listFiles(client, revision, params, crParams);
  context.counters.pagesTotal += documents.length;
  context.counters.filesTotal += files.length;
  context.counters.tick();

  const dir = spaceDir(key);
  const storedRevision = {
    ...revision,
    id: revisionId,
    pages: stripMarkdown(revision.pages),
    files,
  };
  // Written first, so that a failed pull's partial directory says which revision its pages are of.
  await context.writer.json(`${dir}/revision.json`, storedRevision);
  context.early?.revision(space.id, storedRevision);
  const reuse = await previousPages(context.previous, held, changeRequestView?.id, revision, files);
  const resumed = await partialPages(context.partialDir, dir, revisionId);
  const pageWork = documents.map(async (page) => {
    const path = pageMarkdownPath(key, page.id);
    if (
      (reuse && (await reuse.tryReuse(page.id, path, context.writer))) ||
      (await resumed(path, context.writer))
    ) {
      context.counters.pagesReused++;
      context.counters.pagesDone++;
      context.counters.tick();
      return;
    }
    const query = { format: 'markdown' };
    const full = crParams
      ? await client.request('getChangeRequestPage', { ...crParams, pageId: page.id }, { query })
      : await client.request('getSpacePage', { ...params, pageId: page.id }, { query });
    if (typeof full.markdown === 'string') {
      await context.writer.text(path, full.markdown);
      context.early?.page(full.markdown);
    }
    context.counters.pagesDone++;
    context.counters.tick();
  });
  const fileWork = files.map(async (file) => {
    const stored = await context.files.store(file, space.id);
    context.counters.filesDone++;
    context.counters.tick();
    return stored;
  });
  const brokenLinks = crParams
    ? Promise.resolve({ total: 0, broken: [] })
    : client
        .list('listSpaceLinks', params, { query: { status: 'broken' } })
        .then((broken) => ({ total: broken.length, broken }));

  const [, storedFiles, links] = await Promise.all([
    allSettledOrThrow(pageWork),
    allSettledOrThrow(fileWork),
    brokenLinks,
  ]);

  await context.writer.json(
    pageDigestsPath(key),
    await digestPages(
      context.writer,
      key,
      documents.map((page) => page.id),
    ),
  );
  await context.writer.json(`${dir}/space.json`, space);
  await context.writer.json(`${dir}/links.json`, links);
  if (changeRequest) await compareWithBase(client, changeRequest, space, key, context);
  return {
    spaceId: space.id,
    key,
    revision: revisionId,
    title: space.title,
    pages: documents.length,
    files: storedFiles.filter((f): f is StoredFile => f !== undefined),
    changeRequest: changeRequestView,
    reused: false,
  };
}

/**
 * The previous snapshot's pages of this space, when it holds the space from the same source
 * (the space itself, or the same change request) and its revision can be read.
 */
async function previousPages(
  previous: Snapshot | undefined,
  held: SpaceEntry | undefined,
  changeRequestId: string | undefined,
  revision: Revision,
  files: File[],
): Promise<
  | { tryReuse: (pageId: string, path: string, writer: SnapshotWriter) => Promise<boolean> }
  | undefined
> {
  if (!previous || !held || held.changeRequest?.id !== changeRequestId) return undefined;
  let reuse: PageReuse;
  try {
    const before = await previous.revision(held.spaceId);
    reuse = new PageReuse(before, { ...revision, files });
  } catch {
    return undefined; // unreadable: every page is fetched
  }
  return {
    tryReuse: async (pageId, path, writer) => {
      const before = await previous.pageMarkdown(held.spaceId, pageId);
      const markdown = reuse.reusedMarkdown(pageId, before);
      if (markdown === undefined) return false;
      if (markdown === before) await linkOrCopy(`${previous.dir}/${path}`, writer.resolve(path));
      else await writer.text(path, markdown);
      return true;
    },
  };
}

/**
 * Pages a failed pull fetched for this very revision (revisions are immutable, so they are
 * still right): links one into the staging snapshot if it is there.
 */
async function partialPages(
  partialDir: string,
  dir: string,
  revisionId: string,
): Promise<(path: string, writer: SnapshotWriter) => Promise<boolean>> {
  const none = async () => false;
  let held: unknown;
  try {
    held = JSON.parse(await readFile(`${partialDir}/${dir}/revision.json`, 'utf8'));
  } catch {
    return none;
  }
  if ((held as { id?: unknown } | null)?.id !== revisionId) return none;
  return async (path, writer) => {
    if (!existsSync(`${partialDir}/${path}`)) return false;
    await linkOrCopy(`${partialDir}/${path}`, writer.resolve(path));
    return true;
  };
}

/**
 * The sha256 of each page's markdown as it now is in the staging snapshot, however it got
 * there (fetched, reused, resumed): read back, since the writer scrubs what it writes.
 */
async function digestPages(
  writer: SnapshotWriter,
  key: string,
  pageIds: readonly string[],
): Promise<PageDigests> {
  const limit = pLimit(16);
  const digests = await Promise.all(
    pageIds.map((pageId) =>
      limit(async () => {
        const digest = await digestOf(writer.resolve(pageMarkdownPath(key, pageId))).catch(
          () => undefined,
        );
        return digest === undefined ? undefined : ([pageId, digest] as const);
      }),
    ),
  );
  return { pages: Object.fromEntries(digests.filter((digest) => digest !== undefined)) };
}

/** A revision's files: listed in the revision, or (when it leaves them out) page by page. */
async function listFiles(
  client: PlatformClient,
  revision: Revision,
  params: { spaceId: string },
  crParams: { spaceId: string; changeRequestId: string } | undefined,
): Promise<File[]> {
  if (revision.files.length > 0) return revision.files;
  return crParams
    ? client.list('listChangeRequestFiles', crParams)
    : client.list('listSpaceFiles', params);
}

/**
 * Records what the change request changes against the revision it started from. A preview
 * without it still builds: a base the platform no longer serves is a warning.
 */
async function compareWithBase(
  client: PlatformClient,
  changeRequest: ChangeRequest,
  space: Space,
  key: string,
  context: { writer: SnapshotWriter; files: FileStore; warn: (message: string) => void },
): Promise<void> {
  try {
    const revision = Revision.parse(
      JSON.parse(await readFile(context.writer.resolve(`${spaceDir(key)}/revision.json`), 'utf8')),
    );
    await pullChangeBase(
      client,
      changeRequest,
      space,
      {
        key,
        revision,
        files: revision.files,
        markdown: stagedMarkdown(context.writer, (pageId) => pageMarkdownPath(key, pageId)),
      },
      context,
    );
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 403)) throw error;
    context.warn(
      `change request #${changeRequest.number}: cannot read the revision it started from (${error.message}); the preview shows no changes`,
    );
  }
}

async function reuseSpace(
  previous: Snapshot,
  held: SpaceEntry,
  context: { writer: SnapshotWriter; files: FileStore },
): Promise<void> {
  const dir = spaceDir(held.key);
  const from = `${previous.dir}/${dir}`;
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = `${entry.parentPath}/${entry.name}`;
    const relative = absolute.slice(previous.dir.length + 1);
    await linkOrCopy(absolute, context.writer.resolve(relative));
  }
  await context.files.reuse(held.files);
}
