/**
 * Light and dark colours from one tokenization. Shiki's `codeToHast` with two themes tokenizes
 * the code once per theme (a grammar's tokens carry the colours of the theme it ran under), so
 * the regular-expression work, most of highlighting's cost, is done twice. Here the grammar runs
 * once, keeping each token's scope names, and each theme's colour for a scope stack is looked
 * up with the theme's own matcher (vscode-textmate's `Theme.match`, as the tokenizer does:
 * each scope of the stack may set the foreground or font style, the rest inherit), cached by
 * stack. The tokens then go through Shiki's own `tokensToHast`, so the markup is Shiki's.
 *
 * Adjacent tokens of equal colours in both themes are one span; Shiki may split such a run
 * where the token type changes (a string's quote, say), which shows no difference.
 *
 * A line's styled tokens are remembered by its text and the grammar state it starts in
 * (`line-memo.ts`), per grammar and pair of themes: a line seen before is not tokenized again.
 */
import type { Root } from 'hast';
import {
  applyColorReplacements,
  flatTokenVariants,
  type Highlighter,
  resolveColorReplacements,
  splitLines,
  type ThemedToken,
  tokensToHast,
} from 'shiki';
import { Theme } from 'shiki/textmate';
import { LineMemo } from './line-memo.ts';
import { tokenClassesFor } from './token-classes.ts';

export interface DualThemeOptions {
  lang: string;
  themes: { light: string; dark: string };
  /** Lines at least this long are not tokenized (shown in the default colour). */
  tokenizeMaxLineLength: number;
  /** Milliseconds a line may take before the rest of it is left untokenized. */
  tokenizeTimeLimit: number;
}

interface Style {
  color: string;
  fontStyle: number;
}

/** One theme's colours by scope stack. */
class ThemeColors {
  readonly #theme: Theme;
  readonly #colors: string[];
  readonly #replacements: ReturnType<typeof resolveColorReplacements>;
  readonly #byStack = new Map<string, Style>();

  constructor(registration: ReturnType<Highlighter['getTheme']>) {
    this.#theme = Theme.createFromRawTheme(registration);
    this.#colors = this.#theme.getColorMap();
    this.#replacements = resolveColorReplacements(registration);
  }

  styleOf(scopes: readonly string[]): Style {
    const key = scopes.join(' ');
    let style = this.#byStack.get(key);
    if (!style) {
      const defaults = this.#theme.getDefaults();
      let foreground = defaults.foregroundId;
      let fontStyle = defaults.fontStyle;
      let path: { parent: unknown; scopeName: string } | null = null;
      for (const scopeName of scopes) {
        path = { parent: path, scopeName };
        const match = this.#theme.match(path as Parameters<Theme['match']>[0]);
        if (!match) continue;
        if (match.fontStyle !== -1) fontStyle = match.fontStyle;
        if (match.foregroundId !== 0) foreground = match.foregroundId;
      }
      style = {
        color: applyColorReplacements(this.#colors[foreground] ?? '', this.#replacements) ?? '',
        fontStyle,
      };
      this.#byStack.set(key, style);
    }
    return style;
  }
}

const themeColors = new WeakMap<Highlighter, Map<string, ThemeColors>>();

function colorsOf(shiki: Highlighter, name: string): ThemeColors {
  let byName = themeColors.get(shiki);
  if (!byName) {
    byName = new Map();
    themeColors.set(shiki, byName);
  }
  let colors = byName.get(name);
  if (!colors) {
    colors = new ThemeColors(shiki.getTheme(name));
    byName.set(name, colors);
  }
  return colors;
}

/**
 * A token's colours in each theme, keyed as its CSS variables are named: `--sl` (light) and
 * `--sd` (dark), short because a page's code repeats them on every token.
 */
type DualToken = ThemedToken & { variants: { l: Style; d: Style } };
const VARIABLE_PREFIX = '--s';

/**
 * A line's tokens as kept (in the line memo and the highlighter's cache): three numbers per
 * token, its start and end in the line and its style's number in `STYLES` (`PLAIN` for a line
 * left untokenized). One typed array instead of two objects per token: kept tokens live for the
 * whole render, and a collection traces every kept object, so a worker's kept tokens as objects
 * cost more collector time than tokenizing saved. Token objects are made from it for each use.
 */
export type CompactLine = Int32Array;
const PLAIN = -1;
const EMPTY_LINE: CompactLine = new Int32Array(0);

/** Every token style met (`--sl:#D73A49;--sd:#F97583`: Shiki's own `htmlStyle`, stringified
 * once), by number; a few dozen per pair of themes. */
const STYLES: string[] = [];
const STYLE_IDS = new Map<string, number>();

function styleId(style: Record<string, string>): number {
  const text = Object.entries(style)
    .map(([key, value]) => `${key}:${value}`)
    .join(';');
  let id = STYLE_IDS.get(text);
  if (id === undefined) {
    id = STYLES.length;
    STYLES.push(text);
    STYLE_IDS.set(text, id);
  }
  return id;
}

/** Remembered lines by grammar, then by pair of themes. */
const memos = new WeakMap<object, Map<string, LineMemo<CompactLine>>>();

function memoFor(grammar: object, themes: DualThemeOptions['themes']): LineMemo<CompactLine> {
  let byThemes = memos.get(grammar);
  if (!byThemes) {
    byThemes = new Map();
    memos.set(grammar, byThemes);
  }
  const key = `${themes.light}\u0000${themes.dark}`;
  let memo = byThemes.get(key);
  if (!memo) {
    memo = new LineMemo();
    byThemes.set(key, memo);
  }
  return memo;
}

/** The `<pre>` Shiki's `codeToHast` gives for these options (`defaultColor: false`). */
export function dualThemeHast(shiki: Highlighter, code: string, options: DualThemeOptions): Root {
  return dualThemeTokensToHast(shiki, code, dualThemeTokens(shiki, code, options), options);
}

/**
 * The code's lines of tokens, each with both themes' colours, in the compact form: nothing
 * downstream changes them, so they may be kept and turned into markup again
 * (`dualThemeTokensToHast`, with the same code).
 */
export function dualThemeTokens(
  shiki: Highlighter,
  code: string,
  options: DualThemeOptions,
): CompactLine[] {
  const grammar = shiki.getLanguage(options.lang);
  const light = colorsOf(shiki, options.themes.light);
  const dark = colorsOf(shiki, options.themes.dark);
  const memo = memoFor(grammar, options.themes);
  memo.startBlock();
  let state = 0;
  const lines: CompactLine[] = [];
  for (const [line] of splitLines(code)) {
    if (line === '') {
      lines.push(EMPTY_LINE);
      continue;
    }
    if (line.length >= options.tokenizeMaxLineLength) {
      lines.push(Int32Array.of(0, line.length, PLAIN));
      continue;
    }
    const remembered = memo.lookup(state, line);
    if (remembered) {
      lines.push(remembered.value);
      state = remembered.end;
      continue;
    }
    const result = grammar.tokenizeLine(line, memo.state(state), options.tokenizeTimeLimit);
    const tokens: DualToken[] = [];
    for (const token of result.tokens) {
      const end = Math.min(token.endIndex, line.length);
      if (end <= token.startIndex) continue;
      const variants = { l: light.styleOf(token.scopes), d: dark.styleOf(token.scopes) };
      const last = tokens.at(-1);
      if (last && sameStyle(last.variants, variants)) {
        last.content += line.slice(token.startIndex, end);
        continue;
      }
      tokens.push({
        content: line.slice(token.startIndex, end),
        offset: token.startIndex,
        variants,
      } as DualToken);
    }
    const styled = compact(
      mergeWhitespace(
        tokens.map((token) => flatTokenVariants(token, ['l', 'd'], VARIABLE_PREFIX, false)),
      ),
    );
    const end = memo.intern(result.ruleStack);
    // A line cut short by the time limit is not what the grammar makes of it: not remembered.
    if (!result.stoppedEarly) memo.remember(state, line, styled, end);
    lines.push(styled);
    state = end;
  }
  return lines;
}

function compact(tokens: readonly ThemedToken[]): CompactLine {
  const line = new Int32Array(tokens.length * 3);
  tokens.forEach((token, index) => {
    line[index * 3] = token.offset;
    line[index * 3 + 1] = token.offset + token.content.length;
    line[index * 3 + 2] = styleId(token.htmlStyle as Record<string, string>);
  });
  return line;
}

/** Shiki's tokens for kept lines: what `tokensToHast` reads (content and style). */
function expand(code: string, lines: readonly CompactLine[]): ThemedToken[][] {
  const texts = splitLines(code);
  return lines.map((compactLine, index) => {
    const [text, lineOffset] = texts[index] as [string, number];
    const tokens: ThemedToken[] = [];
    for (let i = 0; i < compactLine.length; i += 3) {
      const start = compactLine[i] as number;
      const content = text.slice(start, compactLine[i + 1]);
      const style = compactLine[i + 2] as number;
      tokens.push(
        style === PLAIN
          ? { content, offset: lineOffset + start, color: '', fontStyle: 0 }
          : { content, offset: lineOffset + start, htmlStyle: STYLES[style] as never },
      );
    }
    return tokens;
  });
}

/** Markup for the lines `dualThemeTokens` gave for this code: a new tree each time, the
 * caller's to change. For Offprint's own themes, colours are written as classes
 * (`token-classes.ts`). */
export function dualThemeTokensToHast(
  shiki: Highlighter,
  code: string,
  lines: readonly CompactLine[],
  options: Pick<DualThemeOptions, 'lang' | 'themes'>,
): Root {
  const registrations = [shiki.getTheme(options.themes.light), shiki.getTheme(options.themes.dark)];
  const rootColor = (property: 'fg' | 'bg') =>
    registrations
      .map((theme, index) => {
        const value =
          applyColorReplacements(theme[property], resolveColorReplacements(theme)) || 'inherit';
        return `${VARIABLE_PREFIX}${index === 0 ? 'l' : 'd'}${property === 'bg' ? '-bg' : ''}:${value}`;
      })
      .join(';');
  const classes = tokenClassesFor(options.themes);
  return tokensToHast(
    expand(code, lines),
    {
      lang: options.lang,
      themes: options.themes,
      defaultColor: false,
      fg: rootColor('fg'),
      bg: rootColor('bg'),
      themeName: `shiki-themes ${registrations.map((theme) => theme.name).join(' ')}`,
      rootStyle: [rootColor('fg'), rootColor('bg')].join(';'),
      ...(classes ? { transformers: [classes] } : {}),
    },
    {} as Parameters<typeof tokensToHast>[2],
  ) as Root;
}

function sameStyle(a: DualToken['variants'], b: DualToken['variants']): boolean {
  return (
    a.l.color === b.l.color &&
    a.l.fontStyle === b.l.fontStyle &&
    a.d.color === b.d.color &&
    a.d.fontStyle === b.d.fontStyle
  );
}

/** Whitespace-only tokens join the token after them, as Shiki's `mergeWhitespaces` does. */
function mergeWhitespace(line: ThemedToken[]): ThemedToken[] {
  const merged: ThemedToken[] = [];
  let carried = '';
  let carriedOffset = 0;
  line.forEach((token, index) => {
    if (/^\s+$/.test(token.content) && line[index + 1]) {
      if (!carried) carriedOffset = token.offset;
      carried += token.content;
    } else if (carried) {
      merged.push({ ...token, offset: carriedOffset, content: carried + token.content });
      carried = '';
    } else merged.push(token);
  });
  return merged;
}
