/**
 * `sitemap.xml` (sitemaps.org 0.9): absolute URLs of the pages a search engine may index.
 * The caller picks the pages; this only writes them, escaped for XML. A page in several
 * languages lists its alternates as `<xhtml:link rel="alternate" hreflang>`, the page itself
 * included, as search engines read them in sitemaps (the same set as the page's `<head>`).
 */
export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** ISO date-time of the last change. */
  lastmod?: string;
  /** Its language alternates (absolute URLs), itself and `x-default` included. */
  alternates?: readonly { hreflang: string; href: string }[];
}

const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** The protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000;

export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const kept = entries.slice(0, SITEMAP_MAX_URLS);
  const urls = kept.map((entry) => {
    const lastmod = validDate(entry.lastmod);
    const links = (entry.alternates ?? []).map(
      (alternate) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`,
    );
    return `  <url><loc>${escapeXml(entry.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${links.join('')}</url>`;
  });
  // The namespace only where it is used: a site in one language keeps its sitemap as it was.
  const xhtml = kept.some((entry) => (entry.alternates?.length ?? 0) > 0)
    ? ` xmlns:xhtml="${XHTML_NS}"`
    : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>`,
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
