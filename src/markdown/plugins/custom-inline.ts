/**
 * The platform's custom inline nodes: `<span data-gb-custom-inline data-tag="emoji"
 * data-code="2728">✨</span>` → `span.op-emoji` holding the emoji of that code point. Other
 * custom inline tags keep their content, with a warning.
 */
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { emojiForCode } from '../emoji.ts';
import { h, prop, t, walkElements } from '../hast.ts';

export function rehypeOpCustomInline() {
  return (tree: Root, file: VFile) => {
    walkElements(tree, (node, parent, index) => {
      if (node.tagName !== 'span' || prop(node, 'dataGbCustomInline') === undefined)
        return undefined;
      const tag = prop(node, 'dataTag');
      if (tag === 'emoji') {
        const emoji = emojiForCode(prop(node, 'dataCode') ?? '');
        node.properties = { className: ['op-emoji'] };
        if (emoji) node.children = [t(emoji)];
        return 'skip';
      }
      file.message(`unknown inline node "${tag ?? ''}": its content is shown without it`, node);
      parent.children[index] = h('span', {}, node.children);
      return undefined;
    });
  };
}
