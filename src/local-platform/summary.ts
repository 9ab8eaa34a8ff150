import { posix } from 'node:path';
import { SiteFolderError } from './errors.ts';

/**
 * Parser of a Git Sync `SUMMARY.md`: a list of links whose indentation gives the nesting, with
 * `## ` headings starting group pages. It is line-based on purpose: the format is a list of
 * links, and a line number in each error is worth more than a full markdown parser.
 */

export type SummaryItem = SummaryPage | SummaryLink | SummaryGroup;

export interface SummaryPage {
  kind: 'page';
  title: string;
  /** Path of the page file relative to the space root, normalized (`guides/install.md`). */
  file: string;
  line: number;
  children: SummaryItem[];
}

export interface SummaryLink {
  kind: 'link';
  title: string;
  url: string;
  line: number;
}

export interface SummaryGroup {
  kind: 'group';
  title: string;
  line: number;
  children: SummaryItem[];
}

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const LIST_ITEM = /^([ \t]*)(?:[*+-]|\d{1,9}[.)])[ \t]+(.*)$/;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Parse `text` (the content of `file`, named in errors). */
export function parseSummary(text: string, file = 'SUMMARY.md'): SummaryItem[] {
  const root: SummaryItem[] = [];
  let group: SummaryGroup | undefined;
  let stack: Array<{ indent: number; item: SummaryPage | SummaryLink }> = [];
  let inComment = false;

  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    // HTML comments are how people park entries in a SUMMARY; skip them whole.
    if (inComment) {
      if (raw.includes('-->')) inComment = false;
      continue;
    }
    if (raw.trimStart().startsWith('<!--')) {
      inComment = !raw.includes('-->');
      continue;
    }

    const heading = HEADING.exec(raw);
    if (heading) {
      // The level-1 heading is the document title ("Table of contents"), not a group.
      if (heading[1] === '#') continue;
      const title = unescapeMarkdown(heading[2] ?? '');
      if (!title) throw new SiteFolderError(file, `line ${line}`, 'a group heading needs a title');
      group = { kind: 'group', title, line, children: [] };
      root.push(group);
      stack = [];
      continue;
    }

    const item = LIST_ITEM.exec(raw);
    if (!item) {
      // A link without its bullet would silently vanish from the tree; prose is just ignored.
      if (/^[ \t]*\[.*\]\(.*\)[ \t]*$/.test(raw)) {
        throw new SiteFolderError(file, `line ${line}`, `missing list bullet: "* ${raw.trim()}"`);
      }
      continue;
    }

    const indent = indentWidth(item[1] ?? '');
    const link = parseLink((item[2] ?? '').trim());
    if (!link) {
      throw new SiteFolderError(
        file,
        `line ${line}`,
        `expected a link like "* [Title](page.md)", got "${(item[2] ?? '').trim()}"`,
      );
    }
    if (!link.title)
      throw new SiteFolderError(file, `line ${line}`, 'the link text (page title) is empty');

    const entry: SummaryPage | SummaryLink = EXTERNAL.test(link.destination)
      ? { kind: 'link', title: link.title, url: link.destination, line }
      : {
          kind: 'page',
          title: link.title,
          file: pageFile(link.destination, file, line),
          line,
          children: [],
        };

    while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
    const parent = stack.at(-1)?.item;
    if (parent?.kind === 'link') {
      throw new SiteFolderError(
        file,
        `line ${line}`,
        `"${parent.title}" is an external link and cannot have child pages`,
      );
    }
    (parent ? parent.children : group ? group.children : root).push(entry);
    stack.push({ indent, item: entry });
  }
  return root;
}

/** Columns of leading whitespace; a tab counts as 4 like in CommonMark list continuation. */
function indentWidth(whitespace: string): number {
  let width = 0;
  for (const char of whitespace) width += char === '\t' ? 4 - (width % 4) : 1;
  return width;
}

/** `[title](destination "optional title")`, with nested brackets and escapes in the title. */
export function parseLink(text: string): { title: string; destination: string } | undefined {
  if (!text.startsWith('[')) return undefined;
  let depth = 0;
  let close = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') {
      i++;
      continue;
    }
    if (char === '[') depth++;
    else if (char === ']' && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close < 0 || text[close + 1] !== '(' || !text.endsWith(')')) return undefined;
  const title = unescapeMarkdown(text.slice(1, close).trim());
  let inner = text.slice(close + 2, -1).trim();
  let destination: string;
  if (inner.startsWith('<')) {
    const end = inner.indexOf('>');
    if (end < 0) return undefined;
    destination = inner.slice(1, end);
  } else {
    // An optional link title follows the destination after whitespace.
    inner = inner.replace(/\s+(?:"[^"]*"|'[^']*'|\([^)]*\))$/, '');
    if (/\s/.test(inner)) return undefined;
    destination = inner;
  }
  return { title, destination: unescapeMarkdown(destination) };
}

function unescapeMarkdown(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** Normalize a SUMMARY destination to a page file path inside the space, or fail clearly. */
function pageFile(destination: string, file: string, line: number): string {
  let path = destination.replace(/[?#].*$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    throw new SiteFolderError(
      file,
      `line ${line}`,
      `malformed percent-encoding in "${destination}"`,
    );
  }
  if (path.endsWith('/') || path === '') path += 'README.md';
  const normalized = posix.normalize(path.replace(/^\/+/, ''));
  if (normalized === '..' || normalized.startsWith('../') || normalized.includes('\0')) {
    throw new SiteFolderError(file, `line ${line}`, `"${destination}" points outside the space`);
  }
  if (!normalized.toLowerCase().endsWith('.md')) {
    throw new SiteFolderError(
      file,
      `line ${line}`,
      `"${destination}" is not a markdown (.md) page`,
    );
  }
  return normalized;
}
