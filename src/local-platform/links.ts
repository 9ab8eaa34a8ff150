import type { ContentRef } from '../api/schemas/index.ts';
import type { Content, DocumentPage, FolderPage } from './model.ts';
import { referencesOf } from './references.ts';

/**
 * Link reports and file backlinks, derived from the references the markdown scanner finds.
 * A link is `broken` when its relative path (or stable ref) names nothing in the revision,
 * `in-app` when it points at the platform's app rather than published content, else `ok`.
 */

export type LinkStatus = 'ok' | 'broken' | 'in-app';

/** An item of a link list (the client's `ContentLink`). */
export type LinkItem = {
  status: LinkStatus;
  relation: 'link';
  targetReference: ContentRef;
  locationReferences: Array<{ kind: 'page'; page: string }>;
};

export function documentPages(pages: FolderPage[]): DocumentPage[] {
  const out: DocumentPage[] = [];
  const walk = (list: FolderPage[]) => {
    for (const page of list) {
      if (page.type === 'document') out.push(page);
      walk(page.children);
    }
  };
  walk(pages);
  return out;
}

/** Pages whose markdown is read between two turns of the event loop (`scanInTurns`). */
const PAGES_A_TURN = 25;

/**
 * Reads every document page's references (memoized by `referencesOf`) a few pages at a time,
 * giving the event loop back between them. A space-wide list (`linksOf` without a page) reads
 * every page of the space: at 5,000 pages that is half a minute of parsing, during which the
 * platform would answer nothing else, and a pull's other requests time out.
 */
export async function scanInTurns(content: Content): Promise<void> {
  const pages = documentPages(content.pages);
  for (let at = 0; at < pages.length; at += PAGES_A_TURN) {
    for (const page of pages.slice(at, at + PAGES_A_TURN)) referencesOf(page, content);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Links found in the content's pages (or one page), one item per distinct target. */
export function linksOf(content: Content, onlyPage?: DocumentPage): LinkItem[] {
  const byTarget = new Map<string, LinkItem>();
  // The pages already listed for each target: a target linked from every page of a large space
  // would otherwise be searched once per page (quadratic: tens of seconds at 10,000 pages).
  const listed = new Map<LinkItem, Set<string>>();
  for (const page of onlyPage ? [onlyPage] : documentPages(content.pages)) {
    for (const ref of referencesOf(page, content)) {
      const resolved = ref.resolved;
      if (!resolved || resolved.kind === 'file' || resolved.kind === 'reusable') continue;
      let key: string;
      let item: Omit<LinkItem, 'locationReferences' | 'relation'>;
      if (resolved.kind === 'broken') {
        key = `broken\0${ref.value}`;
        item = { status: 'broken', targetReference: { kind: 'url', url: ref.value } };
      } else if (resolved.kind === 'url') {
        key = `url\0${resolved.url}`;
        item = {
          status: isAppUrl(resolved.url) ? 'in-app' : 'ok',
          targetReference: { kind: 'url', url: resolved.url },
        };
      } else {
        key = `page\0${resolved.space ?? ''}\0${resolved.page}\0${resolved.anchor ?? ''}`;
        const target: ContentRef = resolved.anchor
          ? { kind: 'anchor', page: resolved.page, anchor: resolved.anchor }
          : { kind: 'page', page: resolved.page };
        if (resolved.space) target.space = resolved.space;
        item = { status: 'ok', targetReference: target };
      }
      let entry = byTarget.get(key);
      if (!entry) {
        entry = { ...item, relation: 'link', locationReferences: [] };
        byTarget.set(key, entry);
        listed.set(entry, new Set());
      }
      const pages = listed.get(entry) as Set<string>;
      if (!pages.has(page.id)) {
        pages.add(page.id);
        entry.locationReferences.push({ kind: 'page', page: page.id });
      }
    }
  }
  return [...byTarget.values()];
}

/** A URL into the platform's app (an editor link pasted into content), not published docs. */
function isAppUrl(url: string): boolean {
  return /^https?:\/\/app\.[^/]+\//i.test(url);
}

/** Pages of the content that reference `fileId`, in markdown or as their cover. */
export function pagesReferencingFile(content: Content, fileId: string): DocumentPage[] {
  return documentPages(content.pages).filter(
    (page) =>
      page.cover?.file === fileId ||
      page.cover?.fileDark === fileId ||
      referencesOf(page, content).some(
        (ref) => ref.resolved?.kind === 'file' && ref.resolved.file === fileId,
      ),
  );
}
