import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createHighlighter } from 'shiki';
import { describe, expect, it } from 'vitest';
import { THEMES } from '../../src/markdown/highlighter.ts';
import {
  BLOCK_STYLE,
  CLASSED_THEMES,
  TOKEN_CLASSES,
  tokenClassesFor,
} from '../../src/markdown/token-classes.ts';
import { parseCss } from '../theme/css.ts';

/**
 * The code colours written as classes (src/markdown/token-classes.ts) hold only while the table
 * covers what the themes can colour a token in, and the theme's stylesheet gives each class the
 * table's colours: a colour missing from either would show in the wrong colour, not fail.
 */

const BLOCKS_CSS = path.resolve(import.meta.dirname, '../../themes/default/styles/blocks.css');

const pairOf = (light: string | undefined, dark: string | undefined) =>
  `${light?.toLowerCase()} ${dark?.toLowerCase()}`;

describe('code colours by class', () => {
  it('is for the themes Offprint highlights with, and no other pair', () => {
    expect(CLASSED_THEMES).toEqual(THEMES);
    expect(tokenClassesFor(THEMES)).toBeDefined();
    expect(tokenClassesFor({ light: 'github-light', dark: 'github-dark-dimmed' })).toBeUndefined();
  });

  it("names every colour pair of the themes' rules but their foreground, and nothing else", async () => {
    const shiki = await createHighlighter({ themes: [THEMES.light, THEMES.dark], langs: [] });
    const light = shiki.getTheme(THEMES.light);
    const dark = shiki.getTheme(THEMES.dark);
    // The premise: the two themes' rules match the same scopes in the same order, so a token's
    // light and dark colours always come from the same rule.
    expect(light.settings.map((rule) => rule.scope)).toEqual(
      dark.settings.map((rule) => rule.scope),
    );
    const pairs = new Set<string>();
    light.settings.forEach((rule, index) => {
      const other = dark.settings[index]?.settings.foreground;
      // Rules set a colour in both themes or in neither.
      expect(rule.settings.foreground === undefined).toBe(other === undefined);
      if (rule.settings.foreground) pairs.add(pairOf(rule.settings.foreground, other));
    });
    const foreground = pairOf(light.fg, dark.fg);
    pairs.delete(foreground);
    const named = Object.values(TOKEN_CLASSES).map(([l, d]) => pairOf(l, d));
    expect(new Set(named).size).toBe(named.length);
    expect(new Set(named)).toEqual(pairs);
    // The block's own colours, which its `pre` no longer carries.
    expect(BLOCK_STYLE).toBe(
      `--sl:${light.fg};--sd:${dark.fg};--sl-bg:${light.bg};--sd-bg:${dark.bg}`.toLowerCase(),
    );
  });

  it("is given each class's colours, and the block's, by the default theme's stylesheet", async () => {
    const rules = parseCss(await readFile(BLOCKS_CSS, 'utf8'));
    const declared = (selector: string) =>
      Object.fromEntries(
        rules
          .filter((rule) => rule.selector.split(/,\s*/).includes(selector))
          .flatMap((rule) => rule.declarations),
      );
    for (const [name, [light, dark]] of Object.entries(TOKEN_CLASSES)) {
      const own = declared(`.op-content .shiki .${name}`);
      expect(own['--sl'], name).toBe(light);
      expect(own['--sd'], name).toBe(dark);
      // The two colours lifted to WCAG AA are lifted by class as they are by style.
      if (light === '#e36209') expect(own['--op-shiki-light'], name).toBe('#b04d00');
      if (dark === '#6a737d') expect(own['--op-shiki-dark'], name).toBe('#959da5');
    }
    const block = Object.entries(declared('.op-content .shiki:not([style])'))
      .map(([property, value]) => `${property}:${value}`)
      .join(';');
    expect(block).toBe(BLOCK_STYLE);
  });
});
