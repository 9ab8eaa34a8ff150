/**
 * Platform markdown is never compiled as MDX. A tag that looks like a component (`<Card />`,
 * `</Tabs.Item>`: a capital then a lowercase letter, and no HTML element of that name the
 * sanitizer keeps) is shown as the text the author wrote, rather than parsed as an unknown HTML
 * element and silently dropped. Inline tags become text; a tag on its own lines becomes a
 * paragraph of its text.
 */
import type { Root } from 'mdast';
import { eachNode, expectsPhrasing } from '../mdast.ts';
import { schema } from '../sanitize.ts';

const COMPONENT_TAG = /^<\/?([A-Z][a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*)(?=[\s/>])/;
const HTML_TAGS = new Set((schema.tagNames ?? []).map((name) => name.toLowerCase()));

export function looksLikeComponent(html: string): boolean {
  const name = COMPONENT_TAG.exec(html.trimStart())?.[1];
  return name !== undefined && !HTML_TAGS.has(name.toLowerCase());
}

export function remarkOpComponentTags() {
  return (tree: Root) => {
    eachNode(tree, 'html', (node, parent, index) => {
      if (!looksLikeComponent(node.value)) return;
      const text = { type: 'text' as const, value: node.value, position: node.position };
      parent.children[index] = expectsPhrasing(parent)
        ? text
        : { type: 'paragraph', children: [text], position: node.position };
    });
  };
}
