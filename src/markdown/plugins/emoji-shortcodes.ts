/**
 * Emoji shortcodes in text (`:house:` → 🏠), from the gemoji list. Code, inline code and math are
 * other node types, so they are never touched.
 */
import type { Root } from 'mdast';
import { emojiForName } from '../emoji.ts';
import { eachNode } from '../mdast.ts';

const SHORTCODE = /:([a-z0-9_+-]{1,64}):/g;

export function remarkOpEmoji() {
  return (tree: Root) => {
    eachNode(tree, 'text', (node) => {
      if (!node.value.includes(':')) return;
      node.value = node.value.replace(
        SHORTCODE,
        (whole, name: string) => emojiForName(name) ?? whole,
      );
    });
  };
}
