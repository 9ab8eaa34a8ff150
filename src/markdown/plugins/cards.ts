/**
 * Cards: `<table data-view="cards" data-card-size="large">` whose header cells mark columns with
 * `data-card-target`, `data-card-cover`, `data-card-cover-dark` and `data-hidden` →
 * `ul.op-cards(.op-cards--large) > li.op-card > (img|picture).op-card__cover +
 * div.op-card__content > div.op-card__cell… + a.op-card__target[href] > span.op-sr-only`.
 * The target link covers the card (theme CSS); links and sources are resolved by the references
 * plugin.
 */
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { findElement, h, isElement, prop, t, textContent, walkElements } from '../hast.ts';

interface Column {
  hidden: boolean;
  target: boolean;
  cover: boolean;
  coverDark: boolean;
}

function rows(table: Element): { head: Element[]; body: Element[] } {
  const head: Element[] = [];
  const body: Element[] = [];
  for (const child of table.children) {
    if (!isElement(child)) continue;
    if (child.tagName === 'tr') body.push(child);
    else if (child.tagName === 'thead' || child.tagName === 'tbody' || child.tagName === 'tfoot') {
      for (const row of child.children) {
        if (isElement(row, 'tr')) (child.tagName === 'thead' ? head : body).push(row);
      }
    }
  }
  return { head, body };
}

export function cells(row: Element): Element[] {
  return row.children.filter(
    (c): c is Element => isElement(c) && (c.tagName === 'td' || c.tagName === 'th'),
  );
}

/** The URL a cell points to: its first link or image. */
function cellUrl(cell: Element | undefined): string | undefined {
  if (!cell) return undefined;
  const found = findElement(
    cell,
    (n) =>
      (n.tagName === 'a' && prop(n, 'href') !== undefined) ||
      (n.tagName === 'img' && prop(n, 'src') !== undefined),
  );
  if (!found) return undefined;
  return found.tagName === 'a' ? prop(found, 'href') : prop(found, 'src');
}

function card(row: Element, columns: Column[]): Element {
  const list = cells(row);
  let cover: string | undefined;
  let coverDark: string | undefined;
  let target: string | undefined;
  const visible: Element[] = [];
  list.forEach((cell, i) => {
    const column = columns[i] ?? { hidden: false, target: false, cover: false, coverDark: false };
    if (column.target) target = cellUrl(cell) ?? target;
    else if (column.cover) cover = cellUrl(cell) ?? cover;
    else if (column.coverDark) coverDark = cellUrl(cell) ?? coverDark;
    else if (!column.hidden && cell.children.length > 0) {
      visible.push(h('div', { className: ['op-card__cell'] }, cell.children));
    }
  });
  const children: ElementContent[] = [];
  const image = cover ?? coverDark;
  if (image) {
    const img = h('img', { src: image, alt: '', className: ['op-card__cover'] });
    if (cover && coverDark) {
      children.push(
        h('picture', { className: ['op-card__cover'] }, [
          h('source', { srcSet: coverDark, media: '(prefers-color-scheme: dark)' }),
          h('img', { src: cover, alt: '' }),
        ]),
      );
    } else children.push(img);
  }
  children.push(h('div', { className: ['op-card__content'] }, visible));
  if (target) {
    const label = visible[0] ? textContent(visible[0]).trim() : '';
    children.push(
      h('a', { className: ['op-card__target'], href: target }, [
        h('span', { className: ['op-sr-only'] }, [t(label || target)]),
      ]),
    );
  }
  const className = ['op-card'];
  if (target) className.push('op-card--link');
  const node = h('li', { className }, children);
  if (row.position) {
    // Reference lines come from positions: give the new elements the row's.
    const position = row.position;
    walkElements(node, (child) => {
      child.position = position;
      return undefined;
    });
    node.position = position;
  }
  return node;
}

export function rehypeOpCards() {
  return (tree: Root, file: VFile) => {
    walkElements(tree, (node, parent, index) => {
      if (node.tagName !== 'table' || prop(node, 'dataView') !== 'cards') return undefined;
      const { head, body } = rows(node);
      const headerRow = head[0];
      const columns: Column[] = headerRow
        ? cells(headerRow).map((th) => ({
            hidden: prop(th, 'dataHidden') !== undefined,
            target: prop(th, 'dataCardTarget') !== undefined,
            cover: prop(th, 'dataCardCover') !== undefined,
            coverDark: prop(th, 'dataCardCoverDark') !== undefined,
          }))
        : [];
      if (!headerRow) file.message('cards table without a header row', node);
      const size = prop(node, 'dataCardSize')?.toLowerCase();
      const className = ['op-cards'];
      if (size && /^[a-z]{1,16}$/.test(size)) className.push(`op-cards--${size}`);
      const list = h(
        'ul',
        { className },
        body.map((row) => card(row, columns)),
      );
      if (node.position) list.position = node.position;
      parent.children[index] = list;
      return 'skip';
    });
  };
}
