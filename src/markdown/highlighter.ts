/**
 * Build-time syntax highlighting with Shiki: one highlighter per process (or worker), created on
 * first use with no language loaded; each language is loaded the first time a page uses it.
 * Both themes' colours come from one tokenization (`dual-theme.ts`), as CSS variables
 * (`--sl`, `--sd`, `--sl-bg`, `--sd-bg`: light and dark, short as every token carries them) so the theme switches
 * with CSS alone; no highlighting code runs in the browser.
 *
 * Tokens are cached by language and code (an LRU bounded by entries), so a snippet repeated on
 * many pages is tokenized once; below that, each line is remembered by the grammar state it
 * starts in (`line-memo.ts`). `stats()` tells the block cache's hits and misses (see
 * `npm run bench`).
 */
import type { Element } from 'hast';
import { bundledLanguages, createHighlighter, type Highlighter } from 'shiki';
import { type CompactLine, dualThemeTokens, dualThemeTokensToHast } from './dual-theme.ts';
import type { CodeHighlighter } from './types.ts';

export const THEMES = { light: 'github-light', dark: 'github-dark' } as const;
/** Code longer than this is not highlighted (shown plain). */
export const MAX_HIGHLIGHT_LENGTH = 100_000;

let shared: Promise<Highlighter> | undefined;

/** The process-wide Shiki highlighter (created once, lazily). */
export function getShiki(): Promise<Highlighter> {
  shared ??= createHighlighter({ themes: [THEMES.light, THEMES.dark], langs: [] });
  return shared;
}

const ALIASES: Record<string, string> = {
  'c#': 'csharp',
  'f#': 'fsharp',
  console: 'shellsession',
  'shell-session': 'shellsession',
  sh: 'shellscript',
  zsh: 'shellscript',
  shell: 'shellscript',
  bash: 'shellscript',
  golang: 'go',
  'objective-c': 'objc',
  text: 'text',
  plaintext: 'text',
  plain: 'text',
  txt: 'text',
};

function languageOf(lang: string): string | undefined {
  const name = ALIASES[lang] ?? lang;
  if (name === 'text') return 'text';
  return Object.hasOwn(bundledLanguages, name) ? name : undefined;
}

export interface HighlighterStats {
  hits: number;
  misses: number;
  entries: number;
}

export interface CachingHighlighter extends CodeHighlighter {
  stats(): HighlighterStats;
  clear(): void;
}

export interface HighlighterOptions {
  /** Entries kept in the cache; `0` disables it. Default 2,000. */
  cacheSize?: number;
}

export function createCodeHighlighter(options: HighlighterOptions = {}): CachingHighlighter {
  const limit = options.cacheSize ?? 2000;
  // A block's tokens, not its markup: markup is made anew for each use (the page's plugins
  // change it), which costs less than copying a kept tree. Kept compact (`CompactLine`).
  const cache = new Map<string, CompactLine[]>();
  const loading = new Map<string, Promise<void>>();
  let hits = 0;
  let misses = 0;

  const ensure = async (shiki: Highlighter, lang: string) => {
    if (lang === 'text' || shiki.getLoadedLanguages().includes(lang)) return;
    let pending = loading.get(lang);
    if (!pending) {
      pending = shiki.loadLanguage(lang as Parameters<Highlighter['loadLanguage']>[0]);
      loading.set(lang, pending);
    }
    await pending;
  };

  const tokensOf = (shiki: Highlighter, code: string, lang: string): CompactLine[] => {
    const key = `${lang}\u0000${code}`;
    const cached = limit > 0 ? cache.get(key) : undefined;
    if (cached) {
      hits++;
      // Refresh its place in the LRU order.
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    misses++;
    const tokens = dualThemeTokens(shiki, code, { lang, ...TOKENIZE });
    if (limit > 0) {
      cache.set(key, tokens);
      if (cache.size > limit) cache.delete(cache.keys().next().value as string);
    }
    return tokens;
  };

  return {
    async highlight(code: string, requested: string): Promise<Element | undefined> {
      const lang = languageOf(requested);
      if (lang === undefined || code.length > MAX_HIGHLIGHT_LENGTH) return undefined;
      const shiki = await getShiki();
      await ensure(shiki, lang);
      // Plain text has no grammar: Shiki's own markup, uncoloured.
      const root =
        lang === 'text'
          ? shiki.codeToHast(code, { lang, themes: THEMES, defaultColor: false })
          : dualThemeTokensToHast(shiki, code, tokensOf(shiki, code, lang), {
              lang,
              themes: THEMES,
            });
      return root.children.find((c): c is Element => c.type === 'element' && c.tagName === 'pre');
    },
    stats: () => ({ hits, misses, entries: cache.size }),
    clear: () => {
      cache.clear();
      hits = 0;
      misses = 0;
    },
  };
}

/** How code is tokenized: both themes' colours, and the guards against hostile code. */
const TOKENIZE = {
  themes: THEMES,
  tokenizeMaxLineLength: 20_000,
  // A line whose tokenizing outruns this is left plain from there on: the guard against a
  // hostile line that makes a grammar's expressions backtrack. The clock also runs while a
  // grammar compiles its expressions on first use, which took over a second on a loaded 2-core
  // machine, so the budget is far above any real line's cost to keep output stable.
  tokenizeTimeLimit: 5_000,
} as const;

let defaultHighlighter: CachingHighlighter | undefined;

/** The process-wide highlighter with its cache: what `renderMarkdown` uses by default. */
export function getDefaultHighlighter(): CachingHighlighter {
  defaultHighlighter ??= createCodeHighlighter();
  return defaultHighlighter;
}
