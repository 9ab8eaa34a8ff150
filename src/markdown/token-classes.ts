/**
 * Code colours by class. A highlighted token carried its two colours in a style of its own
 * (`style="--sl:#D73A49;--sd:#F97583"`), the most repeated bytes of a page with code. For the
 * pair of themes Offprint highlights with (`THEMES`: github-light and github-dark, whose rules
 * have the same scopes in the same order), a token's colours are the colours of one rule in each
 * theme: a dozen pairs, each named here by a one-letter class whose colours the default theme's
 * stylesheet gives (`themes/default/styles/blocks.css`, held to this table by its test). What
 * changes is the markup alone: every character keeps the colour it had, in either scheme.
 *
 * - A token in the themes' foreground is plain text of its line, which inherits that colour
 *   from its block.
 * - A block's own colours (foreground and background) are the stylesheet's too: its `pre`
 *   carries no style.
 * - Anything else keeps Shiki's style: a token with a font style, a pair of colours not in the
 *   table (should Shiki's themes change), a block in other themes (`tokenClassesFor` is undefined).
 */
import type { Element, ElementContent, Text } from 'hast';
import type { ShikiTransformer } from 'shiki';

/** The themes the table is for. */
export const CLASSED_THEMES = { light: 'github-light', dark: 'github-dark' } as const;

/** A block's colours as Shiki writes them on its `pre` for these themes (`--sl-bg`: background). */
export const BLOCK_STYLE = '--sl:#24292e;--sd:#e1e4e8;--sl-bg:#fff;--sd-bg:#24292e';

/** A token in the block's foreground, as the tokenizer writes it: no span of its own. */
const FOREGROUND_STYLE = '--sl:#24292e;--sd:#e1e4e8';

/** Each other colour pair of the themes' rules (light, dark), by class; the rules' main scopes
 * in the comment. Lower-case hex, as the themes write them. */
export const TOKEN_CLASSES = {
  c: ['#6a737d', '#6a737d'], // comment
  n: ['#005cc5', '#79b8ff'], // constant, support, property name
  e: ['#6f42c1', '#b392f0'], // entity (function, type names)
  t: ['#22863a', '#85e89d'], // entity.name.tag, markup.inserted
  k: ['#d73a49', '#f97583'], // keyword, storage
  s: ['#032f62', '#9ecbff'], // string
  v: ['#e36209', '#ffab70'], // variable, markup.changed
  x: ['#b31d28', '#fdaeb7'], // invalid, markup.deleted
  l: ['#fafbfc', '#24292e'], // carriage-return
  r: ['#032f62', '#dbedff'], // regular expression
  i: ['#f6f8fa', '#2f363d'], // markup.ignored
  b: ['#586069', '#d1d5da'], // bracket highlighter
} as const satisfies Record<string, readonly [light: string, dark: string]>;

/** By a token's style in lower case: its class. */
const CLASS_OF = new Map<string, string>(
  Object.entries(TOKEN_CLASSES).map(([name, [light, dark]]) => [
    `--sl:${light};--sd:${dark}`,
    name,
  ]),
);

/** A token's class, `''` for the foreground (plain text), undefined to keep its style; by the
 * style as written (the tokenizer writes a few dozen distinct ones). */
const classOfStyle = new Map<string, string | undefined>();

function classOf(style: string): string | undefined {
  if (classOfStyle.has(style)) return classOfStyle.get(style);
  const lower = style.toLowerCase();
  const found = lower === FOREGROUND_STYLE ? '' : CLASS_OF.get(lower);
  classOfStyle.set(style, found);
  return found;
}

/**
 * The line's tokens with their colours by class and foreground tokens as text. Neighbours of one
 * colour become one node (Shiki splits a run of one colour where the token type changes).
 */
function classLine(line: Element): void {
  const children: ElementContent[] = [];
  let lastClass: string | undefined;
  for (const child of line.children) {
    const style = child.type === 'element' ? child.properties.style : undefined;
    const name = typeof style === 'string' ? classOf(style) : undefined;
    const last = children.at(-1);
    if (name === undefined) {
      children.push(child);
      lastClass = undefined;
      continue;
    }
    // Shiki's token: a span holding one text node, a tree of this block's own.
    const span = child as Element;
    const text = span.children[0] as Text;
    if (last !== undefined && name === lastClass) {
      // Same colour as the node before: a text node, or the text of a classed span.
      ((last.type === 'text' ? last : (last as Element).children[0]) as Text).value += text.value;
    } else if (name === '') {
      children.push(text);
    } else {
      span.properties = { className: [name] };
      children.push(span);
    }
    lastClass = name;
  }
  line.children = children;
}

const TRANSFORMER: ShikiTransformer = {
  name: 'offprint:token-classes',
  line(line) {
    classLine(line);
  },
  pre(pre) {
    if (String(pre.properties.style).toLowerCase() === BLOCK_STYLE) delete pre.properties.style;
  },
};

/** The transformer that writes classes for these themes; undefined for any other pair. */
export function tokenClassesFor(themes: {
  light: string;
  dark: string;
}): ShikiTransformer | undefined {
  return themes.light === CLASSED_THEMES.light && themes.dark === CLASSED_THEMES.dark
    ? TRANSFORMER
    : undefined;
}
