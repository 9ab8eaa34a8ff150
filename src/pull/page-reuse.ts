import type { File, Page, Revision } from '../api/schemas/index.ts';
import { fingerprintOf } from './files.ts';
import { walkPages } from './pages.ts';

/**
 * Decides which pages of a new revision can keep the markdown the previous snapshot holds for
 * them, so a pull after a small edit fetches only what may have changed (docs/snapshot.md,
 * "Page reuse"). The platform rewrites references inside a page's markdown, so a page's
 * markdown can change while its own record does not: a page is reused only when its record,
 * its place in the tree, and everything its old markdown refers to are provably the same.
 * Anything not understood means "fetch".
 */

/** A revision as stored: the page tree (without markdown) and the files the pull listed. */
export interface StoredRevision {
  pages: readonly Page[];
  files: readonly File[];
  reusableContents?: Revision['reusableContents'];
}

// Destinations as markdown, HTML attributes and liquid blocks write them; code is not masked,
// so a link shown in a code block only makes the decision more cautious.
// A destination may hold balanced parentheses (`image%20(1).png`, as the platform writes its
// most common upload names) or, in `<…>`, spaces.
const DESTINATIONS = [
  /\]\([ \t]*<([^<>\n]+)>/g,
  /\]\([ \t]*((?:[^\s()<>]|\([^\s()<>]*\))+)/g,
  /^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+)/gm,
  /(?<![\w-])(?:src|href|url|poster|srcset)[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)')/gi,
  /\{%[ \t]*include[ \t]+(?:"([^"]*)"|'([^']*)')/g,
];
const STABLE_REF = /^\/(pages|files|reusable-content)\/([^/?#]+)(?:[?#].*)?$/;
const SCHEME = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const MENTIONS_REUSABLE = /\{%[ \t]*include|reusable-content/i;

export class PageReuse {
  readonly #old: Map<string, { page: Page; key: string }>;
  readonly #new: Map<string, { page: Page; key: string }>;
  readonly #layoutSame: boolean;
  readonly #reusablesSame: boolean;
  readonly #oldFileByUrl: Map<string, File>;
  readonly #newFiles: Map<string, File>;
  /** Origins that serve the revisions' files: a URL there that is no known file is not understood. */
  readonly #fileOrigins: Set<string | undefined>;

  constructor(previous: StoredRevision, next: StoredRevision) {
    this.#old = pageKeys(previous.pages);
    this.#new = pageKeys(next.pages);
    this.#layoutSame = layoutOf(previous) === layoutOf(next);
    this.#reusablesSame =
      JSON.stringify(previous.reusableContents ?? []) ===
      JSON.stringify(next.reusableContents ?? []);
    this.#oldFileByUrl = new Map(previous.files.map((f) => [f.downloadURL, f]));
    this.#newFiles = new Map(next.files.map((f) => [f.id, f]));
    this.#fileOrigins = new Set(
      [...previous.files, ...next.files].map((f) => originOf(f.downloadURL)),
    );
  }

  /**
   * The markdown page `pageId` has in the new revision, derived from `oldMarkdown` (what it had
   * in the previous one) when that is provably right; undefined when the page must be fetched.
   * The one rewrite: a file whose content is unchanged but whose download URL changed (URLs
   * may name the revision) gets its new URL, as the platform would write it.
   */
  reusedMarkdown(pageId: string, oldMarkdown: string | undefined): string | undefined {
    const before = this.#old.get(pageId);
    const after = this.#new.get(pageId);
    if (oldMarkdown === undefined || !before || !after) return undefined;
    // Computed pages are generated from sources the tree does not describe.
    if (after.page.type !== 'document') return undefined;
    if (before.key !== after.key) return undefined;
    if (!this.#reusablesSame && MENTIONS_REUSABLE.test(oldMarkdown)) return undefined;
    const moved = new Map<string, string>();
    for (const destination of destinations(oldMarkdown)) {
      const file = this.#oldFileByUrl.get(destination);
      if (file) {
        const now = this.#newFiles.get(file.id);
        if (!now || fingerprintOf(now) !== fingerprintOf(file)) return undefined;
        if (now.downloadURL !== destination) moved.set(destination, now.downloadURL);
      } else if (!this.#unchanged(destination)) return undefined;
    }
    let markdown = oldMarkdown;
    for (const [from, to] of moved) markdown = markdown.replaceAll(from, to);
    return markdown;
  }

  /** Whether what `destination` (not one of the old files' URLs) points at is the same in both revisions. */
  #unchanged(destination: string): boolean {
    if (destination.startsWith('#')) return true; // within the page itself
    const stable = STABLE_REF.exec(destination);
    if (stable) {
      const [, kind, id = ''] = stable;
      if (kind === 'pages') return this.#old.has(id) && this.#new.has(id);
      if (kind === 'files') return this.#newFiles.has(id);
      return this.#reusablesSame;
    }
    if (SCHEME.test(destination)) {
      // Another host's URL does not depend on the revision; one where files live might.
      const origin = originOf(destination);
      return origin !== undefined && !this.#fileOrigins.has(origin);
    }
    // A relative path resolves against the tree: safe only if no page or file moved.
    return this.#layoutSame;
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function destinations(markdown: string): string[] {
  const out: string[] = [];
  for (const pattern of DESTINATIONS) {
    for (const match of markdown.matchAll(pattern)) {
      const value = (match[1] ?? match[2] ?? '').trim();
      if (value) out.push(value);
    }
  }
  return out;
}

/**
 * A page's record and its place: every field but its children, with its ancestors' ids and
 * paths, so a move or a parent's rename counts as a change.
 */
function pageKeys(pages: readonly Page[]): Map<string, { page: Page; key: string }> {
  const keys = new Map<string, { page: Page; key: string }>();
  // The ancestors as a flat list of `[id, path]`: a chain stringified into its child's chain
  // would be escaped again at each level, doubling its length (2^depth characters: a tree 27
  // levels deep passed V8's longest string, and the pull fetched every page after seconds).
  const visit = (list: readonly Page[], chain: readonly (readonly [string, string | null])[]) => {
    for (const page of list) {
      if (keys.has(page.id)) continue;
      const { pages: children, markdown: _markdown, ...record } = page;
      const key = JSON.stringify([chain, record]);
      keys.set(page.id, { page, key });
      if (children) visit(children, [...chain, [page.id, page.path ?? null]]);
    }
  };
  // The API layer cuts trees at MAX_PAGE_DEPTH, so this recursion is bounded.
  visit(pages, []);
  return keys;
}

/** Where every page and file is: what relative paths in markdown resolve against. */
function layoutOf(revision: StoredRevision): string {
  const pages = [...walkPages(revision.pages)].map((p) => [
    p.id,
    p.type ?? p.kind ?? null,
    p.path ?? null,
    p.slug ?? null,
    p.git?.path ?? null,
  ]);
  const files = revision.files.map((f) => [f.id, f.name, f.git?.path ?? null]);
  const reusables = (revision.reusableContents ?? []).map((r) => [r.id, r.git?.path ?? null]);
  return JSON.stringify([pages, files, reusables]);
}
