/**
 * Build-time syntax highlighting with Shiki: one highlighter per process (or worker), created on
 * first use with no language loaded; each language is loaded the first time a page uses it.
 * Both themes' colours come from one tokenization (`dual-theme.ts`), as CSS variables
 * (`--shiki-light`, `--shiki-dark`, `--shiki-light-bg`, `--shiki-dark-bg`) so the theme switches
 * with CSS alone; no highlighting code runs in the browser.
 *
 * Results are cached by language and code (an LRU bounded by entries), so a snippet repeated on
 * many pages is tokenized once. `stats()` tells hits and misses (see `npm run bench`).
 */
import type { Element } from 'hast';
import { bundledLanguages, createHighlighter, type Highlighter } from 'shiki';
import { dualThemeHast } from './dual-theme.ts';
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
  const cache = new Map<string, Element>();
  const inFlight = new Map<string, Promise<Element | undefined>>();
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

  return {
    async highlight(code: string, requested: string): Promise<Element | undefined> {
      const lang = languageOf(requested);
      if (lang === undefined || code.length > MAX_HIGHLIGHT_LENGTH) return undefined;
      const key = `${lang}\u0000${code}`;
      if (limit > 0) {
        const cached = cache.get(key);
        if (cached) {
          hits++;
          // Refresh its place in the LRU order.
          cache.delete(key);
          cache.set(key, cached);
          return structuredClone(cached);
        }
        // The same block twice on a page is highlighted once.
        const pending = inFlight.get(key);
        if (pending) {
          hits++;
          const pre = await pending;
          return pre ? structuredClone(pre) : undefined;
        }
      }
      misses++;
      const work = (async () => {
        const shiki = await getShiki();
        await ensure(shiki, lang);
        const options = {
          lang,
          themes: THEMES,
          defaultColor: false,
          tokenizeMaxLineLength: 20_000,
          // A line whose tokenizing outruns this is left plain from there on: the guard against a
          // hostile line that makes a grammar's expressions backtrack. The clock also runs while a
          // grammar compiles its expressions on first use, which took over a second on a loaded
          // 2-core machine, so the budget is far above any real line's cost to keep output stable.
          tokenizeTimeLimit: 5_000,
        } as const;
        // Both themes' colours from one tokenization (dual-theme.ts); plain text has no grammar.
        const root =
          lang === 'text' ? shiki.codeToHast(code, options) : dualThemeHast(shiki, code, options);
        return root.children.find((c): c is Element => c.type === 'element' && c.tagName === 'pre');
      })();
      if (limit === 0) return work;
      inFlight.set(key, work);
      try {
        const pre = await work;
        if (!pre) return undefined;
        cache.set(key, pre);
        if (cache.size > limit) cache.delete(cache.keys().next().value as string);
        return structuredClone(pre);
      } finally {
        inFlight.delete(key);
      }
    },
    stats: () => ({ hits, misses, entries: cache.size }),
    clear: () => {
      cache.clear();
      hits = 0;
      misses = 0;
    },
  };
}

let defaultHighlighter: CachingHighlighter | undefined;

/** The process-wide highlighter with its cache: what `renderMarkdown` uses by default. */
export function getDefaultHighlighter(): CachingHighlighter {
  defaultHighlighter ??= createCodeHighlighter();
  return defaultHighlighter;
}
