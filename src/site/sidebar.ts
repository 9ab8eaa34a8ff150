import { emojiOf } from '../markdown/emoji.ts';
import { hasHtml, type PageNode } from './tree.ts';
import type { PageChangeKind, SidebarItem } from './types.ts';

/**
 * The sidebar of a site space: the page tree without hidden pages, groups as headings, link
 * pages as links. Per-page HTML must not grow with the space, so `sidebarFor` emits a bounded
 * view of it: the active branch expanded, everything else collapsed to what a budget allows.
 */

type Entry = Exclude<SidebarItem, { kind: 'more' }>;

export interface NavNode {
  /** The entry without `children` and the per-page flags. */
  item: Entry;
  children: NavNode[];
  parent?: NavNode;
  isGroup: boolean;
}

export interface NavTree {
  roots: NavNode[];
  /** Page key → its node, for every entry in navigation (groups and links too). */
  byKey: Map<string, NavNode>;
}

export interface SidebarLimits {
  /** Entries outside the active branch (top levels first, breadth-first). */
  budget: number;
  /** Entries of each list on the active branch (siblings of the current page and its ancestors). */
  window: number;
}

/**
 * Sized for the 8 KB gzip per-page HTML bar: a 150-entry budget keeps a 2,000-page synthetic
 * site at about 7.6 KB a page, where 200 gave 8.5 KB (`npm run bench -- --only render`).
 */
export const SIDEBAR_LIMITS: SidebarLimits = { budget: 150, window: 50 };

export interface NavTreeOptions {
  urlOf(node: PageNode): string | undefined;
  /** A link page's target; undefined drops the link (unsafe or unresolvable). A target inside
   * the site names its site space and section (adaptive content may hide them). */
  linkOf(
    node: PageNode,
  ): { url: string; external: boolean; siteSpaceId?: string; sectionId?: string } | undefined;
  /** A change-request preview's mark on a page it changed. */
  changeOf?(node: PageNode): PageChangeKind | undefined;
}

/** Builds the navigation tree once per site space (iteratively: trees may be deep). */
export function buildNavTree(roots: readonly PageNode[], options: NavTreeOptions): NavTree {
  const tree: NavTree = { roots: [], byKey: new Map() };
  const stack: { page: PageNode; parent?: NavNode }[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ page: roots[i] as PageNode });
  const groups: NavNode[] = [];
  while (stack.length > 0) {
    const { page, parent } = stack.pop() as { page: PageNode; parent?: NavNode };
    if (page.hidden) continue;
    const item = entryOf(page, options);
    if (!item) continue;
    const nav: NavNode = { item, children: [], parent, isGroup: item.kind === 'group' };
    (parent ? parent.children : tree.roots).push(nav);
    tree.byKey.set(page.key, nav);
    if (nav.isGroup) groups.push(nav);
    for (let i = page.children.length - 1; i >= 0; i--)
      stack.push({ page: page.children[i] as PageNode, parent: nav });
  }
  // Groups whose pages are all hidden would be empty headings: drop them, innermost first.
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i] as NavNode;
    if (group.children.length > 0) continue;
    const list = group.parent ? group.parent.children : tree.roots;
    list.splice(list.indexOf(group), 1);
  }
  return tree;
}

function entryOf(page: PageNode, options: NavTreeOptions): Entry | undefined {
  const { title, icon, linkTitle } = page.page;
  const emoji = emojiOf(page.page.emoji);
  const label = linkTitle || title;
  const decoration = { ...(emoji ? { emoji } : {}), ...(icon ? { icon } : {}) };
  if (page.kind === 'group') return { kind: 'group', title: label, children: [] };
  if (page.kind === 'link') {
    const target = options.linkOf(page);
    return target ? { kind: 'link', title: label, ...target, ...decoration } : undefined;
  }
  const url = hasHtml(page) ? options.urlOf(page) : undefined;
  if (!url) return undefined;
  const change = options.changeOf?.(page);
  return {
    kind: 'page',
    key: page.key,
    title: label,
    url,
    ...decoration,
    ...(change ? { change } : {}),
  };
}

type Owner = NavNode | null;

/**
 * The sidebar for one page. `active` is the current page's node, or for a hidden page its
 * nearest ancestor in navigation (then nothing is `current`). Bound: the root list and the
 * breadth-first fill share `limits.budget` entries; each list on the active branch shows at most
 * `limits.window` entries around the active one; lists cut short get `more` markers (a collapsed
 * group shows one as its only child); collapsed pages are marked `hasChildren`. So a page costs
 * O(budget + depth × window) entries plus at most one marker per entry, whatever the space.
 */
export function sidebarFor(
  tree: NavTree,
  active: NavNode | undefined,
  isCurrent: boolean,
  limits: SidebarLimits = SIDEBAR_LIMITS,
): SidebarItem[] {
  const chain: NavNode[] = [];
  for (let at = active; at; at = at.parent) chain.push(at);
  chain.reverse();
  const onChain = new Set(chain);
  const windows = new Map<Owner, [number, number]>();
  const childrenOf = (owner: Owner) => (owner ? owner.children : tree.roots);

  // The active branch: the root list around the top of the chain, then each chain node's list.
  const rootFocus = chain[0] ? tree.roots.indexOf(chain[0]) : 0;
  windows.set(null, around(tree.roots.length, rootFocus, limits.budget));
  for (const [i, node] of chain.entries()) {
    if (node.children.length === 0) continue;
    const next = chain[i + 1];
    const focus = next ? node.children.indexOf(next) : 0;
    windows.set(node, around(node.children.length, focus, limits.window));
  }

  // The rest, breadth-first while the budget lasts: whole lists only (but see groups below).
  const [rootStart, rootEnd] = windows.get(null) as [number, number];
  let remaining = limits.budget - (rootEnd - rootStart);
  const queue: NavNode[] = tree.roots.slice(rootStart, rootEnd);
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q] as NavNode;
    const size = node.children.length;
    if (size === 0) continue;
    if (!windows.has(node)) {
      if (remaining <= 0) continue;
      if (size <= remaining) windows.set(node, [0, size]);
      // A heading bigger than the whole budget would never open: show what fits of it.
      else if (node.isGroup && size > limits.budget) windows.set(node, [0, remaining]);
      else continue;
      const [start, end] = windows.get(node) as [number, number];
      remaining -= end - start;
    }
    const [start, end] = windows.get(node) as [number, number];
    for (let i = start; i < end; i++) queue.push(node.children[i] as NavNode);
  }

  // Emit, iteratively: each task fills one list.
  const out: SidebarItem[] = [];
  const tasks: { owner: Owner; into: SidebarItem[] }[] = [{ owner: null, into: out }];
  while (tasks.length > 0) {
    const { owner, into } = tasks.pop() as { owner: Owner; into: SidebarItem[] };
    const list = childrenOf(owner);
    const [start, end] = windows.get(owner) ?? [0, 0];
    if (start > 0) into.push({ kind: 'more', count: start });
    for (let i = start; i < end; i++) {
      const node = list[i] as NavNode;
      const item = { ...node.item } as Entry;
      if (item.kind === 'page' || item.kind === 'group') {
        if (onChain.has(node)) {
          if (node === active && isCurrent && item.kind === 'page') item.current = true;
          else item.open = true;
        }
        if (windows.has(node)) {
          item.children = [];
          tasks.push({ owner: node, into: item.children });
        } else if (node.children.length > 0) {
          if (item.kind === 'page') item.hasChildren = true;
          else item.children = [{ kind: 'more', count: node.children.length }];
        }
      }
      into.push(item);
    }
    if (end < list.length) into.push({ kind: 'more', count: list.length - end });
  }
  return out;
}

/** A window of at most `size` entries of a list of `length`, around index `focus`. */
function around(length: number, focus: number, size: number): [number, number] {
  if (length <= size) return [0, length];
  const start = Math.min(Math.max(0, focus - Math.floor(size / 2)), length - size);
  return [start, start + size];
}

/** Counts entries of a sidebar (all levels), `more` markers included. */
export function countEntries(items: readonly SidebarItem[]): number {
  let count = 0;
  const stack = [items];
  while (stack.length > 0) {
    const list = stack.pop() as readonly SidebarItem[];
    count += list.length;
    for (const item of list) if ('children' in item && item.children) stack.push(item.children);
  }
  return count;
}
