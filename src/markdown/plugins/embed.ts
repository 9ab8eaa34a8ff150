/**
 * `{% embed url="…" %}` (optionally with a caption and `{% endembed %}`) →
 * `figure.op-embed > a.op-embed__card[href] > span.op-embed__host + span.op-embed__url`, and
 * `figcaption.op-embed__caption` for the caption. After sanitizing, the embeds plugin turns the
 * card of an allow-listed video host into a lazy, sandboxed iframe (see `plugins/embeds.ts`).
 */
import type { Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { el, mapBlocks } from '../mdast.ts';
import { attr, type BlockTags } from '../tags.ts';

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = { embed: 'optional' } as const satisfies BlockTags;

const EMBED = new Set(Object.keys(TAGS));

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export function remarkOpEmbed() {
  return (tree: Root, file: VFile) => {
    mapBlocks(tree, EMBED, (block) => {
      const url = (attr(block.tag, 'url') ?? block.tag.positional[0] ?? '').trim();
      const caption = attr(block.tag, 'caption');
      if (url === '') {
        file.message(`${block.tag.raw} has no url`, block);
        return block.children;
      }
      // An embedded file of the space (its download URL) becomes the site's copy: see references.ts.
      const card = el('a', { className: ['op-embed__card'], href: url, dataOpFill: 'embed' }, [
        el('span', { className: ['op-embed__host'] }, [{ type: 'text', value: hostOf(url) }]),
        { type: 'text', value: ' ' },
        el('span', { className: ['op-embed__url'] }, [{ type: 'text', value: url }]),
      ]);
      if (block.position) card.position = block.position;
      const children: RootContent[] = [card];
      const captionContent: RootContent[] = [...block.children];
      if (caption)
        captionContent.unshift({ type: 'paragraph', children: [{ type: 'text', value: caption }] });
      if (captionContent.length > 0) {
        children.push(el('figcaption', { className: ['op-embed__caption'] }, captionContent));
      }
      const figure = el('figure', { className: ['op-embed'] }, children);
      if (block.position) figure.position = block.position;
      return figure;
    });
  };
}
