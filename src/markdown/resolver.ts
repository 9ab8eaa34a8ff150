/**
 * A `Resolver` over plain data (structured-cloneable, so the worker pool can rebuild it in each
 * worker): the site model lists the pages, files and reusable content of the space(s) a page can
 * link to, with their site URLs.
 */
import type {
  FileReference,
  PageReference,
  ResolvedFile,
  Resolver,
  ReusableContentReference,
} from './types.ts';

export interface TableResolverData {
  /** Space of the pages being rendered: references without a `spaceId` look here. */
  spaceId?: string;
  pages: {
    id: string;
    /** File path in the space (`guides/install.md`). */
    path?: string;
    /** Page path as in app URLs (`guides/install`; `''` for the first page). */
    pagePath?: string;
    url: string;
    title: string;
    emoji?: string;
    icon?: string;
    spaceId?: string;
  }[];
  /** What each file resolves to, and what identifies it in references. */
  files: (ResolvedFile & {
    id: string;
    /** Asset path in the space (`.gitbook/assets/logo.png`). */
    path?: string;
    /** The File's `downloadURL`, so absolute file URLs resolve too. */
    downloadURL?: string;
    spaceId?: string;
  })[];
  reusableContents?: { id: string; path?: string; markdown: string; spaceId?: string }[];
}

function index<T extends { spaceId?: string }>(
  items: readonly T[],
  defaultSpace: string | undefined,
  keys: (item: T) => (string | undefined)[],
): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    const space = item.spaceId ?? defaultSpace ?? '';
    for (const key of keys(item)) if (key !== undefined) map.set(`${space}\u0000${key}`, item);
  }
  return map;
}

export function createTableResolver(data: TableResolverData): Resolver {
  const space = data.spaceId;
  const pagesById = index(data.pages, space, (p) => [p.id]);
  const pagesByPath = index(data.pages, space, (p) => [p.path]);
  const pagesByPagePath = index(data.pages, space, (p) => [p.pagePath]);
  const filesById = index(data.files, space, (f) => [f.id]);
  const filesByPath = index(data.files, space, (f) => [f.path]);
  const filesByUrl = new Map(
    data.files.filter((f) => f.downloadURL).map((f) => [f.downloadURL as string, f]),
  );
  const reusable = data.reusableContents ?? [];
  const contentById = index(reusable, space, (r) => [r.id]);
  const contentByPath = index(reusable, space, (r) => [r.path]);

  const key = (spaceId: string | undefined, value: string) =>
    `${spaceId ?? space ?? ''}\u0000${value}`;

  return {
    page(ref: PageReference) {
      const found =
        (ref.pageId !== undefined ? pagesById.get(key(ref.spaceId, ref.pageId)) : undefined) ??
        (ref.path !== undefined ? pagesByPath.get(key(ref.spaceId, ref.path)) : undefined) ??
        (ref.pagePath !== undefined
          ? pagesByPagePath.get(key(ref.spaceId, ref.pagePath))
          : undefined);
      if (!found) return undefined;
      return {
        url: found.url,
        title: found.title,
        ...(found.emoji ? { emoji: found.emoji } : {}),
        ...(found.icon ? { icon: found.icon } : {}),
      };
    },
    file(ref: FileReference) {
      const found =
        (ref.fileId !== undefined ? filesById.get(key(ref.spaceId, ref.fileId)) : undefined) ??
        (ref.path !== undefined ? filesByPath.get(key(ref.spaceId, ref.path)) : undefined) ??
        (ref.url !== undefined ? filesByUrl.get(ref.url) : undefined);
      if (!found) return undefined;
      const { url, name, size, contentType, width, height, image } = found;
      return {
        url,
        name,
        ...(size !== undefined ? { size } : {}),
        ...(contentType !== undefined ? { contentType } : {}),
        ...(width !== undefined ? { width } : {}),
        ...(height !== undefined ? { height } : {}),
        ...(image !== undefined ? { image } : {}),
      };
    },
    reusableContent(ref: ReusableContentReference) {
      const found =
        (ref.id !== undefined ? contentById.get(key(ref.spaceId, ref.id)) : undefined) ??
        (ref.path !== undefined ? contentByPath.get(key(ref.spaceId, ref.path)) : undefined);
      return found
        ? { markdown: found.markdown, ...(found.path ? { path: found.path } : {}) }
        : undefined;
    },
  };
}
