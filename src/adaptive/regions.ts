import { fromHtml } from 'hast-util-from-html';
import { compileCondition } from './compile.ts';

/**
 * `{% if %}` regions in a page's rendered HTML (src/markdown/plugins/conditions.ts marks them
 * `div.op-condition__branch[data-op-if|data-op-elif=EXPR][hidden]`): each expression is compiled
 * here, at build, and its allow-listed form added as `data-op-ast` (JSON) for the browser. A
 * refused expression loses its `data-op-if`/`data-op-elif` for `data-op-refused`, so no
 * branch of that region is ever shown. Branches start hidden: without script none shows.
 */

// The branch's opening tag exactly as the renderer writes it. Text never matches: its `<` is
// written as a character reference.
const BRANCH = /<div class="op-condition__branch" data-op-(if|elif)="([^"]*)"/g;

export interface PreparedRegions {
  html: string;
  /** The page has `{% if %}` regions: it needs the browser's evaluator. */
  regions: boolean;
}

export function prepareRegions(
  html: string,
  refused: (expression: string, reason: string) => void,
): PreparedRegions {
  if (!html.includes('data-op-condition')) return { html, regions: false };
  const out = html.replace(BRANCH, (_match, kind: string, written: string) => {
    const expression = attributeValue(written);
    const compiled = compileCondition(expression);
    if (!compiled.ok) {
      refused(expression, compiled.reason);
      return `<div class="op-condition__branch" data-op-refused="${kind}"`;
    }
    return `<div class="op-condition__branch" data-op-${kind}="${written}" data-op-ast="${escapeAttribute(JSON.stringify(compiled.condition))}"`;
  });
  return { html: out, regions: true };
}

/** An attribute value as written in HTML (character references) → its text, by an HTML parser. */
function attributeValue(written: string): string {
  const tree = fromHtml(`<i title="${written}"></i>`, { fragment: true });
  const element = tree.children[0];
  const title = element?.type === 'element' ? element.properties.title : undefined;
  return typeof title === 'string' ? title : '';
}

function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
