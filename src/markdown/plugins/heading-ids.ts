/**
 * After sanitizing: every heading gets a stable id, unique in the page (github-slugger on its
 * text, or the custom anchor written in the markdown), and `h2`–`h4` headings of the page body go
 * into the outline (not those inside tabs, hints, details, conditions, cards, tables, quotes,
 * prompts, OpenAPI blocks or footnotes). Of an OpenAPI block, the operation's title is listed and,
 * under it, its section titles (parameters, body, responses, samples…), whose ids start with the
 * title's (`create-a-mission-responses`) so that several operations on a page keep them apart.
 * An operation's title carries its method in the outline (search shows it beside the result).
 * Then same-page links `#x` to an element whose id the sanitizer prefixed (`user-content-x`, as
 * footnotes and ids in HTML) are pointed at it.
 */

import GithubSlugger from 'github-slugger';
import type { Element, Root, RootContent } from 'hast';
import type { VFile } from 'vfile';
import { type OperationMethod, operationMethod } from '../../openapi/methods.ts';
import { usedIds } from '../file-data.ts';
import { classes, prop, walkElements } from '../hast.ts';
import type { OutlineEntry } from '../types.ts';

declare module 'vfile' {
  interface DataMap {
    /** The page body's `h2`–`h4` headings (`MarkdownResult.outline`). */
    outline: OutlineEntry[];
  }
}

const HEADING = /^h([1-6])$/;
const EXCLUDED_TAGS = new Set(['details', 'table', 'blockquote', 'figure']);
const EXCLUDED_CLASSES = new Set([
  'op-tabs',
  'op-hint',
  'op-condition',
  'op-cards',
  'op-prompt',
  'op-openapi',
  'op-embed',
  'op-block',
  'footnotes',
]);

/** Heading text without icon fallbacks. */
function headingText(node: Element): string {
  let out = '';
  const stack: Element['children'] = [...node.children].reverse();
  while (stack.length > 0) {
    const current = stack.pop() as Element['children'][number];
    if (current.type === 'text') out += current.value;
    else if (current.type === 'element' && prop(current, 'dataOpIcon') === undefined) {
      for (let i = current.children.length - 1; i >= 0; i--)
        stack.push(current.children[i] as Element['children'][number]);
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** The innermost OpenAPI block a heading is in. */
function nearestBlock(ancestors: readonly Element[]): Element | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i] as Element;
    if (classes(a).includes('op-openapi')) return a;
  }
  return undefined;
}

const METHOD_CLASS = 'op-openapi__method--';

/**
 * The method of the operation a title heads: the operation line right after the title
 * (`span.op-openapi__method--post`, openapi-view.ts), a known method only.
 */
function methodAfter(siblings: readonly RootContent[], index: number): OperationMethod | undefined {
  const next = siblings.slice(index + 1).find((node) => node.type === 'element');
  if (next?.type !== 'element' || !classes(next).includes('op-openapi__operation'))
    return undefined;
  const badge = next.children.find(
    (node): node is Element =>
      node.type === 'element' && classes(node).includes('op-openapi__method'),
  );
  const modifier = badge && classes(badge).find((name) => name.startsWith(METHOD_CLASS));
  return modifier ? operationMethod(modifier.slice(METHOD_CLASS.length)) : undefined;
}

export function rehypeOpHeadingIds() {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const used = usedIds(file);
    const outline: OutlineEntry[] = [];
    file.data.outline = outline;
    const ids = new Set<string>();
    /** Each OpenAPI block's title id, which its section titles' ids start with. */
    const blockIds = new Map<Element, string>();
    walkElements(tree, (node, parent, index, ancestors) => {
      const id = prop(node, 'id');
      if (id !== undefined) ids.add(id);
      const m = HEADING.exec(node.tagName);
      if (!m) return undefined;
      const inFootnotes = ancestors.some(
        (a) => a.tagName === 'section' && classes(a).includes('footnotes'),
      );
      if (inFootnotes) return 'skip';
      const text = headingText(node);
      const anchor = prop(node, 'dataOpAnchor');
      delete node.properties.dataOpAnchor;
      // An OpenAPI block's title and section titles are listed, the rest of the block is not.
      const title = classes(node).includes('op-openapi__title');
      const sectionTitle = classes(node).includes('op-openapi__section-title');
      const block = title || sectionTitle ? nearestBlock(ancestors) : undefined;
      const blockId = sectionTitle && block ? blockIds.get(block) : undefined;
      const slugText = blockId ? `${blockId} ${text}` : text;
      let value =
        anchor !== undefined && !used.has(anchor) ? anchor : slugger.slug(slugText) || 'section';
      while (used.has(value)) value = slugger.slug(slugText || 'section');
      used.add(value);
      ids.add(value);
      node.properties.id = value;
      if (title && block && !blockIds.has(block)) blockIds.set(block, value);
      const depth = Number(m[1]);
      const excluded = ancestors.some(
        (a) =>
          EXCLUDED_TAGS.has(a.tagName) ||
          classes(a).some(
            (c) => EXCLUDED_CLASSES.has(c) && !((title || sectionTitle) && c === 'op-openapi'),
          ),
      );
      if (!excluded && text !== '' && depth >= 2 && depth <= 4) {
        const method = title && block ? methodAfter(parent.children, index) : undefined;
        outline.push({ depth: depth as 2 | 3 | 4, id: value, text, ...(method ? { method } : {}) });
      }
      return 'skip';
    });
    walkElements(tree, (node) => {
      if (node.tagName !== 'a') return undefined;
      const href = prop(node, 'href');
      if (!href?.startsWith('#') || href.length < 2) return undefined;
      let target = href.slice(1);
      try {
        target = decodeURIComponent(target);
      } catch {
        // keep as written
      }
      if (!ids.has(target) && ids.has(`user-content-${target}`))
        node.properties.href = `#user-content-${target}`;
      return undefined;
    });
  };
}
