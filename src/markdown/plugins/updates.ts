/**
 * `{% updates format="full" %}{% update date="2024-05-01" tags="feature,fix" %}…{% endupdate %}{% endupdates %}`
 * → `div.op-updates.op-updates--FORMAT > article.op-update > header.op-update__header >
 * time.op-update__date + ul.op-update__tags > li.op-update__tag` and `div.op-update__body`.
 */
import type { Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { el, mapBlocks, type OpBlock } from '../mdast.ts';
import { attr, type BlockTags } from '../tags.ts';

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = { updates: 'container', update: 'container' } as const satisfies BlockTags;

const UPDATES = new Set(['updates']);

function update(block: OpBlock): RootContent {
  const date = attr(block.tag, 'date')?.trim() ?? '';
  const tags = (attr(block.tag, 'tags') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const header: RootContent[] = [];
  if (date !== '') {
    const iso = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?$/.test(date) ? { dateTime: date } : {};
    header.push(
      el('time', { className: ['op-update__date'], ...iso }, [{ type: 'text', value: date }]),
    );
  }
  if (tags.length > 0) {
    header.push(
      el(
        'ul',
        { className: ['op-update__tags'] },
        tags.map((tag) =>
          el('li', { className: ['op-update__tag'] }, [{ type: 'text', value: tag }]),
        ),
      ),
    );
  }
  return el('article', { className: ['op-update'] }, [
    ...(header.length > 0 ? [el('header', { className: ['op-update__header'] }, header)] : []),
    el('div', { className: ['op-update__body'] }, block.children),
  ]);
}

export function remarkOpUpdates() {
  return (tree: Root, file: VFile) => {
    mapBlocks(tree, UPDATES, (block) => {
      const format = (attr(block.tag, 'format') ?? '').trim().toLowerCase();
      const className = ['op-updates'];
      if (/^[a-z][a-z-]{0,31}$/.test(format)) className.push(`op-updates--${format}`);
      const children = block.children.map((child) => {
        if (child.type === 'opBlock' && child.tag.name === 'update') return update(child);
        file.message(`content in ${block.tag.raw} outside any {% update %}`, child);
        return el('article', { className: ['op-update'] }, [
          el('div', { className: ['op-update__body'] }, [child]),
        ]);
      });
      const node = el('div', { className }, children);
      if (block.position) node.position = block.position;
      return node;
    });
  };
}
