import { fill } from '../markdown/strings.ts';
import type { PluralForms, ReviewStrings } from './view.ts';

/**
 * Counted phrases in the site's language: the strings tables give a phrase per plural category
 * of the language (CLDR's, as `Intl.PluralRules` names them: Russian tells 1, 2–4 and 5–20
 * apart, Arabic has six forms, Japanese one), so no page says "1 blocks added".
 */

const rules = new Map<string, Intl.PluralRules>();

function pluralRules(lang: string): Intl.PluralRules {
  let found = rules.get(lang);
  if (!found) {
    found = new Intl.PluralRules(lang);
    rules.set(lang, found);
  }
  return found;
}

/** `forms`' phrase for `count` in `lang`, `{count}` written as the language writes numbers. */
export function plural(lang: string, forms: PluralForms, count: number): string {
  const phrase = forms[pluralRules(lang).select(count)] ?? forms.other;
  return fill(phrase, { count: new Intl.NumberFormat(lang).format(count) });
}

/** The counts of an edited page's blocks, as its preview names them. */
export interface BlockCounts {
  added: number;
  removed: number;
  changed: number;
}

/**
 * "4 blocks added, 1 block removed, and 1 block changed": the counts that are not zero, each in
 * its plural form, listed as the language lists; undefined when no block changed (a page whose
 * title alone changed).
 */
export function blockCountsText(
  lang: string,
  labels: Pick<ReviewStrings, 'blocks'>,
  counts: BlockCounts,
): string | undefined {
  const parts = (['added', 'removed', 'changed'] as const)
    .filter((kind) => counts[kind] > 0)
    .map((kind) => plural(lang, labels.blocks[kind], counts[kind]));
  if (parts.length === 0) return undefined;
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(parts);
}
