import { hasHtml, type PageNode } from './tree.ts';
import type { PageLink, Pagination } from './types.ts';

/**
 * Previous/next in reading order: depth-first over the space's tree, parents before children,
 * pages with HTML only (groups and links are skipped, their pages are not), hidden pages left
 * out. Never crosses into another site space.
 */
export function readingOrder(nodes: readonly PageNode[]): PageNode[] {
  // `nodes` is already in depth-first order (see buildTree).
  return nodes.filter((node) => hasHtml(node) && !node.hidden);
}

export function paginationFor(
  order: readonly PageNode[],
  position: ReadonlyMap<string, number>,
  key: string,
  linkOf: (node: PageNode) => PageLink | undefined,
): Pagination {
  const at = position.get(key);
  if (at === undefined) return {};
  const before = order[at - 1];
  const after = order[at + 1];
  const prev = before ? linkOf(before) : undefined;
  const next = after ? linkOf(after) : undefined;
  return { ...(prev ? { prev } : {}), ...(next ? { next } : {}) };
}
