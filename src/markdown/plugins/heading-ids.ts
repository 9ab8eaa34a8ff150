/**
 * After sanitizing: every heading gets a stable id, unique in the page (github-slugger on its
 * text, or the custom anchor written in the markdown), and `h2`–`h4` headings of the page body go
 * into the outline (not those inside tabs, hints, details, conditions, cards, tables, quotes,
 * prompts, OpenAPI blocks or footnotes; an OpenAPI operation's title is listed). Then same-page links `#x` to an element whose id the
 * sanitizer prefixed (`user-content-x`, as footnotes and ids in HTML) are pointed at it.
 */

import GithubSlugger from 'github-slugger';
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
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

export function rehypeOpHeadingIds() {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const used = usedIds(file);
    const outline: OutlineEntry[] = [];
    file.data.outline = outline;
    const ids = new Set<string>();
    walkElements(tree, (node, _parent, _index, ancestors) => {
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
      let value =
        anchor !== undefined && !used.has(anchor) ? anchor : slugger.slug(text) || 'section';
      while (used.has(value)) value = slugger.slug(text || 'section');
      used.add(value);
      ids.add(value);
      node.properties.id = value;
      const depth = Number(m[1]);
      // An OpenAPI operation's own title is listed, the rest of its block is not.
      const title = classes(node).includes('op-openapi__title');
      const excluded = ancestors.some(
        (a) =>
          EXCLUDED_TAGS.has(a.tagName) ||
          classes(a).some((c) => EXCLUDED_CLASSES.has(c) && !(title && c === 'op-openapi')),
      );
      if (!excluded && text !== '' && depth >= 2 && depth <= 4) {
        outline.push({ depth: depth as 2 | 3 | 4, id: value, text });
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
