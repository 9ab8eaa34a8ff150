/**
 * The font files a card's text needs. satori reads WOFF (not the WOFF2 the site serves), so a
 * card takes the `.woff` files of the same `@fontsource` packages the theme self-hosts, and only
 * the subsets whose unicode range holds a character of its text: a Latin card parses two small
 * files, a Japanese one the few numbered subsets of Noto Sans JP its title falls in. Characters
 * the site's font lacks come from the Noto families of their script (CJK, Arabic, Hebrew).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type CardWeight = 400 | 700;

/** A font as satori takes it. */
export interface CardFont {
  name: string;
  data: Buffer;
  weight: CardWeight;
  style: 'normal';
}

interface Subset {
  /** The file's name in the package's `files/`, for a weight: `inter-latin-700-normal.woff`. */
  file: (weight: CardWeight) => string;
  ranges: [number, number][];
}

interface FontPackage {
  family: string;
  dir: string;
  /** `@fontsource/inter@5.3.0`: part of a card's cache key. */
  id: string;
  subsets: Subset[];
}

/** The families a character no site font has is drawn with, by the language that prefers them. */
const FALLBACKS = [
  { family: 'Noto Sans JP', package: '@fontsource/noto-sans-jp', lang: 'ja' },
  { family: 'Noto Sans SC', package: '@fontsource/noto-sans-sc', lang: 'zh' },
  { family: 'Noto Sans KR', package: '@fontsource/noto-sans-kr', lang: 'ko' },
  { family: 'Noto Sans Arabic', package: '@fontsource/noto-sans-arabic', lang: 'ar' },
  { family: 'Noto Sans Hebrew', package: '@fontsource/noto-sans-hebrew', lang: 'he' },
] as const;

/** Which fallback package draws a script's letters, for the note on a card not drawn. */
const FALLBACK_SCRIPTS = [
  { script: /[\p{Script=Hiragana}\p{Script=Katakana}]/u, package: '@fontsource/noto-sans-jp' },
  { script: /\p{Script=Hangul}/u, package: '@fontsource/noto-sans-kr' },
  { script: /\p{Script=Han}/u, package: '@fontsource/noto-sans-sc' },
  { script: /\p{Script=Arabic}/u, package: '@fontsource/noto-sans-arabic' },
  { script: /\p{Script=Hebrew}/u, package: '@fontsource/noto-sans-hebrew' },
];

const WEIGHTS: readonly CardWeight[] = [400, 700];

/** What a `CardFonts` is made from, as plain data: a drawing thread makes its own from it. */
export interface CardFontSource {
  site?: { family: string; package: string };
  lang: string;
}
const nodeRequire = createRequire(import.meta.url);

/**
 * The site's family and the fallbacks, read once; `forText` picks the files a text needs. The
 * same text gets the same array (satori keeps its parsed fonts per array, so a site's Latin
 * cards parse their fonts once).
 */
export class CardFonts {
  readonly family: string;
  readonly #packages: FontPackage[];
  readonly #data = new Map<string, Buffer>();
  readonly #sets = new Map<string, CardFont[]>();
  readonly source: CardFontSource;

  /**
   * `site`: the fontsource package of the site's built-in family, when it has one installed
   * (else Inter, as the theme does); `lang`: the site's language, whose CJK family comes first.
   */
  constructor(site: { family: string; package: string } | undefined, lang: string) {
    this.source = {
      ...(site ? { site: { family: site.family, package: site.package } } : {}),
      lang,
    };
    const primary = site && readPackage(site.family, site.package);
    const own = primary ?? readPackage('Inter', '@fontsource/inter');
    if (!own) throw new Error('@fontsource/inter is not installed');
    this.family = own.family;
    const language = lang.toLowerCase().split('-')[0];
    const ordered = [
      ...FALLBACKS.filter((font) => font.lang === language),
      ...FALLBACKS.filter((font) => font.lang !== language),
    ];
    this.#packages = [
      own,
      ...ordered.flatMap((font) => readPackage(font.family, font.package) ?? []),
    ];
  }

  /** The packages and versions cards are drawn with: a new version draws them again. */
  get id(): string {
    return this.#packages.map((font) => font.id).join(' ');
  }

  /**
   * The fonts that draw `text`: the site family's subsets it touches (always its first, so
   * spaces and digits have a face), then for each character the site's font has no range for,
   * the first fallback that has, with every one of its subsets that the character is in.
   */
  forText(text: string): CardFont[] {
    const [own, ...fallbacks] = this.#packages as [FontPackage, ...FontPackage[]];
    const chosen = new Set<string>();
    const take = (font: FontPackage, subset: Subset) =>
      chosen.add(`${font.dir}\0${subset.file(400)}`);
    take(own, own.subsets[0] as Subset);
    for (const char of new Set(text)) {
      const code = char.codePointAt(0) as number;
      if (code < 0x80 || /\s/u.test(char)) continue;
      const inOwn = own.subsets.filter((subset) => covers(subset, code));
      if (inOwn.length > 0) {
        for (const subset of inOwn) take(own, subset);
        continue;
      }
      const fallback = fallbacks.find((font) =>
        font.subsets.some((subset) => covers(subset, code)),
      );
      if (!fallback) continue;
      for (const subset of fallback.subsets) if (covers(subset, code)) take(fallback, subset);
    }
    const key = [...chosen].sort().join('\n');
    let set = this.#sets.get(key);
    if (!set) {
      set = this.#fontSet(chosen);
      this.#sets.set(key, set);
    }
    return set;
  }

  /**
   * The fallback package that would draw a letter of `text` no installed font has (the CJK
   * families are not installed with Offprint: a team whose titles need one installs it beside
   * it), or the letter itself when no fallback draws its script; undefined when every letter
   * has a face.
   */
  lacking(text: string): string | undefined {
    for (const char of new Set(text)) {
      const code = char.codePointAt(0) as number;
      if (code < 0x80 || !/\p{L}/u.test(char)) continue;
      if (this.#packages.some((font) => font.subsets.some((subset) => covers(subset, code))))
        continue;
      return FALLBACK_SCRIPTS.find(({ script }) => script.test(char))?.package ?? char;
    }
    return undefined;
  }

  #fontSet(chosen: Set<string>): CardFont[] {
    const fonts: CardFont[] = [];
    // In the packages' order: satori draws a character with the first font that has its glyph.
    // It keeps one font a name, weight and style, so each subset has a name of its own; the
    // site family's first (Latin) subset has the family's, which the card's text asks for.
    for (const font of this.#packages) {
      font.subsets.forEach((subset, index) => {
        if (!chosen.has(`${font.dir}\0${subset.file(400)}`)) return;
        const name = font === this.#packages[0] && index === 0 ? font.family : subset.file(400);
        for (const weight of WEIGHTS) {
          const data = this.#read(path.join(font.dir, 'files', subset.file(weight)));
          if (data) fonts.push({ name, data, weight, style: 'normal' });
        }
      });
    }
    return fonts;
  }

  #read(file: string): Buffer | undefined {
    let data = this.#data.get(file);
    if (!data) {
      try {
        data = readFileSync(file);
      } catch {
        return undefined;
      }
      this.#data.set(file, data);
    }
    return data;
  }
}

function covers(subset: Subset, code: number): boolean {
  return subset.ranges.some(([from, to]) => code >= from && code <= to);
}

interface FontsourceMetadata {
  id: string;
  subsets: string[];
}

/** A fontsource package's subsets (the numbered CJK slices `[0]`… among them), or undefined. */
function readPackage(family: string, name: string): FontPackage | undefined {
  let dir: string;
  try {
    dir = path.dirname(nodeRequire.resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
  try {
    const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const metadata = read('metadata.json') as FontsourceMetadata;
    const unicode = read('unicode.json') as Record<string, string>;
    const { version } = read('package.json') as { version: string };
    const subsets: Subset[] = Object.entries(unicode).map(([subset, range]) => {
      const slug = subset.replace(/^\[(\d+)\]$/, '$1');
      return {
        file: (weight) => `${metadata.id}-${slug}-${weight}-normal.woff`,
        ranges: parseRanges(range),
      };
    });
    // Latin first: the face spaces, digits and punctuation are drawn with.
    subsets.sort((a, b) => Number(!covers(a, 0x41)) - Number(!covers(b, 0x41)));
    return { family, dir, id: `${name}@${version}`, subsets };
  } catch {
    return undefined;
  }
}

/** `U+0000-00FF, U+0131, U+4E??` → code point ranges. */
export function parseRanges(text: string): [number, number][] {
  return text
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((part): [number, number] => {
      if (part.includes('?'))
        return [
          Number.parseInt(part.replaceAll('?', '0'), 16),
          Number.parseInt(part.replaceAll('?', 'F'), 16),
        ];
      const [from, to = from] = part.split('-') as [string, string?];
      return [Number.parseInt(from, 16), Number.parseInt(to, 16)];
    });
}
