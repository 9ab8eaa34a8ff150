/**
 * A small CSS reader for the generated theme stylesheet: rules (with the `@media` or `@container` they sit in)
 * and their declarations. It throws on anything it does not understand — unbalanced braces, a
 * declaration without a colon, text outside a rule — so an injected `}` or `;` shows up as a
 * parse failure or as an unexpected rule.
 */

export interface CssRule {
  selector: string;
  media?: string;
  declarations: [name: string, value: string][];
}

export function parseCss(css: string): CssRule[] {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: CssRule[] = [];
  let i = 0;
  const readBlock = (): string => {
    // At the character after `{`: up to the matching `}`, skipping strings.
    let depth = 1;
    const start = i;
    while (i < source.length) {
      const ch = source[i];
      if (ch === '"' || ch === "'") {
        const close = source.indexOf(ch, i + 1);
        if (close < 0) throw new Error('unterminated string');
        i = close + 1;
        continue;
      }
      if (ch === '{') depth++;
      if (ch === '}' && --depth === 0) return source.slice(start, i++);
      i++;
    }
    throw new Error('unbalanced braces');
  };
  const parseRules = (media?: string) => {
    const end = source.length;
    while (i < end) {
      const open = source.indexOf('{', i);
      const prelude = source.slice(i, open < 0 ? end : open).trim();
      if (open < 0) {
        if (prelude) throw new Error(`text outside a rule: ${prelude}`);
        return;
      }
      if (prelude.startsWith('}')) throw new Error('stray }');
      i = open + 1;
      // Conditional group rules: their rules, with the condition they sit in.
      if (/^@(media|container|supports)\b/.test(prelude)) {
        const inner = readBlock();
        rules.push(...parseCss(inner).map((rule) => ({ ...rule, media: prelude })));
        continue;
      }
      rules.push({ selector: prelude, media, declarations: declarations(readBlock()) });
    }
  };
  parseRules();
  return rules;
}

function declarations(block: string): [string, string][] {
  if (block.includes('{') || block.includes('}')) throw new Error(`nested block: ${block}`);
  const result: [string, string][] = [];
  for (const part of splitOutsideStrings(block, ';')) {
    if (!part.trim()) continue;
    const colon = part.indexOf(':');
    if (colon < 0) throw new Error(`not a declaration: ${part}`);
    result.push([part.slice(0, colon).trim(), part.slice(colon + 1).trim()]);
  }
  return result;
}

function splitOutsideStrings(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quote: string | undefined;
  let current = '';
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === separator) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (quote) throw new Error('unterminated string');
  parts.push(current);
  return parts;
}

/** The custom properties a rule sets, by name. */
export function variablesOf(rule: CssRule | undefined): Map<string, string> {
  return new Map(rule?.declarations ?? []);
}

/** The light and dark blocks of the generated stylesheet. */
export function modeBlocks(css: string): { light: Map<string, string>; dark: Map<string, string> } {
  const rules = parseCss(css);
  const light = rules.find((rule) => rule.selector.includes('[data-theme="light"]'));
  const dark = rules.find((rule) => rule.selector === 'html[data-theme="dark"]');
  return { light: variablesOf(light), dark: variablesOf(dark) };
}

/** A value the generated stylesheet may hold outside `@font-face`. */
export const SAFE_VALUE =
  /^(?:#[0-9a-f]{6}|light|dark|\d+px|(?:"[A-Za-z0-9 _-]+"|-?[A-Za-z][A-Za-z-]*)(?:, (?:"[A-Za-z0-9 _-]+"|-?[A-Za-z][A-Za-z-]*))*)$/;

/** The selectors the generated stylesheet may use. */
export const SAFE_SELECTORS = new Set([
  'html:root',
  'html:root,\nhtml[data-theme="light"]',
  'html[data-theme="dark"]',
  'html:root:not([data-theme])',
  '@font-face',
]);
