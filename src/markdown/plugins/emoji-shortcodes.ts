/**
 * Emoji shortcodes in text (`:house:` → 🏠), from the gemoji list. Code, inline code and math are
 * other node types, so they are never touched.
 */
import type { Root, Text } from 'mdast';
import { visit } from 'unist-util-visit';
import { emojiForName } from '../emoji.ts';

const SHORTCODE = /:([a-z0-9_+-]{1,64}):/g;

export function remarkOpEmoji() {
  return (tree: Root) => {
    visit(tree, 'text', (node: Text) => {
      if (!node.value.includes(':')) return;
      node.value = node.value.replace(
        SHORTCODE,
        (whole, name: string) => emojiForName(name) ?? whole,
      );
    });
  };
}
