/**
 * The `.md` copies serve the platform's markdown, whose images and files point at the API
 * host's download URLs (`…/files/SPACE/FILE/name.png?alt=media&token=…`). A self-hosted site
 * must not depend on the platform for its own files, and a copy must not hand out those signed
 * URLs: every absolute URL that names a file the site serves is replaced by the site's copy.
 * URLs are found as text, so markdown links and images, HTML attributes and `{% file src %}`
 * are all covered; in HTML the `&` of a query is often written `&amp;` or `&#x26;`.
 */

const ABSOLUTE_URL = /https?:\/\/[^\s"'<>()[\]{}`\\]+/g;
const AMPERSAND = /&(?:amp|#x26|#38);/gi;

/** `localUrl(url)` gives the site's URL for a platform file URL, or undefined for anything else. */
export function localizeFileUrls(
  markdown: string,
  localUrl: (url: string) => string | undefined,
): string {
  return markdown.replace(ABSOLUTE_URL, (found) => {
    // Sentence punctuation after a bare URL is not part of it.
    const url = found.replace(/[.,;:!?*_~]+$/, '');
    const local = localUrl(url.replace(AMPERSAND, '&'));
    return local === undefined ? found : `${local}${found.slice(url.length)}`;
  });
}
