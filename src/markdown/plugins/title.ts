/**
 * The page's leading `# Title` (Git Sync pages start with one): removed from the body and kept
 * as `MarkdownResult.title`, since the site shows the page title itself.
 */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import '../file-data.ts';
import { plainText } from '../mdast.ts';

export function remarkOpTitle() {
  return (tree: Root, file: VFile) => {
    const first = tree.children[0];
    if (first?.type === 'heading' && first.depth === 1) {
      file.data.title = plainText(first).trim();
      tree.children.shift();
    }
  };
}
