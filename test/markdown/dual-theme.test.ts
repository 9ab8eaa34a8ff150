import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Element, Nodes, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { createHighlighter, type Highlighter } from 'shiki';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dualThemeHast,
  dualThemeTokens,
  dualThemeTokensToHast,
} from '../../src/markdown/dual-theme.ts';
import { THEMES } from '../../src/markdown/highlighter.ts';
import { BLOCK_STYLE, TOKEN_CLASSES } from '../../src/markdown/token-classes.ts';

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

/** A style's declarations, names and values in lower case. */
function declarations(style: string): Record<string, string> {
  return Object.fromEntries(
    style
      .split(';')
      .filter(Boolean)
      .map((declaration) => declaration.split(':').map((part) => part.trim().toLowerCase())),
  );
}

/**
 * Every character with the colours it is drawn in (whitespace shows none): its token's style, or
 * its token class's colours (`token-classes.ts`, as the theme's stylesheet gives them), or else
 * the block's foreground, which text outside a token inherits: from the `pre`'s style, or the
 * stylesheet's when the `pre` carries none. Shiki's own markup and Offprint's compare equal when
 * every character looks the same.
 */
function colouredCharacters(root: Root): string[] {
  const out: string[] = [];
  const walk = (node: Nodes, style: Record<string, string>) => {
    if (node.type === 'text') {
      for (const char of node.value)
        out.push(/\s/.test(char) ? ' ' : `${char} ${JSON.stringify(style)}`);
      return;
    }
    if (!('children' in node)) return;
    let own = style;
    if (node.type === 'element' && node.tagName === 'pre') {
      const block = declarations(String(node.properties.style ?? BLOCK_STYLE));
      own = { '--sl': block['--sl'] as string, '--sd': block['--sd'] as string };
    } else if (node.type === 'element' && node.tagName === 'span') {
      const name = ((node.properties.className as string[] | undefined) ?? [])[0] ?? '';
      const pair = Object.hasOwn(TOKEN_CLASSES, name)
        ? TOKEN_CLASSES[name as keyof typeof TOKEN_CLASSES]
        : undefined;
      if (typeof node.properties.style === 'string') own = declarations(node.properties.style);
      else if (pair) own = { '--sl': pair[0], '--sd': pair[1] };
    }
    for (const child of node.children) walk(child, own);
  };
  walk(root, {});
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
      themes: [THEMES.light, THEMES.dark, 'github-light-default', 'github-dark-default'],
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
      // The block's colours are the stylesheet's: its `pre` carries no style, and is otherwise
      // Shiki's.
      expect(pre(actual).properties.style, file).toBeUndefined();
      expect(pre(expected).properties.style, file).toBe(BLOCK_STYLE);
      expect({ ...pre(actual).properties, style: BLOCK_STYLE }, file).toEqual(
        pre(expected).properties,
      );
    }
  }, 120_000);

  it('writes colours as classes, foreground tokens as text, and one node for a run of one colour', () => {
    const code = 'export function add(a: number) {\n  return a; // done\n}';
    const html = toHtml(dualThemeHast(shiki, code, { lang: 'ts', ...OPTIONS }));
    expect(html).toContain('<span class="k">export function</span><span class="e"> add</span>(');
    expect(html).toContain('<span class="k">  return</span> a; <span class="c">// done</span>');
    expect(html).toContain('<span class="line">}</span>');
    expect(html).not.toContain('style=');
    // Font styles, and themes the classes are not for, keep Shiki's styles.
    const markdown = toHtml(dualThemeHast(shiki, '*a* **b**', { lang: 'markdown', ...OPTIONS }));
    expect(markdown).toMatch(
      /<span style="--sl:#24292E;--sl-font-style:italic;[^"]*">\*a\*<\/span>/,
    );
    const other = { light: 'github-light-default', dark: 'github-dark-default' } as const;
    const foreign = dualThemeHast(shiki, code, { lang: 'ts', ...OPTIONS, themes: other });
    expect(toHtml(foreign)).toContain('<span style="--sl:');
    expect(pre(foreign).properties.style).toMatch(/^--sl:/);
    expect(colouredCharacters(foreign)).toEqual(
      colouredCharacters(
        shiki.codeToHast(code, {
          lang: 'ts',
          ...SHIKI_OPTIONS,
          themes: { l: other.light, d: other.dark },
        }),
      ),
    );
  });

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
    expect(styles[0]).toMatch(/"--sl":"#[0-9a-f]{6}","--sd":"#[0-9a-f]{6}"/);
    // The long line is one token without colours of its own: the block's.
    expect(toHtml(actual)).toContain(`<span class="line"><span>${'x'.repeat(25)}</span></span>`);
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
