/**
 * `{% columns %}{% column width="50%" %}…{% endcolumn %}{% endcolumns %}` →
 * `div.op-columns > div.op-column[data-op-width="50"]`; after sanitizing, the width becomes the
 * CSS variable `--op-column-width` (never raw style from the page). Content between columns
 * becomes a column of its own, with a warning.
 */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { el, mapBlocks, type OpElement } from '../mdast.ts';
import { attr, type BlockTags } from '../tags.ts';

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = { columns: 'container', column: 'container' } as const satisfies BlockTags;

const COLUMNS = new Set(['columns']);

/** `"33.333333%"` → `"33.33"`; `undefined` unless a number in (0, 100]. */
export function percent(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*$/.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (!(n > 0 && n <= 100)) return undefined;
  return String(Math.round(n * 100) / 100);
}

export function remarkOpColumns() {
  return (tree: Root, file: VFile) => {
    mapBlocks(tree, COLUMNS, (block) => {
      const columns: OpElement[] = [];
      for (const child of block.children) {
        if (child.type === 'opBlock' && child.tag.name === 'column') {
          const raw = attr(child.tag, 'width');
          const width = percent(raw);
          if (raw !== undefined && width === undefined) {
            file.message(`column width "${raw}" is not a percentage; ignored`, child);
          }
          columns.push(
            el(
              'div',
              { className: ['op-column'], ...(width ? { dataOpWidth: width } : {}) },
              child.children,
            ),
          );
        } else {
          file.message(`content in ${block.tag.raw} outside any {% column %}`, child);
          columns.push(el('div', { className: ['op-column'] }, [child]));
        }
      }
      const node = el('div', { className: ['op-columns'] }, columns);
      if (block.position) node.position = block.position;
      return node;
    });
  };
}
