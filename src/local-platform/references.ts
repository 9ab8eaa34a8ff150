import { markdownUrls } from '../markdown/source-urls.ts';
import type { Content, FileEntry } from './model.ts';
import { resolveFromPage } from './pages.ts';

/**
 * Where a page's markdown points: asset paths, relative `.md` links, includes. One scanner
 * serves the markdown rewrite (refStyle), the link report and file backlinks, so all three
 * agree on what a reference is. Code (fenced blocks, inline spans) is never touched: a
 * tutorial that shows `![x](.gitbook/assets/x.png)` must keep it verbatim.
 */

export type RefStyle = 'download-url' | 'stable-ref';

export interface Occurrence {
  /** Offsets in the markdown of the destination as written (angle brackets included). */
  start: number;
  end: number;
  /** The destination, unwrapped and with markdown/HTML escapes decoded (still %-encoded). */
  value: string;
  syntax: 'markdown' | 'angle' | 'html';
}

export type Resolved =
  | { kind: 'page'; page: string; anchor?: string; space?: string; stable: boolean }
  | { kind: 'file'; file: string; stable: boolean }
  | { kind: 'reusable'; reusable: string; stable: boolean }
  | { kind: 'url'; url: string }
  | { kind: 'broken'; target: 'page' | 'file' | 'reusable' }
  | undefined;

export interface ScannedReference extends Occurrence {
  resolved: Resolved;
}

const SCHEME = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Every destination in `markdown` outside code, in document order: the render's own scanner
 * (src/markdown/source-urls.ts), which parses rather than matches, so a file name with spaces
 * or parentheses (`image (1).png`) is read whole.
 */
export function scanReferences(markdown: string): Occurrence[] {
  return markdownUrls(markdown).map(({ start, end, url, tag }) => {
    const before = markdown[start - 1];
    if (tag !== undefined || before === '"' || before === "'") {
      return { start, end, value: url, syntax: 'html' };
    }
    // `<…>` around a destination: rewritten with its brackets.
    if (before === '<' && markdown[end] === '>') {
      return { start: start - 1, end: end + 1, value: url, syntax: 'angle' };
    }
    return { start, end, value: url, syntax: 'markdown' };
  });
}

/** What a destination written in `pageFile` points at, within `content`. */
export function resolveReference(value: string, pageFile: string, content: Content): Resolved {
  const target = value.trim();
  if (!target || target.startsWith('#') || target.startsWith('?')) return undefined;
  if (SCHEME.test(target)) return { kind: 'url', url: target };

  const hashAt = target.indexOf('#');
  const anchor = hashAt >= 0 ? target.slice(hashAt + 1) : undefined;
  let path = (hashAt >= 0 ? target.slice(0, hashAt) : target).replace(/\?.*$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // Keep the raw text: a malformed escape simply will not match any file.
  }

  const stable = resolveStableRef(path, anchor, content);
  if (stable !== null) return stable;

  let resolved = resolveFromPage(pageFile, path);
  const looksLikePage = /\.md$/i.test(path) || path.endsWith('/');
  if (resolved === undefined) return looksLikePage ? { kind: 'broken', target: 'page' } : undefined;
  if (path.endsWith('/')) resolved = `${resolved.replace(/\/$/, '')}/README.md`;

  if (resolved.startsWith('.gitbook/assets/')) {
    const file = content.filesByPath.get(resolved);
    return file
      ? { kind: 'file', file: file.id, stable: false }
      : { kind: 'broken', target: 'file' };
  }
  if (resolved.startsWith('.gitbook/includes/')) {
    const reusable = content.reusablesByPath.get(resolved);
    return reusable
      ? { kind: 'reusable', reusable: reusable.id, stable: false }
      : { kind: 'broken', target: 'reusable' };
  }
  if (/\.md$/i.test(resolved)) {
    const page = content.pageIdByFile.get(resolved);
    if (!page) return { kind: 'broken', target: 'page' };
    return anchor
      ? { kind: 'page', page, anchor, stable: false }
      : { kind: 'page', page, stable: false };
  }
  return undefined;
}

/** `/pages/ID`, `/spaces/S/pages/ID`, `/files/ID`, `/reusable-content/ID`; null if not one. */
function resolveStableRef(
  path: string,
  anchor: string | undefined,
  content: Content,
): Resolved | null {
  const match = /^\/(?:spaces\/([^/]+)\/)?(pages|files|reusable-content)\/([^/]+)$/.exec(path);
  if (!match) return null;
  const [, space, kind, id = ''] = match;
  if (space && space !== content.spaceId) {
    // Another space's content: not checked here, reported as a plain page reference.
    return kind === 'pages'
      ? { kind: 'page', page: id, space, stable: true, ...(anchor ? { anchor } : {}) }
      : undefined;
  }
  if (kind === 'pages') {
    if (!content.pagesById.has(id)) return { kind: 'broken', target: 'page' };
    return anchor
      ? { kind: 'page', page: id, anchor, stable: true }
      : { kind: 'page', page: id, stable: true };
  }
  if (kind === 'files') {
    return content.filesById.has(id)
      ? { kind: 'file', file: id, stable: true }
      : { kind: 'broken', target: 'file' };
  }
  return content.reusables.some((r) => r.id === id)
    ? { kind: 'reusable', reusable: id, stable: true }
    : { kind: 'broken', target: 'reusable' };
}

/** Markdown that references resolve from: a page or a reusable content. */
export interface MarkdownSource {
  markdown: string;
  /** Its file relative to the space root. */
  file: string;
}

const scanned = new WeakMap<MarkdownSource, ScannedReference[]>();

/**
 * Scans by markdown text, kept across the models a `reload()` builds: a reload reads every page
 * into a new object, so `scanned` starts empty, and a one-page edit of a site of thousands of
 * pages must not parse the others again (the parse is most of what serving a page costs). A
 * scan depends on the text alone; what it resolves to is worked out again for each model.
 * Bounded by the characters it holds, oldest out first.
 */
const scansByText = new Map<string, Occurrence[]>();
const SCAN_MEMO_CHARS = 32 * 1024 * 1024;
let scanMemoChars = 0;

function scanOnce(markdown: string): Occurrence[] {
  let occurrences = scansByText.get(markdown);
  if (occurrences) return occurrences;
  occurrences = scanReferences(markdown);
  scansByText.set(markdown, occurrences);
  scanMemoChars += markdown.length;
  for (const oldest of scansByText.keys()) {
    if (scanMemoChars <= SCAN_MEMO_CHARS) break;
    scansByText.delete(oldest);
    scanMemoChars -= oldest.length;
  }
  return occurrences;
}

/** The source's references, resolved against the content it belongs to (memoized). */
export function referencesOf(source: MarkdownSource, content: Content): ScannedReference[] {
  let refs = scanned.get(source);
  if (!refs) {
    refs = scanOnce(source.markdown).map((occurrence) => ({
      ...occurrence,
      resolved: resolveReference(occurrence.value, source.file, content),
    }));
    scanned.set(source, refs);
  }
  return refs;
}

/**
 * The markdown a client receives. `download-url` points assets at their absolute download URL
 * and keeps page links as written; `stable-ref` turns both into stable refs (`/files/ID`,
 * `/pages/ID#anchor`, `/reusable-content/ID`), as the platform does for content it owns.
 */
export function rewriteMarkdown(
  source: MarkdownSource,
  content: Content,
  style: RefStyle,
  downloadURL: (file: FileEntry) => string,
): string {
  let out = '';
  let last = 0;
  for (const ref of referencesOf(source, content)) {
    const replacement = replacementFor(ref.resolved, content, style, downloadURL);
    if (replacement === undefined) continue;
    out += source.markdown.slice(last, ref.start) + formatDestination(replacement, ref.syntax);
    last = ref.end;
  }
  return out + source.markdown.slice(last);
}

function replacementFor(
  resolved: Resolved,
  content: Content,
  style: RefStyle,
  downloadURL: (file: FileEntry) => string,
): string | undefined {
  if (!resolved) return undefined;
  if (resolved.kind === 'file') {
    const file = content.filesById.get(resolved.file);
    if (!file) return undefined;
    if (style === 'download-url') return downloadURL(file);
    return resolved.stable ? undefined : `/files/${file.id}`;
  }
  if (style !== 'stable-ref') return undefined;
  if (resolved.kind === 'page' && !resolved.stable) {
    return `/pages/${resolved.page}${resolved.anchor ? `#${encodeAnchor(resolved.anchor)}` : ''}`;
  }
  if (resolved.kind === 'reusable' && !resolved.stable)
    return `/reusable-content/${resolved.reusable}`;
  return undefined;
}

function formatDestination(url: string, syntax: Occurrence['syntax']): string {
  if (syntax === 'angle') return `<${url}>`;
  // Every URL built here is percent-encoded but for the parentheses of a file name, which the
  // platform writes as they are (`image%20(1).png`): a markdown destination may hold them when
  // they pair up, a quoted attribute always. Anything else that would end the destination is
  // encoded.
  const keep = syntax === 'html' || balanced(url) ? /[\s"'<>]/g : /[\s()"'<>]/g;
  return url.replace(
    keep,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

function balanced(url: string): boolean {
  let depth = 0;
  for (const char of url) {
    if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

function encodeAnchor(anchor: string): string {
  return anchor.replace(/[\s()"'<>]/g, encodeURIComponent);
}
