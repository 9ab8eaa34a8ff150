/**
 * Bounds on tree depth, so that no later stage (recursive unified utilities, parse5) can run out
 * of stack on adversarial input. Both passes are iterative and linear.
 */
import type { Nodes, Parent, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { expectsPhrasing, isParent, paragraph, plainText, text } from './mdast.ts';

/** Deepest mdast nesting kept; deeper content becomes its plain text. */
export const MAX_TREE_DEPTH = 64;
/** Deepest raw HTML element nesting kept; past it, the rest of the page's HTML is shown as text. */
export const MAX_HTML_DEPTH = 64;

export function limitTreeDepth(tree: Parent, file: VFile): void {
  const stack: [Parent, number][] = [[tree, 0]];
  let warned = false;
  while (stack.length > 0) {
    const [parent, depth] = stack.pop() as [Parent, number];
    const children = parent.children as RootContent[];
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as RootContent;
      if (!isParent(child)) continue;
      if (depth + 1 >= MAX_TREE_DEPTH) {
        const value = plainText(child);
        children[i] = expectsPhrasing(parent as Nodes) ? text(value) : paragraph(value);
        if (!warned) {
          file.message(
            `content nested more than ${MAX_TREE_DEPTH} levels deep is shown as text`,
            child,
          );
          warned = true;
        }
      } else {
        stack.push([child, depth + 1]);
      }
    }
  }
}

const VOID = new Set(
  'area base br col embed hr img input link meta param source track wbr'.split(' '),
);
/** Elements whose end tag is optional: they cannot nest into themselves without one. */
const OPTIONAL_END = new Set(
  'p li dt dd tr td th thead tbody tfoot option optgroup rb rt rp rtc colgroup caption html head body'.split(
    ' ',
  ),
);

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Net change of element depth over one chunk of raw HTML, and the deepest point reached. */
function scanHtml(value: string, depth: number): { depth: number; max: number } {
  let max = depth;
  let i = value.indexOf('<');
  let gt = -2;
  while (i >= 0 && i < value.length) {
    if (value.startsWith('<!--', i)) {
      const end = value.indexOf('-->', i + 4);
      if (end < 0) break;
      i = value.indexOf('<', end + 3);
      continue;
    }
    const closing = value.charCodeAt(i + 1) === 47;
    const nameStart = closing ? i + 2 : i + 1;
    if (!isLetter(value.charCodeAt(nameStart))) {
      i = value.indexOf('<', i + 1);
      continue;
    }
    let j = nameStart;
    while (j < value.length && /[A-Za-z0-9-]/.test(value[j] as string)) j++;
    const name = value.slice(nameStart, j).toLowerCase();
    if (gt < j) gt = value.indexOf('>', j);
    if (gt < 0) break;
    const selfClosing = value.charCodeAt(gt - 1) === 47;
    if (!VOID.has(name) && !OPTIONAL_END.has(name) && !selfClosing) {
      depth = closing ? Math.max(0, depth - 1) : depth + 1;
      if (depth > max) max = depth;
    }
    i = value.indexOf('<', gt + 1);
  }
  return { depth, max };
}

/**
 * Follows the nesting of raw HTML through the page in document order. Once it passes
 * {@link MAX_HTML_DEPTH}, that HTML node and every later one become text.
 */
export function limitHtmlDepth(tree: Parent, file: VFile): void {
  let depth = 0;
  let exceeded = false;
  // Document order: visit children left to right with an explicit stack of iterators.
  const iterators: [Parent, number][] = [[tree, 0]];
  while (iterators.length > 0) {
    const top = iterators[iterators.length - 1] as [Parent, number];
    const [parent, index] = top;
    if (index >= parent.children.length) {
      iterators.pop();
      continue;
    }
    top[1] = index + 1;
    const child = parent.children[index] as RootContent;
    if (child.type === 'html') {
      if (!exceeded) {
        const scanned = scanHtml(child.value, depth);
        depth = scanned.depth;
        if (scanned.max > MAX_HTML_DEPTH) {
          exceeded = true;
          file.message(
            `HTML nested more than ${MAX_HTML_DEPTH} levels deep is shown as text`,
            child,
          );
        }
      }
      if (exceeded) {
        (parent.children as RootContent[])[index] = expectsPhrasing(parent as Nodes)
          ? {
              type: 'text',
              value: child.value,
              ...(child.position ? { position: child.position } : {}),
            }
          : { type: 'paragraph', children: [text(child.value)] };
      }
    } else if (isParent(child)) {
      iterators.push([child, 0]);
    }
  }
}
