import type { SpaceChanges } from '../snapshot/format.ts';
import type { ChangeRequestView, PageChange } from '../snapshot/records.ts';
import type { SiteModel } from './model.ts';
import { safeSegments } from './paths.ts';
import type { PageChangeKind, PageModel } from './types.ts';

/**
 * A change-request preview's review (docs/change-requests.md): the pages the request changed,
 * where a reader finds each (its URL in the preview, or for a removed page a copy of it as it
 * was), and the changes page that lists them. Only a build with `--change-request` has one.
 */

/** The changes page and the removed pages' copies live under this name at the output root. */
export const REVIEW_DIR = '_changes';

export interface ReviewEntry {
  change: PageChange['change'];
  title: string;
  /** Its path in the space (a removed page's as it was). */
  path: string;
  /** A moved page's path before the request. */
  previousPath?: string;
  /** A page given a new title: the title it had. */
  previousTitle?: string;
  /** The markdown differs (edited pages, and moved pages that were edited too). */
  edited: boolean;
  /** Where a reader sees it in the preview. */
  url: string;
  /** A page the request keeps: its key in the site model. */
  pageKey?: string;
  /** A removed page: its copy, built from the markdown it had. */
  removed?: RemovedPage;
}

export interface RemovedPage {
  pageId: string;
  spaceId: string;
  /** The site space its copy takes its navigation and links from. */
  siteSpaceId: string;
  outputFile: string;
  /** Its markdown's path in the space, for relative links (`currentPath`). */
  sourcePath: string;
}

export interface ReviewModel {
  changeRequest: ChangeRequestView;
  spaceId: string;
  /** The changes page. */
  url: string;
  outputFile: string;
  entries: ReviewEntry[];
  /** The space has moved on since the request started. */
  outdated: boolean;
  /** Pages the live space changed since then, with their URL in the preview when they have one. */
  liveSince: (Pick<PageChange, 'change' | 'title' | 'path'> & { url?: string })[];
}

/** The marks the sidebar shows, by space id and page id (`SiteModelInput.changes`). */
export function changeMarks(
  spaceId: string,
  changes: SpaceChanges,
): Map<string, Map<string, PageChangeKind>> {
  const marks = new Map<string, PageChangeKind>();
  for (const page of changes.pages) {
    if (page.change !== 'removed') marks.set(page.pageId, page.change);
  }
  return new Map([[spaceId, marks]]);
}

export function buildReview(
  model: SiteModel,
  spaceId: string,
  changeRequest: ChangeRequestView,
  changes: SpaceChanges,
): ReviewModel {
  const root = `${model.base}${REVIEW_DIR}/`;
  const shown = new Map<string, PageModel>();
  for (const page of model.pages) {
    if (page.spaceId === spaceId && !page.local && !shown.has(page.source.pageId)) {
      shown.set(page.source.pageId, page);
    }
  }
  const siteSpaceId = model.siteSpaces.find((s) => s.spaceId === spaceId)?.id ?? '';
  const removedUrls = new Set<string>();
  const removedCopy = (change: PageChange): { url: string; removed: RemovedPage } => {
    const segments = safeSegments(change.path);
    let rest = segments.length > 0 ? segments.join('/') : 'page';
    // Two removed pages whose paths clean to one: the later one is told apart by its id.
    if (removedUrls.has(rest)) rest = `${rest}-${safeSegments(change.pageId).join('-') || 'x'}`;
    removedUrls.add(rest);
    const encoded = rest.split('/').map(encodeURIComponent).join('/');
    return {
      url: `${root}removed/${encoded}/`,
      removed: {
        pageId: change.pageId,
        spaceId,
        siteSpaceId,
        outputFile: `${REVIEW_DIR}/removed/${rest}/index.html`,
        sourcePath: `${change.path}.md`,
      },
    };
  };

  const kept: ReviewEntry[] = [];
  const removed: ReviewEntry[] = [];
  for (const change of changes.pages) {
    const base = {
      change: change.change,
      title: change.title,
      path: change.path,
      ...(change.previousPath !== undefined ? { previousPath: change.previousPath } : {}),
      ...(change.previousTitle !== undefined ? { previousTitle: change.previousTitle } : {}),
      edited: change.edited === true,
    };
    if (change.change === 'removed') {
      removed.push({ ...base, ...removedCopy(change) });
      continue;
    }
    const page = shown.get(change.pageId);
    // A page the site does not show (hidden site space, a clash): nothing to link to.
    if (page) kept.push({ ...base, url: page.url, pageKey: page.key });
  }
  // The site's reading order, as the sidebar lists them.
  const order = new Map(model.pages.map((page, i) => [page.key, i]));
  kept.sort((a, b) => (order.get(a.pageKey ?? '') ?? 0) - (order.get(b.pageKey ?? '') ?? 0));

  return {
    changeRequest,
    spaceId,
    url: root,
    outputFile: `${REVIEW_DIR}/index.html`,
    entries: [...kept, ...removed],
    outdated: changes.baseRevision !== changes.currentRevision,
    liveSince: (changes.liveSince ?? []).map((change) => {
      const url = shown.get(change.pageId)?.url;
      return {
        change: change.change,
        title: change.title,
        path: change.path,
        ...(url ? { url } : {}),
      };
    }),
  };
}
