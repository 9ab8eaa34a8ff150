/**
 * Language alternates (`hreflang`): a page and its counterparts in the other language variants
 * of its section. As the platform's renderer does, a site space's language is its space's
 * `language`, else the site's (`internationalization.locale`, else English); a section is
 * multilingual when its site spaces have two languages or more. The variant switch keeps the
 * reader on the page at the same path in the other site space (the space roots answer for each
 * other), and that is how counterparts are matched here: the site spaces' first pages match
 * each other, any other page matches the page at its own path.
 *
 * One site space speaks for each language of a section: the section's default when it has that
 * language, else the first in site order of that language (a v1 beside a v2 in English has no
 * alternates: a search engine takes one URL per language). Pages a search engine is kept from
 * (hidden, `noIndex`, `noRobotsIndex`) take no part. Every page of a group lists the whole group,
 * itself included, so the pairs are symmetric by construction; `x-default` is the default site
 * space's page when the group has one.
 */

export interface LanguageSpace {
  id: string;
  /** Absent on a site without sections: its site spaces are one group. */
  sectionId?: string;
  /** The space's `language`, when set. */
  language?: string;
  /** The default site space of its section. */
  default: boolean;
  /** The key of the page at the space's root. */
  homeKey?: string;
}

export interface LanguagePage {
  key: string;
  siteSpaceId: string;
  /** Its path in the space (URL segments joined by `/`). */
  path: string;
  url: string;
  /** A search engine may index it: not hidden, not `noIndex` nor `noRobotsIndex`. */
  indexable: boolean;
}

export interface LanguageAlternate {
  /** A BCP 47 tag (`fr`, `pt-BR`), or `x-default`. */
  hreflang: string;
  /** The page's URL under the base (the caller makes it absolute). */
  url: string;
}

/** Each page that has a counterpart: its group's alternates, in site order, then `x-default`. */
export function languageAlternates(
  spaces: readonly LanguageSpace[],
  pages: readonly LanguagePage[],
  siteLanguage: string | undefined,
): Map<string, LanguageAlternate[]> {
  const speakers = speakingSpaces(spaces, siteLanguage);
  const groups = new Map<
    string,
    { space: LanguageSpace; language: string; page: LanguagePage }[]
  >();
  const seenPaths = new Set<string>();
  for (const page of pages) {
    const speaker = speakers.get(page.siteSpaceId);
    // The first page at a path is the one the path names (as the variant switch finds it).
    const pathKey = `${page.siteSpaceId}\n${page.path}`;
    const firstAtPath = !seenPaths.has(pathKey);
    seenPaths.add(pathKey);
    if (!speaker || !page.indexable) continue;
    const isHome = speaker.space.homeKey === page.key;
    if (!isHome && !firstAtPath) continue;
    const group = `${speaker.space.sectionId ?? ''}\n${isHome ? '' : `/${page.path}`}`;
    const members = groups.get(group) ?? [];
    members.push({ ...speaker, page });
    groups.set(group, members);
  }
  const order = new Map(spaces.map((space, at) => [space.id, at]));
  const result = new Map<string, LanguageAlternate[]>();
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    members.sort((a, b) => (order.get(a.space.id) ?? 0) - (order.get(b.space.id) ?? 0));
    const alternates: LanguageAlternate[] = members.map((m) => ({
      hreflang: hreflangTag(m.language),
      url: m.page.url,
    }));
    const fallback = members.find((m) => m.space.default);
    if (fallback) alternates.push({ hreflang: 'x-default', url: fallback.page.url });
    for (const member of members) result.set(member.page.key, alternates);
  }
  return result;
}

/** The site space speaking for each language of each multilingual section, by id. */
function speakingSpaces(
  spaces: readonly LanguageSpace[],
  siteLanguage: string | undefined,
): Map<string, { space: LanguageSpace; language: string }> {
  const bySection = new Map<string, LanguageSpace[]>();
  for (const space of spaces) {
    const key = space.sectionId ?? '';
    bySection.set(key, [...(bySection.get(key) ?? []), space]);
  }
  const speakers = new Map<string, { space: LanguageSpace; language: string }>();
  for (const members of bySection.values()) {
    const languageOf = (space: LanguageSpace) =>
      (space.language || siteLanguage || 'en').toLowerCase();
    const languages = new Set(members.map(languageOf));
    if (languages.size < 2) continue;
    for (const language of languages) {
      const of = members.filter((space) => languageOf(space) === language);
      const speaker = of.find((space) => space.default) ?? (of[0] as LanguageSpace);
      speakers.set(speaker.id, { space: speaker, language });
    }
  }
  return speakers;
}

/** The platform's language codes as BCP 47 tags: `pt-br` → `pt-BR`, `zh-hans` → `zh-Hans`. */
export function hreflangTag(language: string): string {
  const [first = '', ...rest] = language.replace(/_/g, '-').split('-');
  return [
    first.toLowerCase(),
    ...rest.map((part) =>
      part.length === 2
        ? part.toUpperCase()
        : part.length === 4
          ? `${part[0]?.toUpperCase()}${part.slice(1).toLowerCase()}`
          : part.toLowerCase(),
    ),
  ].join('-');
}
