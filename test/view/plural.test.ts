import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/view/i18n/index.ts';
import { blockCountsText, plural } from '../../src/view/plural.ts';

/**
 * The change-request preview's counted phrases (docs/change-requests.md) in all twelve
 * languages: each strings table has exactly the plural forms its language has, and 1, 2, 5 and 21
 * blocks read as the language says them (Russian's 21 is singular, Arabic and Hebrew have a dual).
 */

const ADDED: Record<string, [string, string, string, string]> = {
  en: ['1 block added', '2 blocks added', '5 blocks added', '21 blocks added'],
  fr: ['1 bloc ajouté', '2 blocs ajoutés', '5 blocs ajoutés', '21 blocs ajoutés'],
  es: ['1 bloque añadido', '2 bloques añadidos', '5 bloques añadidos', '21 bloques añadidos'],
  zh: ['添加了 1 个块', '添加了 2 个块', '添加了 5 个块', '添加了 21 个块'],
  ja: ['1 ブロック追加', '2 ブロック追加', '5 ブロック追加', '21 ブロック追加'],
  de: [
    '1 Block hinzugefügt',
    '2 Blöcke hinzugefügt',
    '5 Blöcke hinzugefügt',
    '21 Blöcke hinzugefügt',
  ],
  nl: [
    '1 blok toegevoegd',
    '2 blokken toegevoegd',
    '5 blokken toegevoegd',
    '21 blokken toegevoegd',
  ],
  no: ['1 blokk lagt til', '2 blokker lagt til', '5 blokker lagt til', '21 blokker lagt til'],
  'pt-br': [
    '1 bloco adicionado',
    '2 blocos adicionados',
    '5 blocos adicionados',
    '21 blocos adicionados',
  ],
  ru: ['1 блок добавлен', '2 блока добавлено', '5 блоков добавлено', '21 блок добавлен'],
  ar: ['كتلة واحدة مضافة', 'كتلتان مضافتان', '5 كتل مضافة', '21 كتلة مضافة'],
  he: ['בלוק אחד נוסף', 'שני בלוקים נוספו', '5 בלוקים נוספו', '21 בלוקים נוספו'],
};

describe('plural phrases', () => {
  it('covers every locale the UI strings support', () => {
    expect(Object.keys(ADDED).sort()).toEqual(Object.keys(LOCALES).sort());
  });

  for (const [code, { lang, strings }] of Object.entries(LOCALES)) {
    it(`${code}: has exactly the plural forms of ${lang}, each set`, () => {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const [kind, forms] of Object.entries(strings.review.blocks)) {
        expect(Object.keys(forms).sort(), `${code}.review.blocks.${kind}`).toEqual(
          [...categories].sort(),
        );
        for (const phrase of Object.values(forms)) expect(phrase.trim()).not.toBe('');
      }
    });

    it(`${code}: counts 1, 2, 5 and 21 blocks in their own forms`, () => {
      const forms = strings.review.blocks.added;
      expect([1, 2, 5, 21].map((n) => plural(lang, forms, n))).toEqual(ADDED[code]);
    });
  }

  it('says removed and changed blocks in their forms too', () => {
    const ru = LOCALES.ru as (typeof LOCALES)[string];
    const { removed, changed } = ru.strings.review.blocks;
    expect([1, 3, 11, 21].map((n) => plural(ru.lang, removed, n))).toEqual([
      '1 блок удалён',
      '3 блока удалено',
      '11 блоков удалено',
      '21 блок удалён',
    ]);
    expect(plural(ru.lang, changed, 2)).toBe('2 блока изменено');
    const en = LOCALES.en as (typeof LOCALES)[string];
    expect(plural(en.lang, en.strings.review.blocks.removed, 1)).toBe('1 block removed');
  });

  it('lists the counts that are not zero, as the language lists', () => {
    const en = LOCALES.en as (typeof LOCALES)[string];
    const text = (added: number, removed: number, changed: number) =>
      blockCountsText(en.lang, en.strings.review, { added, removed, changed });
    expect(text(3, 1, 1)).toBe('3 blocks added, 1 block removed, and 1 block changed');
    expect(text(1, 0, 0)).toBe('1 block added');
    expect(text(0, 2, 1)).toBe('2 blocks removed and 1 block changed');
    expect(text(0, 0, 0)).toBeUndefined();
    const de = LOCALES.de as (typeof LOCALES)[string];
    expect(blockCountsText(de.lang, de.strings.review, { added: 1, removed: 2, changed: 0 })).toBe(
      '1 Block hinzugefügt und 2 Blöcke entfernt',
    );
  });
});
