import type { Page } from '../api/schemas/index.ts';
import { safeSegments } from './paths.ts';

export type PageKind = 'document' | 'computed' | 'group' | 'link';

/** One page of a site space's tree, with what every other module derives from it. */
export interface PageNode {
  page: Page;
  kind: PageKind;
  key: string;
  siteSpaceId: string;
  parent?: PageNode;
  children: PageNode[];
  /** Safe URL segments of its path within the space. */
  segments: string[];
  /** Hidden itself or under a hidden page: out of navigation, pagination and search. */
  hidden: boolean;
  /** Position in reading order (depth-first, parents first). */
  order: number;
}

export interface SpaceTree {
  roots: PageNode[];
  /** Every node in reading order. */
  nodes: PageNode[];
  /** One line per page id met again (a cycle or a duplicate id): the repeat is left out. */
  repeats: string[];
}

/** Unknown page types degrade to a heading over their children (DESIGN: accept more). */
function kindOf(page: Page): PageKind {
  const type = page.type ?? (page.kind === 'sheet' ? 'document' : page.kind);
  if (type === undefined || type === 'document') return 'document';
  if (type === 'computed' || type === 'group' || type === 'link') return type;
  return 'group';
}

function segmentsOf(page: Page, parent: PageNode | undefined): string[] {
  const own = safeSegments(page.path);
  if (own.length > 0) return own;
  // No usable path: the parent's path plus the slug (or the title, or the id) as GitBook does.
  const last = safeSegments(page.slug ?? '')
    .concat(safeSegments(page.title))
    .concat(safeSegments(page.id));
  return [...(parent?.segments ?? []), ...last.slice(0, 1)];
}

/**
 * The page tree of one site space. Iterative, so a hostile very deep tree cannot overflow the
 * stack; a page id seen twice keeps its first place only.
 */
export function buildTree(siteSpaceId: string, pages: readonly Page[]): SpaceTree {
  const roots: PageNode[] = [];
  const nodes: PageNode[] = [];
  const seen = new Set<string>();
  const repeats: string[] = [];
  const stack: { page: Page; parent?: PageNode }[] = [];
  for (let i = pages.length - 1; i >= 0; i--) stack.push({ page: pages[i] as Page });
  while (stack.length > 0) {
    const { page, parent } = stack.pop() as { page: Page; parent?: PageNode };
    if (seen.has(page.id)) {
      const where = parent ? ` under page ${JSON.stringify(parent.page.title)}` : '';
      // Its own ancestor: a cycle; anywhere else: the same id twice.
      let cycle = false;
      for (let at = parent; at && !cycle; at = at.parent) cycle = at.page.id === page.id;
      const kind = cycle ? 'a cycle' : 'a duplicate id';
      repeats.push(
        `page ${JSON.stringify(page.title)} (id ${page.id}) appears again${where} in site space ${siteSpaceId} (${kind}): only its first place is kept`,
      );
      continue;
    }
    seen.add(page.id);
    const node: PageNode = {
      page,
      kind: kindOf(page),
      key: `${siteSpaceId}:${page.id}`,
      siteSpaceId,
      parent,
      children: [],
      segments: segmentsOf(page, parent),
      hidden: page.hidden === true || parent?.hidden === true,
      order: nodes.length,
    };
    nodes.push(node);
    (parent ? parent.children : roots).push(node);
    // A link page has no children (Git Sync cannot express them), so none are kept.
    if (node.kind === 'link' || !page.pages) continue;
    for (let i = page.pages.length - 1; i >= 0; i--)
      stack.push({ page: page.pages[i] as Page, parent: node });
  }
  return { roots, nodes, repeats };
}

export function hasHtml(node: PageNode): boolean {
  return node.kind === 'document' || node.kind === 'computed';
}

/** Ancestors from the top of the tree down to the node's parent. */
export function ancestorsOf(node: PageNode): PageNode[] {
  const out: PageNode[] = [];
  for (let at = node.parent; at; at = at.parent) out.push(at);
  return out.reverse();
}
