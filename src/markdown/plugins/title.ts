/**
 * The page's leading `# Title` (Git Sync pages start with one): removed from the body and kept
 * as `MarkdownResult.title`, since the site shows the page title itself.
 */
import type { Root } from 'mdast';
import type { MarkdownContext } from '../context.ts';
import { plainText } from '../mdast.ts';

export function remarkOpTitle(ctx: MarkdownContext) {
  return (tree: Root) => {
    const first = tree.children[0];
    if (first?.type === 'heading' && first.depth === 1) {
      ctx.title = plainText(first).trim();
      tree.children.shift();
    }
  };
}
