/**
 * `{% include "…" %}`: replaces the tag with the reusable content's markdown, parsed like the page.
 * Targets: `.gitbook/includes/x.md` (relative, Git Sync form) or `/reusable-content/ID`. Cycles,
 * depth ({@link MAX_INCLUDE_DEPTH}) and the number of includes per page ({@link MAX_INCLUDES}) are
 * bounded. Included content is wrapped in `div.op-include[data-op-base][data-op-line]` so the
 * references plugin resolves its relative links against the include's own path and reports them
 * on the include's line; that wrapper is removed before sanitizing.
 */
import type { Nodes, Root, RootContent } from 'mdast';
import type { Position } from 'unist';
import type { MarkdownContext } from '../context.ts';
import { el, isParent, mapBlocks } from '../mdast.ts';
import { parseDocument } from '../parse.ts';
import { parseReference } from '../reference.ts';
import { attr } from '../tags.ts';
import type { ResolvedReusableContent, ReusableContentReference } from '../types.ts';

export const MAX_INCLUDE_DEPTH = 5;
export const MAX_INCLUDES = 200;

const INCLUDE = new Set(['include']);

function setPositions(tree: Nodes, position: Position | undefined): void {
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    if (position) node.position = position;
    else delete node.position;
    if (isParent(node)) for (const child of node.children) stack.push(child as Nodes);
  }
}

export function expandIncludes(
  tree: Root,
  ctx: MarkdownContext,
  base: string,
  depth = 0,
  chain: readonly string[] = [],
): void {
  mapBlocks(tree, INCLUDE, (block) => {
    const tag = block.tag;
    const target = (tag.positional[0] ?? attr(tag, 'src') ?? attr(tag, 'path') ?? '').trim();
    const line = ctx.lineOf(block);
    if (target === '') {
      ctx.warn(`${tag.raw} names no reusable content`, block);
      return [];
    }
    const parsed = parseReference(target, {
      currentPath: base,
      ...(ctx.options.appOrigins ? { appOrigins: ctx.options.appOrigins } : {}),
    });
    let ref: ReusableContentReference | undefined;
    if (parsed.kind === 'reusable-content') ref = parsed;
    else if (parsed.kind === 'page' && parsed.path) {
      ref = { kind: 'reusable-content', path: parsed.path, raw: parsed.raw };
    }
    if (!ref) {
      ctx.warn(`${tag.raw} does not name reusable content`, block);
      return [];
    }
    const key = ref.id ?? ref.path ?? target;
    if (chain.includes(key)) {
      ctx.warn(`include cycle: ${[...chain, key].join(' → ')}`, block);
      return [];
    }
    if (depth >= MAX_INCLUDE_DEPTH) {
      ctx.warn(
        `includes nested more than ${MAX_INCLUDE_DEPTH} deep: ${target} not included`,
        block,
      );
      return [];
    }
    if (ctx.includes >= MAX_INCLUDES) {
      ctx.warn(`more than ${MAX_INCLUDES} includes on one page: ${target} not included`, block);
      return [];
    }
    let content: ResolvedReusableContent | undefined;
    try {
      content = ctx.options.resolver.reusableContent(ref);
    } catch {
      content = undefined;
    }
    ctx.reference(ref, line, content !== undefined);
    if (!content) {
      ctx.warn(`reusable content not found: ${target}`, block);
      return [];
    }
    ctx.includes++;
    const previous = ctx.fixedLine;
    ctx.fixedLine = line;
    try {
      const { tree: included } = parseDocument(content.markdown, ctx, false);
      setPositions(included, block.position);
      const includeBase = content.path ?? ref.path ?? base;
      expandIncludes(included, ctx, includeBase, depth + 1, [...chain, key]);
      const properties = {
        className: ['op-include'],
        dataOpBase: includeBase,
        ...(line === undefined ? {} : { dataOpLine: String(line) }),
      };
      const wrapper = el('div', properties, included.children as RootContent[]);
      if (block.position) wrapper.position = block.position;
      return wrapper;
    } finally {
      ctx.fixedLine = previous;
    }
  });
}
