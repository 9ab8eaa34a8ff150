/**
 * HTML tables whose header cells type their columns (`data-type` checkbox, number, rating,
 * files, content-ref, image; `data-hidden`): hidden columns are removed; a checkbox cell
 * becomes a disabled checkbox; a rating cell `span.op-rating[role=img][aria-label]` with stars;
 * number cells get `op-cell--number`; links in content-ref and files cells show the page title or
 * file name (filled by the references plugin); links in image cells become images.
 */
import type { Element, ElementContent, Root } from 'hast';
import { addClass, h, isElement, prop, t, textContent, walkElements } from '../hast.ts';
import { type ContentStrings, ENGLISH_CONTENT_STRINGS, fill } from '../strings.ts';
import { cells } from './cards.ts';

interface Column {
  type: string | undefined;
  hidden: boolean;
  max: number;
}

function allRows(table: Element): Element[] {
  const out: Element[] = [];
  for (const child of table.children) {
    if (!isElement(child)) continue;
    if (child.tagName === 'tr') out.push(child);
    else if (['thead', 'tbody', 'tfoot'].includes(child.tagName)) {
      for (const row of child.children) if (isElement(row, 'tr')) out.push(row);
    }
  }
  return out;
}

function markLinks(cell: Element, fill: string): void {
  walkElements(cell, (node) => {
    if (node.tagName === 'a') node.properties.dataOpFill = fill;
    return undefined;
  });
}

function linksToImages(cell: Element): void {
  walkElements(cell, (node, parent, index) => {
    if (node.tagName !== 'a') return undefined;
    const href = prop(node, 'href');
    if (href === undefined) return undefined;
    const img = h('img', { src: href, alt: textContent(node).trim() });
    if (node.position) img.position = node.position;
    parent.children[index] = img;
    return 'skip';
  });
}

function typeCell(cell: Element, column: Column, strings: ContentStrings): void {
  switch (column.type) {
    case 'checkbox': {
      const value = textContent(cell).trim().toLowerCase();
      const checked = value === 'true' || value === 'yes' || value === 'x' || value === '1';
      cell.children = [h('input', { type: 'checkbox', disabled: true, checked })];
      addClass(cell, 'op-cell--checkbox');
      break;
    }
    case 'number':
      addClass(cell, 'op-cell--number');
      break;
    case 'rating': {
      const text = textContent(cell).trim();
      const n = Number.parseFloat(text);
      if (Number.isFinite(n)) {
        const value = Math.max(0, Math.min(column.max, Math.round(n)));
        const stars: ElementContent[] = [
          h('span', { ariaHidden: 'true' }, [
            t('★'.repeat(value) + '☆'.repeat(column.max - value)),
          ]),
        ];
        cell.children = [
          h(
            'span',
            {
              className: ['op-rating'],
              role: 'img',
              ariaLabel: fill(strings.rating, { value, max: column.max }),
            },
            stars,
          ),
        ];
      }
      addClass(cell, 'op-cell--rating');
      break;
    }
    case 'content-ref':
      markLinks(cell, 'title');
      break;
    case 'files':
      markLinks(cell, 'file-name');
      break;
    case 'image':
      linksToImages(cell);
      break;
    default:
      break;
  }
}

export function rehypeOpTables(strings: ContentStrings = ENGLISH_CONTENT_STRINGS) {
  return (tree: Root) => {
    walkElements(tree, (node) => {
      if (node.tagName !== 'table' || prop(node, 'dataView') === 'cards') return undefined;
      const rows = allRows(node);
      const header = rows.find((row) => cells(row).some((c) => c.tagName === 'th'));
      if (!header) return undefined;
      const columns: Column[] = cells(header).map((th) => {
        const max = Number.parseInt(prop(th, 'dataMax') ?? '5', 10);
        return {
          type: prop(th, 'dataType')?.toLowerCase(),
          hidden: prop(th, 'dataHidden') !== undefined,
          max: Number.isFinite(max) && max > 0 && max <= 10 ? max : 5,
        };
      });
      if (!columns.some((c) => c.type !== undefined || c.hidden)) return undefined;
      const spans = rows.some((row) =>
        cells(row).some((c) => prop(c, 'colSpan') !== undefined && prop(c, 'colSpan') !== '1'),
      );
      for (const row of rows) {
        const list = cells(row);
        list.forEach((cell, i) => {
          const column = columns[i];
          if (!column) return;
          if (column.hidden && !spans) {
            row.children = row.children.filter((c) => c !== cell);
            return;
          }
          if (cell.tagName === 'td') typeCell(cell, column, strings);
          else if (column.type === 'number') addClass(cell, 'op-cell--number');
        });
      }
      return 'skip';
    });
  };
}
