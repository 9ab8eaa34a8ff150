/**
 * After sanitizing: gives each `div.op-tabs` its ARIA tablist, hidden until the theme's script
 * enhances it: `div.op-tabs__list[role=tablist][hidden] > button.op-tabs__tab[role=tab]
 * [aria-controls][aria-selected]` and `section.op-tabs__panel[role=tabpanel][aria-labelledby]`.
 * With no script every panel shows under its `div.op-tabs__title`. The tablist repeats the titles,
 * so search indexing skips it (`data-pagefind-ignore`).
 */
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { usedIds } from '../file-data.ts';
import { h, hasClass, isElement, walkElements } from '../hast.ts';

/** Each tablist is numbered (`op-tabs-N-…`) in document order, from 1 in each tree. */
export function rehypeOpTabsAria() {
  return (tree: Root, file: VFile) => {
    let sequence = 0;
    const used = usedIds(file);
    walkElements(tree, (node) => {
      if (node.tagName !== 'div' || !hasClass(node, 'op-tabs')) return undefined;
      const n = ++sequence;
      const panels = node.children.filter(
        (c): c is Element => isElement(c, 'section') && hasClass(c, 'op-tabs__panel'),
      );
      if (panels.length === 0) return undefined;
      const buttons: ElementContent[] = panels.map((panel, i) => {
        const tabId = `op-tabs-${n}-tab-${i + 1}`;
        const panelId = `op-tabs-${n}-panel-${i + 1}`;
        used.add(tabId);
        used.add(panelId);
        panel.properties = {
          ...panel.properties,
          id: panelId,
          role: 'tabpanel',
          ariaLabelledBy: [tabId],
          tabIndex: 0,
        };
        const title = panel.children.find(
          (c): c is Element => isElement(c) && hasClass(c, 'op-tabs__title'),
        );
        return h(
          'button',
          {
            type: 'button',
            role: 'tab',
            className: ['op-tabs__tab'],
            id: tabId,
            ariaControls: [panelId],
            ariaSelected: i === 0 ? 'true' : 'false',
            tabIndex: i === 0 ? 0 : -1,
          },
          title ? structuredClone(title.children) : [],
        );
      });
      node.children.unshift(
        h(
          'div',
          { className: ['op-tabs__list'], role: 'tablist', hidden: true, dataPagefindIgnore: '' },
          buttons,
        ),
      );
      return undefined;
    });
  };
}
