import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Element, Nodes, Root } from 'hast';
import { createHighlighter, type Highlighter } from 'shiki';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dualThemeHast,
  dualThemeTokens,
  dualThemeTokensToHast,
} from '../../src/markdown/dual-theme.ts';
import { THEMES } from '../../src/markdown/highlighter.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OPTIONS = {
  themes: THEMES,
  defaultColor: false,
  tokenizeMaxLineLength: 20_000,
  tokenizeTimeLimit: 5_000,
} as const;
/** Shiki's own options for the variables Offprint writes (`--sl`, `--sd`, `--sl-bg`, `--sd-bg`). */
const SHIKI_OPTIONS = {
  ...OPTIONS,
  themes: { l: THEMES.light, d: THEMES.dark },
  cssVariablePrefix: '--s',
} as const;

/** Every character with the style of the span around it (whitespace shows no colour). */
function colouredCharacters(root: Root): string[] {
  const out: string[] = [];
  const walk = (node: Nodes, style: string) => {
    if (node.type === 'text') {
      for (const char of node.value) out.push(/\s/.test(char) ? ' ' : `${char} ${style}`);
      return;
    }
    if (!('children' in node)) return;
    const own = node.type === 'element' && node.tagName === 'span' && node.properties.style;
    for (const child of node.children) walk(child, typeof own === 'string' ? own : style);
  };
  walk(root, '');
  return out;
}

const pre = (root: Root) => root.children[0] as Element;

/** Files of this repository in each language: real code, with embedded languages. */
async function samples(): Promise<{ file: string; lang: string; code: string }[]> {
  const wanted: [string, string, string][] = [
    ['src/markdown', '.ts', 'ts'],
    ['themes/default/components', '.astro', 'astro'],
    ['themes/default/styles', '.css', 'css'],
    ['docs', '.md', 'markdown'],
    ['examples', '.yaml', 'yaml'],
    ['examples', '.md', 'markdown'],
  ];
  const found: { file: string; lang: string; code: string }[] = [];
  for (const [dir, ext, lang] of wanted) {
    const entries = await readdir(path.join(ROOT, dir), { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && entry.name.endsWith(ext))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort()
      .slice(0, 8);
    for (const file of files)
      found.push({ file, lang, code: (await readFile(file, 'utf8')).slice(0, 20_000) });
  }
  found.push({
    file: 'package.json',
    lang: 'json',
    code: await readFile(path.join(ROOT, 'package.json'), 'utf8'),
  });
  return found;
}

describe('dualThemeHast', () => {
  let shiki: Highlighter;
  beforeAll(async () => {
    shiki = await createHighlighter({
      themes: [THEMES.light, THEMES.dark],
      langs: ['ts', 'astro', 'css', 'markdown', 'yaml', 'json', 'python', 'shellscript'],
    });
  });

  it('colours every character as Shiki does with one tokenization per theme', async () => {
    const found = await samples();
    expect(found.length).toBeGreaterThan(30);
    for (const { file, lang, code } of found) {
      const expected = shiki.codeToHast(code, { lang, ...SHIKI_OPTIONS });
      const actual = dualThemeHast(shiki, code, { lang, ...OPTIONS });
      expect(colouredCharacters(actual), file).toEqual(colouredCharacters(expected));
      expect(pre(actual).properties, file).toEqual(pre(expected).properties);
    }
  }, 120_000);

  it('gives both themes’ colours, and leaves a line past the length limit plain', () => {
    const code = `n = 42 # answer\n\n${'x'.repeat(25)}\nprint("done")`;
    const actual = dualThemeHast(shiki, code, {
      lang: 'python',
      ...OPTIONS,
      tokenizeMaxLineLength: 20,
    });
    const expected = shiki.codeToHast(code, {
      lang: 'python',
      ...SHIKI_OPTIONS,
      tokenizeMaxLineLength: 20,
    });
    expect(colouredCharacters(actual)).toEqual(colouredCharacters(expected));
    const styles = colouredCharacters(actual).filter((c) => c.startsWith('4'));
    expect(styles[0]).toMatch(/--sl:#[0-9A-F]{6};--sd:#[0-9A-F]{6}/i);
    expect(colouredCharacters(actual).some((c) => c === 'x ')).toBe(true);
  });

  it('gives a remembered line the colours of the state it starts in, not of where it was seen', () => {
    // The same line as code, then inside a block comment, then inside a template string.
    const line = 'const total = items.length + 1;';
    const blocks = [line, `/*\n${line}\n*/`, `const s = \`\n${line}\n\`;`, line];
    for (const code of blocks) {
      const expected = shiki.codeToHast(code, { lang: 'ts', ...SHIKI_OPTIONS });
      const actual = dualThemeHast(shiki, code, { lang: 'ts', ...OPTIONS });
      expect(colouredCharacters(actual), code).toEqual(colouredCharacters(expected));
    }
  });

  it('gives the same markup when every line is remembered as when none is', async () => {
    const found = (await samples()).slice(0, 12);
    // A highlighter of its own: its grammars have remembered nothing yet.
    const fresh = await createHighlighter({
      themes: [THEMES.light, THEMES.dark],
      langs: [...new Set(found.map((sample) => sample.lang))],
    });
    for (const { file, lang, code } of found) {
      const first = dualThemeHast(fresh, code, { lang, ...OPTIONS });
      const again = dualThemeHast(fresh, code, { lang, ...OPTIONS });
      expect(again, file).toEqual(first);
    }
  }, 60_000);

  it('keeps a block as typed arrays, whose markup is the same each time it is made', () => {
    const code = `def f(x):\r\n\n    return x  # ${'y'.repeat(30)}\n${'z'.repeat(40)}\n`;
    const options = { lang: 'python', ...OPTIONS, tokenizeMaxLineLength: 35 };
    const kept = dualThemeTokens(shiki, code, options);
    expect(kept.every((line) => line instanceof Int32Array)).toBe(true);
    const first = dualThemeTokensToHast(shiki, code, kept, options);
    const again = dualThemeTokensToHast(shiki, code, kept, options);
    expect(again).toEqual(first);
    expect(first).not.toBe(again);
    const expected = shiki.codeToHast(code, {
      lang: 'python',
      ...SHIKI_OPTIONS,
      tokenizeMaxLineLength: 35,
    });
    expect(colouredCharacters(first)).toEqual(colouredCharacters(expected));
  });
});
