/**
 * After sanitizing: each operation's "Test it" slot (`span.op-openapi__try[data-op-try=N]`, written
 * by `openapi-view.ts`) becomes `button.op-openapi__try[data-op-try-open][aria-haspopup=dialog]`
 * carrying the console's data as JSON in `data-op-request`: an attribute, so the browser never
 * runs it, and the theme's script reads it with `JSON.parse` only. The data comes from the
 * render's file (`openapi-console-data.ts`), never from the markup: a slot that names no entry,
 * or one already used, is removed. It also counts the page's operations and the text they hold
 * (`features.operations`), which the view weighs for the page's layout.
 */
import type { Element, Root } from 'hast';
import { toString as hastText } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { featuresOf } from '../features.ts';
import { h, hasClass, prop, t, walkElements } from '../hast.ts';
import { consoleAt } from '../openapi-console-data.ts';
import type { ContentStrings } from '../strings.ts';

export function rehypeOpOpenapiConsole(strings: ContentStrings) {
  return (tree: Root, file: VFile) => {
    const used = new Set<number>();
    let count = 0;
    let tryIt = 0;
    let text = 0;
    walkElements(tree, (node, parent, index) => {
      if (node.tagName === 'div' && hasClass(node, 'op-openapi') && isDrawn(node)) {
        count++;
        text += hastText(node).length;
        return undefined;
      }
      if (node.tagName !== 'span' || !hasClass(node, 'op-openapi__try')) return undefined;
      const raw = prop(node, 'dataOpTry') ?? '';
      const n = /^\d{1,6}$/.test(raw) ? Number(raw) : -1;
      const data = n >= 0 && !used.has(n) ? consoleAt(file, n) : undefined;
      if (!parent || index === undefined) return 'skip';
      if (!data) {
        parent.children[index] = t('');
        return 'skip';
      }
      used.add(n);
      tryIt++;
      parent.children[index] = h(
        'button',
        {
          type: 'button',
          className: ['op-openapi__try'],
          dataOpTryOpen: '',
          dataOpRequest: JSON.stringify(data),
          ariaHasPopup: 'dialog',
        },
        [t(strings.testIt)],
      );
      return 'skip';
    });
    if (count > 0) featuresOf(file).operations = { count, tryIt, text };
  };
}

/** An operation drawn from its spec (not a stub, not schemas): it has the two columns. */
function isDrawn(node: Element): boolean {
  return node.children.some((c) => c.type === 'element' && hasClass(c, 'op-openapi__columns'));
}
