/**
 * `sitemap.xml` (sitemaps.org 0.9): absolute URLs of the pages a search engine may index.
 * The caller picks the pages; this only writes them, escaped for XML.
 */
export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** ISO date-time of the last change. */
  lastmod?: string;
}

/** The protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000;

export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.slice(0, SITEMAP_MAX_URLS).map((entry) => {
    const lastmod = validDate(entry.lastmod);
    return `  <url><loc>${escapeXml(entry.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** W3C datetime as the protocol wants it; anything unparseable is left out. */
function validDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] as string);
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
