/**
 * Small hast helpers shared by the rehype plugins.
 */
import type {
  Element,
  ElementContent,
  Nodes,
  Parent,
  Properties,
  Root,
  RootContent,
  Text,
} from 'hast';

export function isElement(node: Nodes | undefined, tagName?: string): node is Element {
  return node?.type === 'element' && (tagName === undefined || node.tagName === tagName);
}

export function classes(node: Element): string[] {
  const value: unknown = node.properties.className;
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  return [];
}

export function hasClass(node: Element, name: string): boolean {
  return classes(node).includes(name);
}

export function addClass(node: Element, ...names: string[]): void {
  const list = classes(node);
  for (const name of names) if (!list.includes(name)) list.push(name);
  node.properties.className = list;
}

export function setClasses(node: Element, names: string[]): void {
  if (names.length === 0) delete node.properties.className;
  else node.properties.className = names;
}

export function h(
  tagName: string,
  properties: Properties = {},
  children: ElementContent[] = [],
): Element {
  return { type: 'element', tagName, properties, children };
}

export function t(value: string): Text {
  return { type: 'text', value };
}

export function prop(node: Element, name: string): string | undefined {
  const value = node.properties[name];
  if (value === undefined || value === null || value === false) return undefined;
  if (value === true) return '';
  if (Array.isArray(value)) return value.join(' ');
  return String(value);
}

/** A boolean-ish data attribute: present and not `"false"`. */
export function flag(node: Element, name: string): boolean {
  const value = prop(node, name);
  return value !== undefined && value !== 'false' && value !== '0';
}

export type Visitor = (
  node: Element,
  parent: Parent,
  index: number,
  ancestors: readonly Element[],
) => undefined | 'skip';

/**
 * Visits every element in document order (iteratively). A visitor may replace `parent.children`
 * entries at or after `index`; returning `'skip'` does not descend into `node`.
 */
export function walkElements(tree: Root | Element, visitor: Visitor): void {
  // One shared ancestor list, pushed and popped with the frames (visitors read it synchronously).
  const ancestors: Element[] = tree.type === 'element' ? [tree] : [];
  const base = ancestors.length;
  const parents: Parent[] = [tree];
  const indexes: number[] = [0];
  while (parents.length > 0) {
    const depth = parents.length - 1;
    const parent = parents[depth] as Parent;
    const index = indexes[depth] as number;
    if (index >= parent.children.length) {
      parents.pop();
      indexes.pop();
      ancestors.length = Math.max(base, base + parents.length - 1);
      continue;
    }
    indexes[depth] = index + 1;
    const node = parent.children[index] as RootContent;
    if (node.type !== 'element') continue;
    const result = visitor(node, parent, index, ancestors);
    const current = parent.children[index];
    if (result === 'skip' || current === undefined || current.type !== 'element') continue;
    // A leaf has nothing to visit: not entering it spares a frame (most walks are of every page).
    if (current.children.length === 0) continue;
    parents.push(current);
    indexes.push(0);
    ancestors.push(current);
  }
}

/** Replaces `parent.children[index]` by `nodes`. */
export function replaceAt(parent: Parent, index: number, nodes: RootContent[]): void {
  (parent.children as RootContent[]).splice(index, 1, ...nodes);
}

/** Text content (no layout rules, unlike hast-util-to-text): iterative. */
export function textContent(node: Nodes): string {
  let out = '';
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Nodes;
    if (current.type === 'text') out += current.value;
    else if ('children' in current) {
      for (let i = current.children.length - 1; i >= 0; i--)
        stack.push(current.children[i] as Nodes);
    }
  }
  return out;
}

export function findElement(
  root: Element | Root,
  test: (node: Element) => boolean,
): Element | undefined {
  let found: Element | undefined;
  walkElements(root, (node) => {
    if (found) return 'skip';
    if (test(node)) {
      found = node;
      return 'skip';
    }
    return undefined;
  });
  return found;
}

/** Replaces every element that passes `test` by its children, at any depth (iterative). */
export function unwrapElements(tree: Root | Element, test: (node: Element) => boolean): void {
  const stack: Parent[] = [tree];
  while (stack.length > 0) {
    const parent = stack.pop() as Parent;
    const out: RootContent[] = [];
    const pending: RootContent[] = [...parent.children].reverse();
    while (pending.length > 0) {
      const node = pending.pop() as RootContent;
      if (node.type === 'element' && test(node)) {
        for (let i = node.children.length - 1; i >= 0; i--)
          pending.push(node.children[i] as RootContent);
        continue;
      }
      out.push(node);
      if (node.type === 'element') stack.push(node);
    }
    (parent as { children: RootContent[] }).children = out;
  }
}
