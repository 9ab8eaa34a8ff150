import { readFile } from 'node:fs/promises';
import pLimit from 'p-limit';
import type { PlatformClient } from '../api/client.ts';
import type { ChangeRequest, File, Page, Revision } from '../api/schemas/index.ts';
import {
  basePageMarkdownPath,
  type SpaceChanges,
  type StoredFile,
  spaceChangesPath,
} from '../snapshot/format.ts';
import type { PageChange } from '../snapshot/records.ts';
import type { SnapshotWriter } from '../snapshot/write.ts';
import type { FileStore } from './files.ts';
import { PageReuse } from './page-reuse.ts';
import { hasMarkdown, stripMarkdown, walkPages } from './pages.ts';

/** What the change request's own pull left in the staging snapshot. */
interface RequestSide {
  key: string;
  revision: Revision;
  files: readonly File[];
  /** A page's markdown as the staging snapshot holds it (scrubbed), or undefined. */
  markdown(pageId: string): Promise<string | undefined>;
}

/**
 * What a change request changes, against the space's revision it started from
 * (`revisionInitial`), page by page (docs/change-requests.md): pages added, removed, moved (a new
 * path) and edited (different markdown). Edited and removed pages keep the markdown they had, so
 * the preview can show removed blocks and removed pages as they were. A page provably unchanged
 * (same record, same references: `PageReuse`) costs no request; the others are fetched once. A
 * page given a new title is edited even when its markdown is not, and keeps its old title.
 *
 * When the space has moved on since the request started, the pages the live space changed since
 * are listed too, so the preview can say which of the request's pages may conflict.
 */
export async function pullChangeBase(
  client: PlatformClient,
  changeRequest: ChangeRequest,
  space: { id: string; revision: string },
  request: RequestSide,
  context: { writer: SnapshotWriter; files: FileStore },
): Promise<SpaceChanges> {
  const base = await revisionWithFiles(client, space.id, changeRequest.revisionInitial);
  const baseMarkdown = fetcher(client, space.id, changeRequest.revisionInitial);
  const pages = await comparePages(base, request, baseMarkdown);

  // Keep what the preview shows of the old revision: edited and removed pages' markdown.
  for (const change of pages) {
    const before = baseMarkdown.held(change.pageId);
    if (before === undefined) continue;
    if (change.change === 'removed' || change.edited) {
      await context.writer.text(basePageMarkdownPath(request.key, change.pageId), before);
    }
  }
  const files = await storeBaseOnlyFiles(base.files, request.files, space.id, context.files);

  let liveSince: PageChange[] | undefined;
  if (space.revision !== changeRequest.revisionInitial) {
    const current = await revisionWithFiles(client, space.id, space.revision);
    const currentMarkdown = fetcher(client, space.id, space.revision);
    liveSince = await comparePages(
      base,
      {
        revision: current.revision,
        files: current.files,
        markdown: (pageId) => currentMarkdown.get(pageId),
      },
      baseMarkdown,
    );
  }

  const changes: SpaceChanges = {
    baseRevision: changeRequest.revisionInitial,
    currentRevision: space.revision,
    pages,
    files,
    ...(liveSince ? { liveSince } : {}),
  };
  await context.writer.json(spaceChangesPath(request.key), changes);
  return changes;
}

interface RevisionWithFiles {
  revision: Revision;
  files: File[];
}

async function revisionWithFiles(
  client: PlatformClient,
  spaceId: string,
  revisionId: string,
): Promise<RevisionWithFiles> {
  const revision = await client.request('getRevision', { spaceId, revisionId });
  const files =
    revision.files.length > 0
      ? revision.files
      : await client.list('listRevisionFiles', { spaceId, revisionId });
  return { revision: { ...revision, pages: stripMarkdown(revision.pages) }, files };
}

/** Fetches a revision's page markdown once per page, and keeps what it fetched. */
function fetcher(client: PlatformClient, spaceId: string, revisionId: string) {
  const fetched = new Map<string, Promise<string | undefined>>();
  const settled = new Map<string, string | undefined>();
  return {
    get(pageId: string): Promise<string | undefined> {
      let pending = fetched.get(pageId);
      if (!pending) {
        pending = client
          .request(
            'getRevisionPage',
            { spaceId, revisionId, pageId },
            { query: { format: 'markdown' } },
          )
          .then((page) => {
            const markdown = typeof page.markdown === 'string' ? page.markdown : undefined;
            settled.set(pageId, markdown);
            return markdown;
          });
        fetched.set(pageId, pending);
      }
      return pending;
    },
    /** What `get` fetched for the page, or what was put there for it. */
    held(pageId: string): string | undefined {
      return settled.get(pageId);
    },
    put(pageId: string, markdown: string): void {
      settled.set(pageId, markdown);
      fetched.set(pageId, Promise.resolve(markdown));
    },
  };
}

type Fetcher = ReturnType<typeof fetcher>;

function pathOf(page: Page): string {
  return page.path ?? page.slug ?? page.id;
}

function documentsById(pages: readonly Page[]): Map<string, Page> {
  return new Map([...walkPages(pages)].filter(hasMarkdown).map((page) => [page.id, page]));
}

/**
 * The page changes from `from` to `to`, in `to`'s reading order then `from`'s for removed pages.
 * `fromMarkdown` is filled with the markdown `from` had for every page that needed a look.
 */
async function comparePages(
  from: RevisionWithFiles,
  to: RequestSide | Omit<RequestSide, 'key'>,
  fromMarkdown: Fetcher,
): Promise<PageChange[]> {
  const before = documentsById(from.revision.pages);
  const after = documentsById(to.revision.pages);
  // The reverse of a pull's reuse: `from`'s markdown derived from `to`'s, where provable.
  const reuse = new PageReuse(
    { ...to.revision, files: to.files },
    { ...from.revision, files: from.files },
  );
  const limit = pLimit(8);
  const compared = await Promise.all(
    [...after.values()].map((page) =>
      limit(async (): Promise<PageChange | undefined> => {
        const old = before.get(page.id);
        if (!old)
          return { pageId: page.id, change: 'added', title: page.title, path: pathOf(page) };
        const now = await to.markdown(page.id);
        const derived = reuse.reusedMarkdown(page.id, now);
        if (derived !== undefined) fromMarkdown.put(page.id, derived);
        const was = derived ?? (await fromMarkdown.get(page.id));
        const edited = was !== now && normalized(was, from.files) !== normalized(now, to.files);
        const moved = pathOf(old) !== pathOf(page);
        // A new title alone is an edit too: the sidebar, the tab and search show it.
        const retitled = old.title !== page.title;
        if (!edited && !moved && !retitled) return undefined;
        return {
          pageId: page.id,
          change: moved ? 'moved' : 'edited',
          title: page.title,
          path: pathOf(page),
          ...(moved ? { previousPath: pathOf(old) } : {}),
          ...(retitled ? { previousTitle: old.title } : {}),
          edited,
        };
      }),
    ),
  );
  const removed = await Promise.all(
    [...before.values()]
      .filter((page) => !after.has(page.id))
      .map((page) =>
        limit(async (): Promise<PageChange> => {
          await fromMarkdown.get(page.id);
          return { pageId: page.id, change: 'removed', title: page.title, path: pathOf(page) };
        }),
      ),
  );
  return [...compared.filter((change) => change !== undefined), ...removed];
}

/**
 * A page's markdown with each file's download URL written as the file's id: two revisions may
 * serve the same file at different URLs, which is no edit of the page.
 */
function normalized(markdown: string | undefined, files: readonly File[]): string | undefined {
  if (markdown === undefined) return undefined;
  let text = markdown;
  for (const file of files) {
    if (file.downloadURL && text.includes(file.downloadURL)) {
      text = text.split(file.downloadURL).join(`file:${file.id}`);
    }
  }
  return text;
}

/** The files the old revision had and the request does not: removed blocks may show them. */
async function storeBaseOnlyFiles(
  baseFiles: readonly File[],
  requestFiles: readonly File[],
  spaceId: string,
  store: FileStore,
): Promise<StoredFile[]> {
  const kept = new Set(requestFiles.map((file) => file.id));
  const stored = await Promise.all(
    baseFiles.filter((file) => !kept.has(file.id)).map((file) => store.store(file, spaceId)),
  );
  return stored.filter((file): file is StoredFile => file !== undefined);
}

/** Reads a page's markdown from the staging snapshot, as the request's side of a comparison. */
export function stagedMarkdown(
  writer: SnapshotWriter,
  path: (pageId: string) => string,
): (pageId: string) => Promise<string | undefined> {
  return (pageId) => readFile(writer.resolve(path(pageId)), 'utf8').catch(() => undefined);
}
