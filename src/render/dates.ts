/**
 * A page's `updatedAt` for the "Last updated" line: the long date in the site's language
 * (`en`: "March 14, 2025", `fr`: "14 mars 2025"), in UTC, so every build of a snapshot writes the
 * same text. Unparseable dates give nothing; an unknown language falls back to English.
 */
export function formatUpdated(
  updatedAt: string,
  lang: string,
): { iso: string; text: string } | undefined {
  const key = `${lang} ${updatedAt}`;
  if (formatted.has(key)) return formatted.get(key);
  const time = Date.parse(updatedAt);
  const date = Number.isNaN(time) ? undefined : new Date(time);
  const value = date && { iso: date.toISOString(), text: longDateFormat(lang).format(date) };
  // Pages edited together share a timestamp; the rest cost a few entries each.
  if (formatted.size >= 4096) formatted.clear();
  formatted.set(key, value);
  return value;
}

/** Dates already formatted, by language and `updatedAt`. */
const formatted = new Map<string, { iso: string; text: string } | undefined>();

// Building a formatter loads the locale's data (about half a millisecond): once per language,
// not once per page.
const formats = new Map<string, Intl.DateTimeFormat>();

function longDateFormat(lang: string): Intl.DateTimeFormat {
  let format = formats.get(lang);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
    } catch {
      format = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });
    }
    formats.set(lang, format);
  }
  return format;
}
