/**
 * `robots.txt`: a public site allows everything and names its sitemap; a site that is not
 * public (unlisted, share link, visitor auth) disallows everything under its base path.
 * Crawlers read robots.txt only at the host's root: under a base path, it is written at the
 * output root for the host to serve or merge (docs/hosting.md).
 */
export interface RobotsInput {
  indexed: boolean;
  base: string;
  /** Absolute URL of sitemap.xml, when one is written. */
  sitemapUrl?: string;
}

export function robotsTxt(input: RobotsInput): string {
  const lines = ['User-agent: *', input.indexed ? 'Allow: /' : `Disallow: ${input.base}`];
  if (input.indexed && input.sitemapUrl) lines.push('', `Sitemap: ${input.sitemapUrl}`);
  return `${lines.join('\n')}\n`;
}
