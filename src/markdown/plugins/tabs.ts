/**
 * `{% tabs %}{% tab title="…" icon="…" %}…{% endtab %}{% endtabs %}` →
 * `div.op-tabs[data-op-tabs] > section.op-tabs__panel > div.op-tabs__title + content`, one panel
 * per tab: readable with no JavaScript (every panel shown under its title). After sanitizing,
 * the tabs plugin adds the hidden ARIA tablist and ids. Content between tabs (not inside one)
 * goes in `div.op-tabs__extra` before the panels, with a warning: it never joins a tab.
 */
import type { Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { useFeature } from '../features.ts';
import { el, iconName, iconSlot, mapBlocks, type OpBlock, type OpElement } from '../mdast.ts';
import { type ContentStrings, ENGLISH_CONTENT_STRINGS, fill } from '../strings.ts';
import { attr, type BlockTags } from '../tags.ts';

/** The `{% %}` tags this block renders (the tag reader's, src/markdown/blocks.ts). */
export const TAGS = { tabs: 'container', tab: 'container' } as const satisfies BlockTags;

const TABS = new Set(['tabs']);

export function remarkOpTabs(strings: ContentStrings = ENGLISH_CONTENT_STRINGS) {
  return (tree: Root, file: VFile) => {
    mapBlocks(tree, TABS, (block) => {
      const panels: RootContent[] = [];
      const extra: RootContent[] = [];
      let index = 0;
      for (const child of block.children) {
        if (child.type === 'opBlock' && child.tag.name === 'tab') {
          index++;
          panels.push(panel(child, index, strings));
        } else {
          extra.push(child);
        }
      }
      if (extra.length > 0)
        file.message(`content in ${block.tag.raw} outside any {% tab %}`, extra[0]);
      if (panels.length === 0) file.message(`${block.tag.raw} has no {% tab %}`, block);
      else useFeature(file, 'tabs');
      const children =
        extra.length > 0
          ? [el('div', { className: ['op-tabs__extra'] }, extra), ...panels]
          : panels;
      const tabs = tabsElement(children);
      if (block.position) tabs.position = block.position;
      return tabs;
    });
  };
}

function panel(tab: OpBlock, index: number, strings: ContentStrings): RootContent {
  const title = attr(tab.tag, 'title')?.trim() || fill(strings.tab, { n: index });
  return tabPanel(title, tab.children, iconName(attr(tab.tag, 'icon')));
}

/** The tabs' markup, for other blocks that show alternatives as tabs (OpenAPI code samples). */
export function tabsElement(children: RootContent[]): OpElement {
  return el('div', { className: ['op-tabs'], dataOpTabs: '' }, children);
}

export function tabPanel(title: string, children: RootContent[], icon?: string): RootContent {
  const label = el('div', { className: ['op-tabs__title'] }, [
    ...(icon ? [iconSlot(icon, 'op-tabs__icon')] : []),
    { type: 'text', value: title },
  ]);
  return el('section', { className: ['op-tabs__panel'] }, [label, ...children]);
}
