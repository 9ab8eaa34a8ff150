/**
 * `{% prompt description="…" icon="…" defaultExpanded="…" %}…{% endprompt %}` (an AI prompt
 * the reader can copy) → `div.op-prompt > div.op-prompt__header > span.op-prompt__icon +
 * span.op-prompt__description` and `div.op-prompt__body` (usually a code block, which carries
 * the copy button).
 */
import type { Root, RootContent } from 'mdast';
import type { RenderContext } from '../context.ts';
import { el, iconName, iconSlot, mapBlocks } from '../mdast.ts';
import { attr } from '../tags.ts';

const PROMPT = new Set(['prompt']);

export function remarkOpPrompt(_ctx: RenderContext) {
  return (tree: Root) => {
    mapBlocks(tree, PROMPT, (block) => {
      const description = attr(block.tag, 'description')?.trim();
      const icon = iconName(attr(block.tag, 'icon')) ?? 'sparkles';
      const expanded = attr(block.tag, 'defaultExpanded')?.trim().toLowerCase();
      const header: RootContent[] = [iconSlot(icon, 'op-prompt__icon')];
      if (description) {
        header.push(
          el('span', { className: ['op-prompt__description'] }, [
            { type: 'text', value: description },
          ]),
        );
      }
      const node = el(
        'div',
        {
          className: ['op-prompt'],
          ...(expanded && /^[a-z-]{1,20}$/.test(expanded) ? { dataOpExpanded: expanded } : {}),
        },
        [
          el('div', { className: ['op-prompt__header'] }, header),
          el('div', { className: ['op-prompt__body'] }, block.children),
        ],
      );
      if (block.position) node.position = block.position;
      return node;
    });
  };
}
