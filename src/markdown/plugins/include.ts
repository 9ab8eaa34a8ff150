/**
 * `{% include "…" %}`: replaces the tag with the reusable content's markdown, parsed like the page.
 * Targets: `.gitbook/includes/x.md` (relative, Git Sync form) or `/reusable-content/ID`. Cycles,
 * depth ({@link MAX_INCLUDE_DEPTH}) and the number of includes per page ({@link MAX_INCLUDES}) are
 * bounded. What the included markdown could not parse is reported on the include's line. Included
 * content is wrapped in `div.op-include[data-op-base][data-op-line]` so the
 * references plugin resolves its relative links against the include's own path and reports them
 * on the include's line; that wrapper is removed before sanitizing.
 */
import type { Nodes, Root, RootContent } from 'mdast';
import type { Position } from 'unist';
import { VFile } from 'vfile';
import { addReference } from '../file-data.ts';
import { el, isParent, mapBlocks } from '../mdast.ts';
import { parseDocument } from '../parse.ts';
import { parseReference } from '../reference.ts';
import { attr, type BlockTags } from '../tags.ts';
import type {
  MarkdownOptions,
  ResolvedReusableContent,
  ReusableContentReference,
} from '../types.ts';

export const MAX_INCLUDE_DEPTH = 5;
export const MAX_INCLUDES = 200;

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = { include: 'void' } as const satisfies BlockTags;

const INCLUDE = new Set(Object.keys(TAGS));

function setPositions(tree: Nodes, position: Position | undefined): void {
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    if (position) node.position = position;
    else delete node.position;
    if (isParent(node)) for (const child of node.children) stack.push(child as Nodes);
  }
}

/** Includes of one page: how many were expanded so far. */
interface Expansion {
  count: number;
}

/** Where the includes are found: the page's path, the site's resolver, the app's origins. */
export type IncludeOptions = Pick<MarkdownOptions, 'resolver' | 'currentPath' | 'appOrigins'>;

export function remarkOpInclude(options: IncludeOptions) {
  return (tree: Root, file: VFile) =>
    expandIncludes(tree, file, options, options.currentPath, { count: 0 });
}

function expandIncludes(
  tree: Root,
  file: VFile,
  options: IncludeOptions,
  base: string,
  expansion: Expansion,
  depth = 0,
  chain: readonly string[] = [],
): void {
  mapBlocks(tree, INCLUDE, (block) => {
    const tag = block.tag;
    const target = (tag.positional[0] ?? attr(tag, 'src') ?? attr(tag, 'path') ?? '').trim();
    const line = block.position?.start.line;
    if (target === '') {
      file.message(`${tag.raw} names no reusable content`, block);
      return [];
    }
    const parsed = parseReference(target, {
      currentPath: base,
      ...(options.appOrigins ? { appOrigins: options.appOrigins } : {}),
    });
    let ref: ReusableContentReference | undefined;
    if (parsed.kind === 'reusable-content') ref = parsed;
    else if (parsed.kind === 'page' && parsed.path) {
      ref = { kind: 'reusable-content', path: parsed.path, raw: parsed.raw };
    }
    if (!ref) {
      file.message(`${tag.raw} does not name reusable content`, block);
      return [];
    }
    const key = ref.id ?? ref.path ?? target;
    if (chain.includes(key)) {
      file.message(`include cycle: ${[...chain, key].join(' → ')}`, block);
      return [];
    }
    if (depth >= MAX_INCLUDE_DEPTH) {
      file.message(
        `includes nested more than ${MAX_INCLUDE_DEPTH} deep: ${target} not included`,
        block,
      );
      return [];
    }
    if (expansion.count >= MAX_INCLUDES) {
      file.message(`more than ${MAX_INCLUDES} includes on one page: ${target} not included`, block);
      return [];
    }
    let content: ResolvedReusableContent | undefined;
    try {
      content = options.resolver.reusableContent(ref);
    } catch {
      content = undefined;
    }
    addReference(file, ref, line, content !== undefined);
    if (!content) {
      file.message(`reusable content not found: ${target}`, block);
      return [];
    }
    expansion.count++;
    // Its own lines are not the page's: what its parse reports goes on the include's line.
    const own = new VFile();
    const { tree: included } = parseDocument(content.markdown, own);
    for (const message of own.messages) file.message(message.reason, block);
    setPositions(included, block.position);
    const includeBase = content.path ?? ref.path ?? base;
    expandIncludes(included, file, options, includeBase, expansion, depth + 1, [...chain, key]);
    const properties = {
      className: ['op-include'],
      dataOpBase: includeBase,
      ...(line === undefined ? {} : { dataOpLine: String(line) }),
    };
    const wrapper = el('div', properties, included.children as RootContent[]);
    if (block.position) wrapper.position = block.position;
    return wrapper;
  });
}
