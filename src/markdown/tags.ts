/**
 * `{% name args %}` tags of the Git Sync flavour: a tag as the blocks read it, and its arguments
 * read. The tags themselves are the parser's (`syntax/`); which are known, and how each pairs,
 * is the table's (`syntax/tag-table.ts`). Linear in its input's length.
 */
import type { TagKind } from './syntax/tag-table.ts';

export interface TagToken {
  /** Lower-cased tag name (`hint`, `endhint`, `content-ref`…). */
  name: string;
  /** Everything after the name, trimmed (the expression of `{% if … %}`). */
  args: string;
  /** `key="value"` pairs (keys as written); bare words are `true`. */
  attrs: Record<string, string | true>;
  /** Quoted strings that are not values of a key (`{% include "x.md" %}`). */
  positional: string[];
  /** The tag exactly as written. */
  raw: string;
  /** 1-based line in the original markdown. */
  line: number;
}

/** How a tag pairs: `syntax/tag-table.ts`. */
export type { TagKind };

/** The `{% %}` tags a block renders, by lower-cased name, with how the tag reader pairs them. */
export type BlockTags = Readonly<Record<string, TagKind>>;

const OPEN_QUOTES: Record<string, string> = {
  '"': '"\u201d\u201c',
  "'": "'\u2019\u2018",
  '\u201c': '\u201d"',
  '\u2018': "\u2019'",
};

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0';
}

function isKeyChar(c: string | undefined, first: boolean): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || c === '_') return true;
  if (first) return false;
  return (code >= 48 && code <= 57) || c === '-' || c === ':' || c === '.';
}

/** Parses `key="v" key='v' key=v flag "positional"`; lenient about curly quotes. */
export function parseTagArgs(args: string): Pick<TagToken, 'attrs' | 'positional'> {
  const attrs: Record<string, string | true> = {};
  const positional: string[] = [];
  let i = 0;
  const n = args.length;
  const readQuoted = (): string => {
    const closers = OPEN_QUOTES[args[i] as string] as string;
    let value = '';
    i++;
    while (i < n && !closers.includes(args[i] as string)) {
      // A backslash keeps the quote after it (`title="say \\"hi\\""`).
      if (args[i] === '\\' && i + 1 < n && closers.includes(args[i + 1] as string)) i++;
      value += args[i];
      i++;
    }
    if (i < n) i++;
    return value;
  };
  while (i < n) {
    const c = args[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c !== undefined && Object.hasOwn(OPEN_QUOTES, c)) {
      positional.push(readQuoted());
      continue;
    }
    if (isKeyChar(c, true)) {
      const start = i;
      while (i < n && isKeyChar(args[i], false)) i++;
      const key = args.slice(start, i);
      let j = i;
      while (j < n && isSpace(args[j])) j++;
      if (args[j] === '=') {
        i = j + 1;
        while (i < n && isSpace(args[i])) i++;
        const q = args[i];
        if (q !== undefined && Object.hasOwn(OPEN_QUOTES, q)) {
          attrs[key] = readQuoted();
        } else {
          const vs = i;
          while (i < n && !isSpace(args[i])) i++;
          attrs[key] = args.slice(vs, i);
        }
      } else if (!Object.hasOwn(attrs, key)) {
        attrs[key] = true;
      }
      continue;
    }
    i++;
  }
  return { attrs, positional };
}

/** String value of an attribute, or `undefined` (a bare flag counts as `'true'`). */
export function attr(token: Pick<TagToken, 'attrs'>, key: string): string | undefined {
  const value = token.attrs[key];
  if (value === undefined) {
    // Keys are matched case-insensitively as a fallback (`lineNumbers` vs `linenumbers`).
    const lower = key.toLowerCase();
    for (const k of Object.keys(token.attrs)) {
      if (k.toLowerCase() === lower) {
        const v = token.attrs[k];
        return v === true ? 'true' : v;
      }
    }
    return undefined;
  }
  return value === true ? 'true' : value;
}
