/**
 * `{% content-ref url="page.md" %}[page.md](page.md){% endcontent-ref %}` → a page-link card:
 * `div.op-content-ref > a.op-content-ref__link[href][data-op-fill=content-ref] >
 * span.op-content-ref__icon + span.op-content-ref__title + span.op-content-ref__arrow`. The
 * references plugin resolves the link and puts the page's title in; the link text written in
 * the block is the fallback title. The block names its page twice (the `url` and the link), and
 * the platform's export writes the id in one and the path in the other: the id is used.
 */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { el, iconSlot, mapBlocks, plainText } from '../mdast.ts';
import { parseReference } from '../reference.ts';
import { attr, type BlockTags } from '../tags.ts';

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = { 'content-ref': 'container' } as const satisfies BlockTags;

const CONTENT_REF = new Set(Object.keys(TAGS));

/**
 * A stable page reference (`/pages/ID`, `/spaces/S/pages/ID`): it names the page by its id (the
 * platform's `/broken/pages/ID` names a page it lost).
 */
function namesPageId(url: string): boolean {
  if (url.startsWith('/broken/')) return false;
  const ref = parseReference(url, { currentPath: '' });
  return ref.kind === 'page' && ref.pageId !== undefined;
}

export function remarkOpContentRef() {
  return (tree: Root, file: VFile) => {
    mapBlocks(tree, CONTENT_REF, (block) => {
      const written = (attr(block.tag, 'url') ?? block.tag.positional[0] ?? '').trim();
      const fallback = block.children
        .map((child) => plainText(child))
        .join(' ')
        .trim();
      const link = block.children
        .flatMap((child) => ('children' in child ? child.children : []))
        .find((child) => child.type === 'link');
      const inner = link && link.type === 'link' ? link.url.trim() : '';
      // A page named by its id and by its path is found by the id, as the platform finds it: a
      // page that moved keeps its id, not its path.
      const url = written === '' || (!namesPageId(written) && namesPageId(inner)) ? inner : written;
      if (url === '') {
        file.message(`${block.tag.raw} has no url`, block);
        return block.children;
      }
      const card = el('div', { className: ['op-content-ref'] }, [
        el('a', { className: ['op-content-ref__link'], href: url, dataOpFill: 'content-ref' }, [
          iconSlot('file-lines', 'op-content-ref__icon'),
          el('span', { className: ['op-content-ref__title'] }, [
            { type: 'text', value: fallback || url },
          ]),
          iconSlot('chevron-right', 'op-content-ref__arrow'),
        ]),
      ]);
      if (block.position) {
        card.position = block.position;
        (card.children[0] as { position?: unknown }).position = block.position;
      }
      return card;
    });
  };
}
