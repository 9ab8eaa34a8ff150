import { decodePercent } from '../markdown/decode.ts';
import { markdownUrls } from '../markdown/source-urls.ts';
import type { CopyLink } from '../markdown/types.ts';

/**
 * The `.md` copies serve the platform's markdown, whose images and files point at the API
 * host's download URLs (`…/files/SPACE/FILE/image (1).png?alt=media&token=…`). A self-hosted
 * site must not depend on the platform for its own files, and a copy must not hand out those
 * signed URLs: every URL that names a file the site serves is replaced by the site's copy,
 * wherever the markdown writes it (src/markdown/source-urls.ts finds them with the parsers).
 */

/**
 * The copy's links put in place: each destination the render found (src/markdown/copy-links.ts)
 * replaced by `target(link)`. Offsets are the render's, in the same markdown.
 */
export function spliceCopyLinks(
  markdown: string,
  links: readonly CopyLink[],
  target: (link: CopyLink) => string,
): string {
  // Links found in other text (the snapshot changed under the render) are not put in.
  if (links.some((link, i) => link.end > markdown.length || link.start < (links[i - 1]?.end ?? 0)))
    return markdown;
  let out = '';
  let last = 0;
  for (const link of links) {
    out += markdown.slice(last, link.start) + safeInAnyDestination(target(link));
    last = link.end;
  }
  return out + markdown.slice(last);
}

/**
 * The relative links of a local page (src/local-pages), written from the page's own URL
 * (`../getting-started/install/`): its copy sits one level up, so each is made the site path it
 * leads to. A local page is the site's own file, and few: parsed here, not by the render.
 */
export function localPageLinks(markdown: string, pageUrl: string): CopyLink[] {
  const links: CopyLink[] = [];
  for (const { start, end, url, tag } of markdownUrls(markdown)) {
    if (tag || url === '' || url.startsWith('#') || url.startsWith('/')) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(url)) continue;
    const target = new URL(url, `https://site.invalid${pageUrl}`);
    links.push({
      start,
      end,
      url: target.pathname,
      // A page's URL ends in `/`: its copy may stand in for it.
      ...(target.pathname.endsWith('/') ? { page: true as const } : {}),
      ...(target.hash.length > 1 ? { anchor: decodePercent(target.hash.slice(1)) } : {}),
    });
  }
  return links;
}

/** `localUrl(url)` gives the site's URL for a platform file URL, or undefined for anything else. */
export function localizeFileUrls(
  markdown: string,
  localUrl: (url: string) => string | undefined,
): string {
  // Most pages name no absolute URL: no parse for them.
  if (!markdown.includes('://')) return markdown;
  let out = '';
  let last = 0;
  for (const { start, end, url } of markdownUrls(markdown)) {
    const local = localUrl(url);
    if (local === undefined) continue;
    out += markdown.slice(last, start) + safeInAnyDestination(local);
    last = end;
  }
  return out + markdown.slice(last);
}

/**
 * The site's URL made safe for every place it replaces one: a plain or `<…>` markdown
 * destination, a quoted HTML or tag attribute, a bare URL. The asset URL is already
 * percent-encoded but for the characters `encodeURIComponent` leaves (`image (1).png`).
 */
export function safeInAnyDestination(url: string): string {
  return url.replace(
    /[\s()<>"'\\]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}
