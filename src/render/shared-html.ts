/**
 * HTML that many pages share, rendered once: the default theme's header, footer and announcement
 * depend only on the site view and a few props, so `Shared.astro` renders its slot for the first
 * page with a given site view and key and inserts that HTML on every later one (an Astro
 * component costs each page its instance and its expressions; a string costs a lookup).
 *
 * The site view is the scope: Astro's build reads it once (`readSiteView`), so every page holds
 * the same object; a theme that passes a copy per page gets no reuse, and no wrong HTML.
 */

const byScope = new WeakMap<object, Map<string, string>>();

/** The HTML rendered earlier for `key` in `scope`, if any. */
export function sharedHtml(scope: object, key: string): string | undefined {
  return byScope.get(scope)?.get(key);
}

/**
 * Keeps `html` for `key` in `scope` and returns it. HTML holding a script Astro bundled is
 * not kept: Astro writes such a script once per page, which a copy would not tell it.
 */
export function keepSharedHtml(scope: object, key: string, html: string): string {
  if (html.includes('<script type="module"')) return html;
  let kept = byScope.get(scope);
  if (!kept) {
    kept = new Map();
    byScope.set(scope, kept);
  }
  kept.set(key, html);
  return html;
}
