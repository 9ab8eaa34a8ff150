import type { SidebarItem } from '../site/types.ts';

/**
 * A page's sidebar as a shape shared with other pages plus where its current page is. Pages
 * of one list (siblings) usually see the same sidebar but for which entry is `current`: stored
 * and parsed once per shape, the ~200 entries of a sidebar stop costing every page a parse.
 */

/** Where the current page is: an index into each nested `children` list, outermost first. */
export type SidebarPath = number[];

/** The sidebar without its `current` mark, and the mark's path (none on a hidden page). */
export function splitCurrent(items: SidebarItem[]): {
  shape: SidebarItem[];
  current?: SidebarPath;
} {
  const current = pathOfCurrent(items);
  if (!current) return { shape: items };
  return { shape: replaceAt(items, current, ({ current: _, ...rest }) => rest), current };
}

/** What each page's sidebar made by `markCurrent` was made of (for `sidebar-html.ts`). */
const madeOf = new WeakMap<SidebarItem[], { shape: SidebarItem[]; current?: SidebarPath }>();

/** The shape with its entry at `path` marked `current` (copies only the lists on the path). */
export function markCurrent(shape: SidebarItem[], path: SidebarPath | undefined): SidebarItem[] {
  const items = path ? replaceAt(shape, path, (item) => ({ ...item, current: true })) : shape;
  // Only a frozen sidebar is surely still what it was made of when it is rendered. The rest of
  // a frozen shape is frozen already: only the lists and entries copied on the path are new.
  if (Object.isFrozen(shape)) madeOf.set(freezePath(items, path ?? []), { shape, current: path });
  return items;
}

/** The shape and current path a sidebar was made of by `markCurrent`, if it was. */
export function shapeOf(
  items: SidebarItem[],
): { shape: SidebarItem[]; current?: SidebarPath } | undefined {
  return madeOf.get(items);
}

/** Freezes a shape shared between pages, so a theme mutating one page's sidebar fails loudly. */
export function freezeShape(items: SidebarItem[]): SidebarItem[] {
  const stack: SidebarItem[][] = [items];
  while (stack.length > 0) {
    const list = stack.pop() as SidebarItem[];
    for (const item of list) {
      if ('children' in item && item.children) stack.push(item.children);
      Object.freeze(item);
    }
    Object.freeze(list);
  }
  return items;
}

/** Freezes the lists and entries on `path` (what `replaceAt` copied), not the whole tree. */
function freezePath(items: SidebarItem[], path: SidebarPath): SidebarItem[] {
  let list = items;
  for (const index of path) {
    Object.freeze(list);
    const item = list[index] as SidebarItem;
    Object.freeze(item);
    if (!('children' in item) || !item.children) break;
    list = item.children;
  }
  Object.freeze(list);
  return items;
}

function pathOfCurrent(items: SidebarItem[]): SidebarPath | undefined {
  // Iterative: navigation trees may be deep.
  const stack: { list: SidebarItem[]; path: SidebarPath }[] = [{ list: items, path: [] }];
  while (stack.length > 0) {
    const { list, path } = stack.pop() as { list: SidebarItem[]; path: SidebarPath };
    for (const [index, item] of list.entries()) {
      if (item.kind !== 'page' && item.kind !== 'group') continue;
      if (item.kind === 'page' && item.current) return [...path, index];
      if (item.children) stack.push({ list: item.children, path: [...path, index] });
    }
  }
  return undefined;
}

type PageItem = Extract<SidebarItem, { kind: 'page' }>;

/** `items` with the page entry at `path` replaced by `change(entry)`; the rest is shared. */
function replaceAt(
  items: SidebarItem[],
  path: SidebarPath,
  change: (item: PageItem) => PageItem,
): SidebarItem[] {
  const root = [...items];
  let list = root;
  for (const [depth, index] of path.entries()) {
    const item = list[index];
    if (!item || (item.kind !== 'page' && item.kind !== 'group'))
      throw new Error(`no sidebar entry at ${path.join('.')}`);
    if (depth === path.length - 1) {
      if (item.kind !== 'page') throw new Error(`sidebar entry ${path.join('.')} is not a page`);
      list[index] = change(item);
      break;
    }
    const children = [...(item.children ?? [])];
    list[index] = { ...item, children } as SidebarItem;
    list = children;
  }
  return root;
}
