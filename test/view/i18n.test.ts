import { describe, expect, it } from 'vitest';
import { englishStrings, LOCALES, stringsFor } from '../../src/view/i18n/index.ts';

const keys = (Object.keys(englishStrings) as (keyof typeof englishStrings)[]).filter(
  (key): key is Exclude<keyof typeof englishStrings, 'content' | 'tryIt' | 'review'> =>
    key !== 'content' && key !== 'tryIt' && key !== 'review',
);
const tryIt = englishStrings.tryIt;
const review = englishStrings.review;
// The counted phrases (`review.blocks`) are plural tables, held by plural.test.ts.
const reviewKeys = (Object.keys(review) as (keyof typeof review)[]).filter(
  (key): key is Exclude<keyof typeof review, 'blocks'> => key !== 'blocks',
);
const tryItKeys = Object.keys(tryIt) as (keyof typeof tryIt)[];
const english = englishStrings.content;
const contentKeys = Object.keys(english) as (keyof typeof english)[];
const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

describe('UI strings', () => {
  it('covers the platform locales plus two right-to-left ones', () => {
    for (const code of ['en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru', 'ar', 'he'])
      expect(LOCALES[code], code).toBeDefined();
  });

  for (const [code, locale] of Object.entries(LOCALES)) {
    it(`${code}: every key is set, keeps its placeholders, and is mostly translated`, () => {
      expect(Object.keys(locale.strings).sort()).toEqual(
        [...keys, 'content', 'tryIt', 'review'].sort(),
      );
      for (const key of keys) {
        const text = locale.strings[key];
        expect(text.trim(), `${code}.${key}`).not.toBe('');
        expect(placeholders(text), `${code}.${key}`).toEqual(placeholders(englishStrings[key]));
      }
      if (code === 'en') return;
      const same = keys.filter((key) => locale.strings[key] === englishStrings[key]);
      // A few words are the same in some languages (Menu, Version, System).
      expect(same.length, `${code} untranslated: ${same.join(', ')}`).toBeLessThanOrEqual(3);
    });

    it(`${code}: the "Test it" console's labels are all set and keep their placeholders`, () => {
      const labels = locale.strings.tryIt;
      expect(Object.keys(labels).sort()).toEqual([...tryItKeys].sort());
      for (const key of tryItKeys) {
        expect(labels[key].trim(), `${code}.tryIt.${key}`).not.toBe('');
        expect(placeholders(labels[key]), `${code}.tryIt.${key}`).toEqual(placeholders(tryIt[key]));
      }
    });

    it(`${code}: a change request's review labels are all set, keep their placeholders, and are translated`, () => {
      const labels = locale.strings.review;
      expect(Object.keys(labels).sort()).toEqual([...reviewKeys, 'blocks'].sort());
      for (const key of reviewKeys) {
        expect(labels[key].trim(), `${code}.review.${key}`).not.toBe('');
        expect(placeholders(labels[key]), `${code}.review.${key}`).toEqual(
          placeholders(review[key]),
        );
      }
      if (code === 'en') return;
      expect(reviewKeys.filter((key) => labels[key] === review[key])).toEqual([]);
    });

    it(`${code}: the content labels are all set, keep their placeholders, and are translated`, () => {
      const content = locale.strings.content;
      expect(Object.keys(content).sort()).toEqual([...contentKeys].sort());
      for (const key of contentKeys) {
        expect(content[key].trim(), `${code}.content.${key}`).not.toBe('');
        expect(placeholders(content[key]), `${code}.content.${key}`).toEqual(
          placeholders(english[key]),
        );
      }
      if (code === 'en') return;
      // Some API words stay as they are (Server, Payload, nullable, Headers).
      const same = contentKeys.filter((key) => content[key] === english[key]);
      expect(same.length, `${code} untranslated: ${same.join(', ')}`).toBeLessThanOrEqual(8);
    });
  }
});

describe('stringsFor', () => {
  it('gives English, left to right and without a warning when no locale is set', () => {
    for (const locale of [undefined, '', '  ']) {
      const result = stringsFor(locale);
      expect(result).toMatchObject({ lang: 'en', dir: 'ltr', strings: englishStrings });
      expect(result.warning).toBeUndefined();
    }
  });

  it('maps locales to BCP 47 tags and directions', () => {
    expect(stringsFor('fr')).toMatchObject({ lang: 'fr', dir: 'ltr' });
    expect(stringsFor('pt-br')).toMatchObject({ lang: 'pt-BR', dir: 'ltr' });
    expect(stringsFor('no')).toMatchObject({ lang: 'nb', dir: 'ltr' });
    expect(stringsFor('zh')).toMatchObject({ lang: 'zh', dir: 'ltr' });
    expect(stringsFor('ar')).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(stringsFor('he')).toMatchObject({ lang: 'he', dir: 'rtl' });
    expect(stringsFor('ja').strings.onThisPage).toBe('このページの内容');
  });

  it('ignores case and underscores, and knows common aliases', () => {
    expect(stringsFor('PT_BR').lang).toBe('pt-BR');
    expect(stringsFor('pt-BR').lang).toBe('pt-BR');
    expect(stringsFor('nb').lang).toBe('nb');
    expect(stringsFor('zh-CN').lang).toBe('zh');
    expect(stringsFor(' DE ').strings).toBe(LOCALES.de?.strings);
    expect(stringsFor('fr').warning).toBeUndefined();
  });

  it('falls back to English with a warning for an unknown locale', () => {
    const result = stringsFor('tlh');
    expect(result).toMatchObject({ lang: 'en', dir: 'ltr', strings: englishStrings });
    expect(result.warning).toMatch(/"tlh".*English/);
  });
});
