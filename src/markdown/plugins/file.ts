/**
 * `{% file src=".gitbook/assets/x.pdf" %}caption{% endfile %}` → a download card:
 * `div.op-file > a.op-file__link[href][download][data-op-fill=file] > span.op-file__icon +
 * span.op-file__name + span.op-file__meta`, then `div.op-file__caption`. The references plugin
 * resolves the file and fills in its name, size and type.
 */
import type { Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { el, iconSlot, mapBlocks } from '../mdast.ts';
import { attr, type BlockTags } from '../tags.ts';

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = { file: 'optional' } as const satisfies BlockTags;

const FILE = new Set(Object.keys(TAGS));

export function basename(src: string): string {
  const clean = src.split(/[?#]/)[0] ?? src;
  const name = clean.slice(clean.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name) || src;
  } catch {
    return name || src;
  }
}

export function remarkOpFile() {
  return (tree: Root, file: VFile) => {
    mapBlocks(tree, FILE, (block) => {
      const src = (attr(block.tag, 'src') ?? block.tag.positional[0] ?? '').trim();
      if (src === '') {
        file.message(`${block.tag.raw} has no src`, block);
        return block.children;
      }
      const link = el(
        'a',
        { className: ['op-file__link'], href: src, download: true, dataOpFill: 'file' },
        [
          iconSlot('file-arrow-down', 'op-file__icon'),
          el('span', { className: ['op-file__name'] }, [{ type: 'text', value: basename(src) }]),
          el('span', { className: ['op-file__meta'] }),
        ],
      );
      if (block.position) link.position = block.position;
      const children: RootContent[] = [link];
      if (block.children.length > 0) {
        children.push(el('div', { className: ['op-file__caption'] }, block.children));
      }
      const card = el('div', { className: ['op-file'] }, children);
      if (block.position) card.position = block.position;
      return card;
    });
  };
}
