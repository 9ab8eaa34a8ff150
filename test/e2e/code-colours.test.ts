import type { BrowserContext } from 'playwright-core';
import { type BundledLanguage, createHighlighter, type Highlighter } from 'shiki';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { THEMES } from '../../src/markdown/highlighter.ts';
import { useExampleBrowser } from '../helpers/browser.ts';

/**
 * Code blocks as a reader sees them, in Chromium: every character of the example's code drawn in
 * the colour Shiki's github-light or github-dark gives it, on the theme's background, light and
 * dark, and in print as the PDF is printed (print media, light, no script). The markup names
 * colours by class and leaves text in the foreground bare (src/markdown/token-classes.ts): this
 * holds what the page shows to what the themes draw, whatever the markup.
 */

/** Pages whose code spans the example's languages (bash, csv, cpp, diff, go, json, markdown,
 * http, powershell, protobuf, python, shell, toml, typescript, xml, yaml, javascript). */
const PAGES = [
  'api/endpoints/missions/',
  'api/reference/telemetry/',
  'api/sdks/',
  'api/',
  'telemetry/data-formats/',
  'telemetry/hardware/calibration/',
  'getting-started/install/',
  'getting-started/first-launch/',
  'operations/telemetry/',
  'operations/migrating-from-v1/',
];

/** The two colours the theme lifts to WCAG AA on their background (blocks.css). */
const LIFTED: Record<'light' | 'dark', Record<string, string>> = {
  light: { '#e36209': '#b04d00' },
  dark: { '#6a737d': '#959da5' },
};

type Scheme = 'light' | 'dark' | 'print';

interface DrawnBlock {
  lang: string;
  code: string;
  background: string;
  /** Each character but whitespace, with its computed colour. */
  characters: [character: string, color: string][];
}

function rgb(hex: string): string {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('code blocks of the built example in Chromium', () => {
  const example = useExampleBrowser();
  let shiki: Highlighter;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    shiki = await createHighlighter({ themes: [THEMES.light, THEMES.dark], langs: [] });
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  /**
   * The code blocks of each of `urls` as drawn in `scheme`: one profile and tab for the scheme,
   * going from page to page (a profile per page cost a third of the walk).
   */
  async function drawn(
    urls: readonly string[],
    scheme: Scheme,
  ): Promise<Map<string, DrawnBlock[]>> {
    const print = scheme === 'print';
    // As src/pdf/print.ts prints: light, print media, no script.
    const context = await example.browser.newContext({
      colorScheme: scheme === 'dark' ? 'dark' : 'light',
      javaScriptEnabled: !print,
    });
    contexts.push(context);
    const page = await context.newPage();
    if (print) await page.emulateMedia({ media: 'print', colorScheme: 'light' });
    const byUrl = new Map<string, DrawnBlock[]>();
    for (const url of urls) {
      await page.goto(example.at(url));
      await page.locator('figure.op-code pre').first().waitFor({ state: 'attached' });
      const blocks = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('figure.op-code')].map((figure) => {
          const pre = figure.querySelector('pre') as HTMLElement;
          const characters: [string, string][] = [];
          const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const color = getComputedStyle(node.parentElement as Element).color;
            for (const character of (node as Text).data)
              if (!/\s/.test(character)) characters.push([character, color]);
          }
          return {
            lang: figure.dataset.lang ?? '',
            code: pre.textContent ?? '',
            background: getComputedStyle(pre).backgroundColor,
            characters,
          };
        }),
      );
      byUrl.set(url, blocks);
    }
    return byUrl;
  }

  /** What Shiki's theme draws: each character but whitespace with its colour, and the background. */
  async function themed(block: DrawnBlock, mode: 'light' | 'dark') {
    const lang = block.lang as BundledLanguage;
    await shiki.loadLanguage(lang);
    const theme = shiki.getTheme(THEMES[mode]);
    const lines = shiki.codeToTokensWithThemes(block.code, {
      lang,
      themes: { light: THEMES.light, dark: THEMES.dark },
      // No time limit: Shiki's default (500 ms a line, the clock running while a grammar
      // compiles on first use) left the rest of a line plain here on a loaded machine, and
      // the reference must not depend on the machine's load.
      tokenizeTimeLimit: 0,
    });
    const characters: [string, string][] = [];
    for (const line of lines) {
      for (const token of line) {
        const hex = (token.variants[mode]?.color ?? theme.fg).toLowerCase();
        const color = rgb(LIFTED[mode][hex] ?? hex);
        for (const character of token.content)
          if (!/\s/.test(character)) characters.push([character, color]);
      }
    }
    return { background: rgb(theme.bg), characters };
  }

  it("draws every character in its theme's colour, light, dark and in print", async () => {
    let compared = 0;
    const langs = new Set<string>();
    const schemes = ['light', 'dark', 'print'] as const;
    // The three schemes' walks at once, each in its own profile.
    const walks = await Promise.all(schemes.map((scheme) => drawn(PAGES, scheme)));
    for (const url of PAGES) {
      for (const [s, scheme] of schemes.entries()) {
        const blocks = walks[s]?.get(url) ?? [];
        expect(blocks.length, url).toBeGreaterThan(0);
        for (const [index, block] of blocks.entries()) {
          const expected = await themed(block, scheme === 'dark' ? 'dark' : 'light');
          const where = `${url} block ${index} (${block.lang}), ${scheme}`;
          expect(block.background, where).toBe(expected.background);
          expect(block.characters, where).toEqual(expected.characters);
          compared += block.characters.length;
          langs.add(block.lang);
        }
      }
    }
    expect(compared).toBeGreaterThan(20_000);
    expect(langs.size).toBeGreaterThanOrEqual(15);
  }, 180_000);
});
