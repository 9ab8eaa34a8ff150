/**
 * `{% hint style="info|success|warning|danger" icon="…" %}` →
 * `div.op-hint.op-hint--STYLE[role=note] > span.op-hint__icon + div.op-hint__body`.
 * An unknown style falls back to `info` with a warning.
 */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { el, iconName, iconSlot, mapBlocks } from '../mdast.ts';
import { attr, type BlockTags } from '../tags.ts';

const ICONS: Record<string, string> = {
  info: 'circle-info',
  success: 'circle-check',
  warning: 'triangle-exclamation',
  danger: 'circle-exclamation',
};

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = { hint: 'container' } as const satisfies BlockTags;

const HINT = new Set(Object.keys(TAGS));

export function remarkOpHint() {
  return (tree: Root, file: VFile) => {
    mapBlocks(tree, HINT, (block) => {
      let style = (attr(block.tag, 'style') ?? 'info').trim().toLowerCase();
      if (!Object.hasOwn(ICONS, style)) {
        file.message(`unknown hint style "${style}"; using info`, block);
        style = 'info';
      }
      const icon = iconName(attr(block.tag, 'icon')) ?? (ICONS[style] as string);
      const hint = el('div', { className: ['op-hint', `op-hint--${style}`], role: 'note' }, [
        iconSlot(icon, 'op-hint__icon'),
        el('div', { className: ['op-hint__body'] }, block.children),
      ]);
      if (block.position) hint.position = block.position;
      return hint;
    });
  };
}
