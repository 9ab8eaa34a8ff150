import { SitePathError, siteSegments } from './site-path.ts';

/**
 * How a client names a page and how the tools name it back. A page's URL is the site's root
 * plus its path (`guides/install/`); its markdown copy is that path with `.md` in place of the
 * trailing slash (`guides/install.md`; the home page's is `index.md`), as docs/hosting.md says.
 */

export class PageAddressError extends Error {
  override readonly name = 'PageAddressError';
}

/**
 * The site path of the markdown copy of the page `input` names: a URL under one of `roots`, a
 * path under a root's path (`/docs/guides/install/`), or a path relative to the root
 * (`guides/install/`, `guides/install.md`). Another scheme, another origin, `..` and the like
 * are refused with a message saying why.
 */
export function markdownPath(input: string, roots: URL[]): string {
  const text = input.trim();
  let path: string;
  if (/^[a-z][a-z\d+.-]*:/i.test(text) || text.startsWith('//') || text.startsWith('\\')) {
    if (text.startsWith('//') || text.startsWith('\\'))
      throw new PageAddressError(
        `${JSON.stringify(text.slice(0, 200))} names another host: it is not a page of this site`,
      );
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new PageAddressError(`not a URL: ${JSON.stringify(text.slice(0, 200))}`);
    }
    const root = roots.find(
      (each) => url.origin === each.origin && url.pathname.startsWith(each.pathname),
    );
    if (!root) {
      throw new PageAddressError(
        `${url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}${url.pathname}` : url.protocol} is not a page of this site: give a URL under ${roots.map((r) => r.href).join(' or ') || 'the site'} or a path`,
      );
    }
    // The raw path, before URL parsing resolved any `..` in it.
    path = rawPathAfter(text, root);
  } else {
    path = stripQueryAndFragment(text);
    const under = roots.find((root) => root.pathname !== '/' && path.startsWith(root.pathname));
    path = under ? path.slice(under.pathname.length) : path.replace(/^\/+/, '');
  }
  return copyOf(path);
}

/** The page URL path (`guides/install/`, '' for the home page) of a markdown copy's path. */
export function pagePathOfCopy(copy: string): string {
  if (copy === 'index.md') return '';
  return `${copy.replace(/\.md$/, '')}/`;
}

/** The markdown copy's path of a page path, a copy's path or an HTML file's path. */
function copyOf(path: string): string {
  if (path === '' || path === 'index.html' || path === 'index.md') return 'index.md';
  let copy: string;
  if (path.endsWith('.md')) copy = path;
  else if (path.endsWith('/index.html')) copy = `${path.slice(0, -'/index.html'.length)}.md`;
  else if (path.endsWith('/')) copy = `${path.slice(0, -1)}.md`;
  else copy = `${path}.md`;
  try {
    return siteSegments(copy).join('/');
  } catch (error) {
    if (error instanceof SitePathError)
      throw new PageAddressError(`not a page path of this site: ${error.message}`);
    throw error;
  }
}

function stripQueryAndFragment(text: string): string {
  return text.replace(/[?#].*$/s, '');
}

/** What follows the root's path in `text`, unresolved: `..` stays visible to be refused. */
function rawPathAfter(text: string, root: URL): string {
  const afterOrigin = stripQueryAndFragment(text).replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '');
  if (!afterOrigin.toLowerCase().startsWith(root.pathname.toLowerCase()))
    throw new PageAddressError('not a page path of this site: a segment is "." or ".."');
  return afterOrigin.slice(root.pathname.length);
}
