/**
 * The site's origin (`https://docs.acme.example`): what canonical URLs, OpenGraph tags, the
 * sitemap and llms.txt need to be absolute. `--site-url` wins; else the site's custom
 * `hostname`; else the origin of the platform's `urls.published`. Only `http:` and `https:`
 * are accepted, so no other scheme can reach the output through it.
 */

export class SiteUrlError extends Error {
  override readonly name = 'SiteUrlError';
}

export interface SiteUrlSources {
  /** `--site-url`. */
  flag?: string;
  /** The Site's `hostname`. */
  hostname?: string;
  /** The Site's `urls.published`. */
  published?: string;
  /** The base path the output is served under (`/docs/`). */
  base: string;
}

/** The origin, without a trailing slash, or undefined when nothing names one. */
export function siteOrigin(sources: SiteUrlSources): string | undefined {
  if (sources.flag !== undefined) return originOfFlag(sources.flag, sources.base);
  if (sources.hostname && HOSTNAME.test(sources.hostname)) return `https://${sources.hostname}`;
  const published = httpUrl(sources.published);
  return published?.origin;
}

const HOSTNAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){1,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;

function originOfFlag(value: string, base: string): string {
  const url = httpUrl(value);
  if (!url || url.username || url.password || url.search || url.hash) {
    throw new SiteUrlError(
      `--site-url must be an http(s) URL such as https://docs.example.com, got ${value}`,
    );
  }
  // A path in the flag must be the base path the pages already carry (`--base` decides it).
  const pathname = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  if (pathname !== '/' && pathname !== base) {
    throw new SiteUrlError(
      `--site-url path ${url.pathname} differs from the base path ${base}: pass --base ${url.pathname} or drop the path`,
    );
  }
  return url.origin;
}

function httpUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A URL of the built site made absolute: a path (`/docs/x/`) gets the origin; an http(s) URL
 * is kept; anything else (a relative path without an origin, another scheme) gives undefined.
 */
export function absoluteUrl(
  origin: string | undefined,
  url: string | undefined,
): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/') && !url.startsWith('//')) return origin ? `${origin}${url}` : undefined;
  const parsed = httpUrl(url);
  return parsed?.href;
}
