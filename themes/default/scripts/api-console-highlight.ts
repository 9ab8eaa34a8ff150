/**
 * JSON colours for the "Test it" console's answers: Shiki (core, its JavaScript regex engine, the
 * JSON grammar and the GitHub themes the site's code blocks use), imported by api-console.ts when
 * the first JSON answer arrives. Tokens come back as text and two colours, which the console sets
 * as text and checked custom properties: nothing from an answer becomes markup.
 */
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

let highlighter: Promise<HighlighterCore> | undefined;

const COLOR = /^#[0-9a-f]{3,8}$/i;

export interface Token {
  content: string;
  light?: string;
  dark?: string;
}

export async function highlightTokens(code: string): Promise<Token[][]> {
  highlighter ??= createHighlighterCore({
    themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
    langs: [import('@shikijs/langs/json')],
    engine: createJavaScriptRegexEngine(),
  });
  const shiki = await highlighter;
  const { tokens } = shiki.codeToTokens(code, {
    lang: 'json',
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
  });
  return tokens.map((line) =>
    line.map((token) => {
      const style = token.htmlStyle ?? {};
      const light = style['--shiki-light'];
      const dark = style['--shiki-dark'];
      return {
        content: token.content,
        ...(light && COLOR.test(light) ? { light } : {}),
        ...(dark && COLOR.test(dark) ? { dark } : {}),
      };
    }),
  );
}
