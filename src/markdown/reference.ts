import { decodePercent } from './decode.ts';
import type { Reference, ReferenceContext } from './types.ts';

/** The platform's app: its `…/s/SPACE/path` URLs are page links (`MarkdownOptions.appOrigins`). */
export const DEFAULT_APP_ORIGINS = ['https://app.gitbook.com'] as const;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Directory part of a space-relative file path (`a/b.md` → `a`, `b.md` → ``). */
function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/**
 * Joins `relative` onto the folder `base` and normalises `.` and `..`. The result never starts
 * with `/` and never leaves the space root (extra `..` segments are dropped).
 */
export function resolvePath(base: string, relative: string): string {
  const out: string[] = [];
  const push = (segments: string[]) => {
    for (const segment of segments) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..') out.pop();
      else out.push(segment);
    }
  };
  if (!relative.startsWith('/')) push(base.split('/'));
  push(relative.split('/'));
  return out.join('/');
}

function extension(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function stableReference(
  segments: string[],
  anchor: string | undefined,
  raw: string,
): Reference | undefined {
  let spaceId: string | undefined;
  let rest = segments;
  if (rest[0] === 'spaces' && rest.length >= 4 && ID.test(rest[1] ?? '')) {
    spaceId = rest[1];
    rest = rest.slice(2);
  } else if (rest[0] === 'broken' && rest.length === 3) {
    // The platform writes links whose target it lost as `/broken/pages/ID`.
    rest = rest.slice(1);
  }
  if (rest.length !== 2) return undefined;
  const [kind, id] = rest as [string, string];
  if (!ID.test(id)) return undefined;
  const withSpace = spaceId === undefined ? {} : { spaceId };
  if (kind === 'pages') {
    return { kind: 'page', pageId: id, ...withSpace, ...(anchor ? { anchor } : {}), raw };
  }
  if (kind === 'files') return { kind: 'file', fileId: id, ...withSpace, raw };
  if (kind === 'reusable-content') return { kind: 'reusable-content', id, ...withSpace, raw };
  return undefined;
}

function appReference(
  href: string,
  origins: readonly string[],
  raw: string,
): Reference | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (!origins.some((origin) => origin.toLowerCase() === url.origin.toLowerCase())) {
    return undefined;
  }
  let segments = url.pathname.split('/').filter((s) => s !== '');
  if (segments[0] === 'o' && segments.length >= 2) segments = segments.slice(2);
  if (segments[0] !== 's' || segments.length < 2 || !ID.test(segments[1] ?? '')) return undefined;
  const spaceId = segments[1] as string;
  const rest = segments.slice(2).map((segment) => decodePercent(segment));
  // `~/changes/…`, `~/revisions/…`: places in the app, not pages.
  if (rest[0]?.startsWith('~')) return undefined;
  const anchor = url.hash.length > 1 ? decodePercent(url.hash.slice(1)) : undefined;
  return { kind: 'page', spaceId, pagePath: rest.join('/'), ...(anchor ? { anchor } : {}), raw };
}

/**
 * Parses a link target or source as written in page markdown. Never throws.
 *
 * - `#a` and `page.md#a` → `page` (path resolved against `context.currentPath`; a folder link
 *   `guides/` → `guides/README.md`; an extension-less relative path `x` → `x.md`)
 * - `/pages/ID`, `/spaces/S/pages/ID#a`, `/broken/pages/ID` → `page`; `/files/ID`,
 *   `/spaces/S/files/ID` → `file`; `/reusable-content/ID` → `reusable-content`
 * - `.gitbook/assets/…` and relative paths with another extension → `file`
 * - `.gitbook/includes/x.md` → `reusable-content` with `path`
 * - `https://app…/s/SPACE/path#a` (see `appOrigins`) → `page` with `spaceId` and `pagePath`
 * - other absolute URLs → `url` (or `file` with `url` when `context.as` is `'file'`)
 * - any other scheme (`mailto:`, `javascript:`…) and other site-absolute paths → `url`
 */
export function parseReference(href: string, context: ReferenceContext): Reference {
  const raw = href;
  const value = href.trim();
  if (value.startsWith('//')) return { kind: 'url', url: value, raw };
  const scheme = SCHEME.exec(value);
  if (scheme) {
    const name = (scheme[1] as string).toLowerCase();
    if (name === 'http' || name === 'https') {
      const app = appReference(value, context.appOrigins ?? DEFAULT_APP_ORIGINS, raw);
      if (app) return app;
      if (context.as === 'file') return { kind: 'file', url: value, raw };
    }
    return { kind: 'url', url: value, raw };
  }

  const hash = value.indexOf('#');
  let pathPart = hash < 0 ? value : value.slice(0, hash);
  const anchorRaw = hash < 0 ? '' : value.slice(hash + 1);
  const anchor = anchorRaw === '' ? undefined : decodePercent(anchorRaw);
  const query = pathPart.indexOf('?');
  if (query >= 0) pathPart = pathPart.slice(0, query);
  const withAnchor = anchor === undefined ? {} : { anchor };

  if (pathPart === '') {
    return { kind: 'page', path: resolvePath('', context.currentPath), ...withAnchor, raw };
  }

  const decoded = decodePercent(pathPart);
  if (pathPart.startsWith('/')) {
    const stable = stableReference(
      pathPart.split('/').filter((s) => s !== ''),
      anchor,
      raw,
    );
    if (stable) return stable;
    const ext = extension(decoded);
    if (
      !decoded.includes('/.gitbook/') &&
      ext !== 'md' &&
      ext !== 'markdown' &&
      !decoded.endsWith('/')
    ) {
      // A site-absolute URL such as `/api/status`: kept as written.
      return { kind: 'url', url: value, raw };
    }
  }

  const base = pathPart.startsWith('/') ? '' : dirname(context.currentPath);
  const resolved = resolvePath(base, decoded);
  if (/(^|\/)\.gitbook\/includes\//.test(resolved)) {
    return { kind: 'reusable-content', path: resolved, raw };
  }
  if (context.as === 'file' || /(^|\/)\.gitbook\/assets\//.test(resolved)) {
    return { kind: 'file', path: resolved, raw };
  }
  if (decoded.endsWith('/') || resolved === '') {
    return {
      kind: 'page',
      path: resolved === '' ? 'README.md' : `${resolved}/README.md`,
      ...withAnchor,
      raw,
    };
  }
  const ext = extension(resolved);
  if (ext === 'md' || ext === 'markdown')
    return { kind: 'page', path: resolved, ...withAnchor, raw };
  if (ext === '') return { kind: 'page', path: `${resolved}.md`, ...withAnchor, raw };
  return { kind: 'file', path: resolved, raw };
}
