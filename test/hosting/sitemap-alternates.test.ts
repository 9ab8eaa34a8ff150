import { describe, expect, it } from 'vitest';
import { sitemapXml } from '../../src/hosting/sitemap.ts';

describe('sitemap.xml language alternates', () => {
  it('lists a page’s alternates as xhtml:link, with the namespace declared', () => {
    const xml = sitemapXml([
      {
        loc: 'https://d.example/a/',
        alternates: [
          { hreflang: 'en', href: 'https://d.example/a/' },
          { hreflang: 'fr', href: 'https://d.example/fr/a/?x=1&y=2' },
          { hreflang: 'x-default', href: 'https://d.example/a/' },
        ],
      },
      { loc: 'https://d.example/b/' },
    ]);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(xml).toContain(
      '<url><loc>https://d.example/a/</loc><xhtml:link rel="alternate" hreflang="en" href="https://d.example/a/"/><xhtml:link rel="alternate" hreflang="fr" href="https://d.example/fr/a/?x=1&amp;y=2"/><xhtml:link rel="alternate" hreflang="x-default" href="https://d.example/a/"/></url>',
    );
    expect(xml).toContain('<url><loc>https://d.example/b/</loc></url>');
  });

  it('keeps a one-language sitemap as it was: no xhtml namespace', () => {
    expect(sitemapXml([{ loc: 'https://d.example/' }])).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    );
  });
});
