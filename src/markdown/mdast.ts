/**
 * Custom mdast nodes of the pipeline and small helpers to build them.
 *
 * - `opBlock`: a `{% tag %}…{% endtag %}` region found by the structure plugin, before the block
 *   plugins turn it into `opElement`s.
 * - `opElement`: an mdast node that remark-rehype turns, with no handler of ours, into the HTML
 *   element `data.hName` with `data.hProperties`, its mdast children converted as usual (or
 *   `data.hChildren`, hast kept as given): mdast-util-to-hast's handler of unknown nodes reads
 *   those fields. It deep-copies `hProperties` with `structuredClone`, about 1.3 µs an element
 *   more than a copy by hand (a few ms on an OpenAPI page of 4,000 elements): not worth a
 *   handler of our own that must follow the library's.
 */
import type { ElementContent, Properties } from 'hast';
import type { Nodes, Paragraph, Parent, PhrasingContent, RootContent, Text } from 'mdast';
import type { TagToken } from './tags.ts';

export interface OpBlock extends Parent {
  type: 'opBlock';
  tag: TagToken;
  /** True when the block had an end tag (`{% endname %}`). */
  closed: boolean;
  children: RootContent[];
}

export interface OpElement extends Parent {
  type: 'opElement';
  data: { hName: string; hProperties: Properties; hChildren?: ElementContent[] };
  children: RootContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    opBlock: OpBlock;
    opElement: OpElement;
  }
  interface BlockContentMap {
    opBlock: OpBlock;
    opElement: OpElement;
  }
  interface PhrasingContentMap {
    opElement: OpElement;
  }
}

export function el(
  tagName: string,
  properties: Properties = {},
  children: RootContent[] = [],
): OpElement {
  return { type: 'opElement', data: { hName: tagName, hProperties: properties }, children };
}

/** An element whose content is given as hast (kept verbatim: no trimming of code text). */
export function elHast(
  tagName: string,
  properties: Properties,
  children: ElementContent[],
): OpElement {
  return {
    type: 'opElement',
    data: { hName: tagName, hProperties: properties, hChildren: children },
    children: [],
  };
}

export function text(value: string): Text {
  return { type: 'text', value };
}

export function paragraph(value: string): Paragraph {
  return { type: 'paragraph', children: [text(value)] };
}

export function isParent(node: Nodes): node is Nodes & Parent {
  return 'children' in node && Array.isArray((node as Parent).children);
}

const PHRASING_PARENTS = new Set([
  'paragraph',
  'heading',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'tableCell',
]);

export function expectsPhrasing(parent: { type: string }): boolean {
  return PHRASING_PARENTS.has(parent.type);
}

/**
 * Calls `visitor` on every node of type `type` under `tree`, in document order (iteratively).
 * The visitor may replace `parent.children[index]`; a replacement is not visited. Cheaper than
 * unist-util-visit, which makes a closure (and names it) for every node it passes.
 */
export function eachNode<Type extends Nodes['type']>(
  tree: Parent,
  type: Type,
  visitor: (node: Extract<Nodes, { type: Type }>, parent: Parent, index: number) => void,
): void {
  const parents: Parent[] = [tree];
  const indexes: number[] = [0];
  while (parents.length > 0) {
    const depth = parents.length - 1;
    const parent = parents[depth] as Parent;
    const index = indexes[depth] as number;
    if (index >= parent.children.length) {
      parents.pop();
      indexes.pop();
      continue;
    }
    indexes[depth] = index + 1;
    const node = parent.children[index] as Nodes;
    if (node.type === type) {
      visitor(node as Extract<Nodes, { type: Type }>, parent, index);
      if (parent.children[index] !== node) continue;
    }
    if (isParent(node)) {
      parents.push(node);
      indexes.push(0);
    }
  }
}

/** Plain text of a subtree, iteratively (no recursion: safe on any depth). */
export function plainText(node: Nodes): string {
  let out = '';
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Nodes;
    if ('value' in current && typeof current.value === 'string') {
      out += current.value;
    } else if (current.type === 'image' || current.type === 'imageReference') {
      out += current.alt ?? '';
    } else if (isParent(current)) {
      for (let i = current.children.length - 1; i >= 0; i--) {
        stack.push(current.children[i] as Nodes);
      }
    }
  }
  return out;
}

/** Gives the block's position to the elements a handler created (they have none). */
function positionElements(node: RootContent, position: NonNullable<RootContent['position']>): void {
  const stack: RootContent[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as RootContent;
    if (current.type !== 'opElement') continue;
    current.position ??= position;
    for (const c of current.children) stack.push(c);
  }
}

/**
 * Replaces, in post-order, every `opBlock` whose tag name `handler` accepts with what it returns
 * (one node or several). Returning `undefined` keeps the block.
 */
export function mapBlocks(
  tree: Nodes,
  names: ReadonlySet<string> | ((name: string) => boolean),
  handler: (block: OpBlock, parent: Parent) => RootContent | RootContent[] | undefined,
): void {
  const accepts = typeof names === 'function' ? names : (name: string) => names.has(name);
  const walk = (parent: Parent) => {
    const children = parent.children as RootContent[];
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as RootContent;
      if (isParent(child)) walk(child);
      if (child.type === 'opBlock' && accepts(child.tag.name)) {
        const replacement = handler(child, parent);
        if (replacement === undefined) continue;
        const list = Array.isArray(replacement) ? replacement : [replacement];
        if (child.position) for (const node of list) positionElements(node, child.position);
        children.splice(i, 1, ...list);
        i += list.length - 1;
      }
    }
  };
  if (isParent(tree)) walk(tree);
}

/** Phrasing children for an inline label given as text (tag attributes are text, never markup). */
export function phrasing(value: string): PhrasingContent[] {
  return value === '' ? [] : [text(value)];
}

/** Normalises an icon name (`fa-house`, `House`) to `house`; `undefined` when not a plain name. */
export function iconName(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const name = value.trim().toLowerCase().replace(/^fa-/, '');
  return /^[a-z0-9][a-z0-9-]{0,63}$/.test(name) ? name : undefined;
}

/** A `span` that the icons plugin fills with an inline SVG after sanitizing. */
export function iconSlot(name: string, className: string): OpElement {
  return el('span', { className: [className], dataOpIcon: name, ariaHidden: 'true' });
}
