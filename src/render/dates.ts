/**
 * A page's `updatedAt` for the "Last updated" line: the long date in the site's language
 * (`en`: "March 14, 2025", `fr`: "14 mars 2025"), in UTC, so every build of a snapshot writes the
 * same text. Unparseable dates give nothing; an unknown language falls back to English.
 */
export function formatUpdated(
  updatedAt: string,
  lang: string,
): { iso: string; text: string } | undefined {
  const time = Date.parse(updatedAt);
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time);
  return { iso: date.toISOString(), text: longDateFormat(lang).format(date) };
}

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
