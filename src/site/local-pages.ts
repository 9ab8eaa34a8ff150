import type { Page } from '../api/schemas/index.ts';
import { SiteModelError } from './errors.ts';
import { safeSegments, urlFor } from './paths.ts';
import { ancestorsOf, buildTree, hasHtml, type PageNode } from './tree.ts';
import type { LocalPageInput } from './types.ts';
import { describePage } from './urls.ts';

/**
 * Where local pages (`--pages`) go among the platform's: each becomes a document page of a site
 * space's tree, so URLs, sidebar, breadcrumbs, pagination and search treat it like any other.
 * A page that `replaces` a platform page takes that page's id, path and place (links to it keep
 * working); any other keeps the URL of its file path, and may not take a platform page's URL.
 */

/** A site space as placed in the site, with its platform pages. */
export interface PlacedSpace {
  siteSpaceId: string;
  section?: { id: string; path: string };
  /** The default site space of its section (or of a site without sections). */
  isDefault: boolean;
  /** The default section (or no sections). */
  sectionIsDefault: boolean;
  rootSegments: string[];
  pages: readonly Page[];
}

/** One site space's tree with its local pages in it. */
export interface LocalEdits {
  pages: Page[];
  /** Page id → the local page at it. */
  local: Map<string, LocalPageInput & { replaced?: string }>;
}

/** Ids of local pages that replace nothing: `local:<path>` (the model tracks them by key, not by this prefix). */
const LOCAL_ID_PREFIX = 'local:';

interface PlatformPage {
  space: PlacedSpace;
  node: PageNode;
}

/** The site spaces' trees with the local pages placed in them, by site space id. */
export function placeLocalPages(
  base: string,
  spaces: readonly PlacedSpace[],
  localPages: readonly LocalPageInput[],
): Map<string, LocalEdits> {
  const edits = new Map<string, LocalEdits>();
  if (localPages.length === 0) return edits;
  const byPath = indexPlatformPages(spaces);
  // Arrays of pages already copied from the snapshot's (and so free to change).
  const copied = new WeakSet<Page[]>();
  const editsOf = (space: PlacedSpace) => {
    let entry = edits.get(space.siteSpaceId);
    if (!entry) {
      entry = { pages: [...space.pages], local: new Map() };
      copied.add(entry.pages);
      edits.set(space.siteSpaceId, entry);
    }
    return entry;
  };
  const replacedBy = new Map<string, string>();
  for (const local of localPages) {
    const find = (field: string, raw: string): PlatformPage => {
      const found = byPath.get(pathKey(raw));
      if (!found)
        throw new SiteModelError(
          `local page ${local.file}: front matter "${field}": no platform page at ${JSON.stringify(raw)} (give its URL path below the base, e.g. guides/install)`,
        );
      return found;
    };
    if (local.replaces !== undefined) {
      const target = find('replaces', local.replaces);
      const key = `${target.space.siteSpaceId}:${target.node.page.id}`;
      const previous = replacedBy.get(key);
      if (previous)
        throw new SiteModelError(
          `local pages ${previous} and ${local.file} both replace ${describePage(target.node.page.title, target.space.siteSpaceId)}`,
        );
      replacedBy.set(key, local.file);
      const entry = editsOf(target.space);
      const siblings = editableSiblings(entry.pages, target.node, copied);
      const at = siblings.findIndex((page) => page.id === target.node.page.id);
      siblings[at] = replacement(siblings[at] as Page, local);
      entry.local.set(target.node.page.id, { ...local, replaced: target.node.page.title });
      continue;
    }
    const clash = byPath.get(local.segments.join('/'));
    if (clash)
      throw new SiteModelError(
        `local page ${local.file} would take the URL ${urlFor(base, local.segments)} of ${describePage(clash.node.page.title, clash.space.siteSpaceId)}: add "replaces: ${local.segments.join('/')}" to its front matter to replace that page, or move the file`,
      );
    const page = localPage(local);
    const anchorPath = local.sidebar?.before ?? local.sidebar?.after;
    if (anchorPath !== undefined) {
      const anchor = find(
        local.sidebar?.before !== undefined ? 'sidebar.before' : 'sidebar.after',
        anchorPath,
      );
      if (local.section !== undefined && !sectionMatches(anchor.space, local.section))
        throw new SiteModelError(
          `local page ${local.file}: front matter "section" ${JSON.stringify(local.section)} is not the section of ${JSON.stringify(anchorPath)}`,
        );
      const entry = editsOf(anchor.space);
      const siblings = editableSiblings(entry.pages, anchor.node, copied);
      const at = siblings.findIndex((p) => p.id === anchor.node.page.id);
      siblings.splice(local.sidebar?.before !== undefined ? at : at + 1, 0, page);
      entry.local.set(page.id, local);
      continue;
    }
    const space = homeSpaceOf(spaces, local);
    const entry = editsOf(space);
    entry.pages.push(page);
    entry.local.set(page.id, local);
  }
  return edits;
}

/** `/Guides/Install/` → `guides/install`: how front matter names a page. */
function pathKey(raw: string): string {
  return safeSegments(raw).join('/');
}

/** Every platform page with HTML by its URL path below the base (and a home page by its own path). */
function indexPlatformPages(spaces: readonly PlacedSpace[]): Map<string, PlatformPage> {
  const byPath = new Map<string, PlatformPage>();
  const below = (segments: string[]) => segments.join('/');
  for (const space of spaces) {
    const tree = buildTree(space.siteSpaceId, space.pages);
    const withHtml = tree.nodes.filter(hasHtml);
    const home = withHtml.find((node) => !node.hidden) ?? withHtml[0];
    for (const node of withHtml) {
      const own = below([...space.rootSegments, ...node.segments]);
      if (!byPath.has(own)) byPath.set(own, { space, node });
      if (node === home) {
        const root = below(space.rootSegments);
        if (!byPath.has(root)) byPath.set(root, { space, node });
      }
    }
  }
  return byPath;
}

function sectionMatches(space: PlacedSpace, section: string): boolean {
  if (!space.section) return false;
  return space.section.id === section || pathKey(space.section.path) === pathKey(section);
}

/** The site space a page without a sidebar anchor joins: its section's default, else the site's. */
function homeSpaceOf(spaces: readonly PlacedSpace[], local: LocalPageInput): PlacedSpace {
  if (local.section === undefined) {
    const space = spaces.find((s) => s.isDefault && s.sectionIsDefault) ?? spaces[0];
    if (!space)
      throw new SiteModelError(`local page ${local.file}: the site has no site space to join`);
    return space;
  }
  const inSection = spaces.filter((s) => sectionMatches(s, local.section as string));
  const space = inSection.find((s) => s.isDefault) ?? inSection[0];
  if (!space) {
    const known = [
      ...new Set(spaces.flatMap((s) => (s.section ? [s.section.path || s.section.id] : []))),
    ];
    throw new SiteModelError(
      `local page ${local.file}: front matter "section": no section ${JSON.stringify(local.section)}${known.length ? ` (sections: ${known.join(', ')})` : ' (the site has no sections)'}`,
    );
  }
  return space;
}

/**
 * The array holding `node` among its siblings in `roots`, copied on the way down so the
 * snapshot's revision is never changed (a loop: hostile trees can be deep).
 */
function editableSiblings(roots: Page[], node: PageNode, copied: WeakSet<Page[]>): Page[] {
  let siblings = roots;
  for (const ancestor of ancestorsOf(node)) {
    const at = siblings.findIndex((page) => page.id === ancestor.page.id);
    let page = siblings[at] as Page;
    if (!page.pages || !copied.has(page.pages)) {
      page = { ...page, pages: [...(page.pages ?? [])] };
      copied.add(page.pages as Page[]);
      siblings[at] = page;
    }
    siblings = page.pages as Page[];
  }
  return siblings;
}

/** A page for a local file that replaces nothing. */
function localPage(local: LocalPageInput): Page {
  return {
    id: `${LOCAL_ID_PREFIX}${local.segments.join('/')}`,
    title: local.title,
    type: 'document',
    path: local.segments.join('/'),
    ...(local.description ? { description: local.description } : {}),
    ...(local.sidebar?.hidden ? { hidden: true } : {}),
  };
}

/** The replaced page's id, path, place and children, with the local page's title. */
function replacement(replaced: Page, local: LocalPageInput): Page {
  return {
    id: replaced.id,
    title: local.title,
    type: 'document',
    ...(replaced.path !== undefined ? { path: replaced.path } : {}),
    ...(replaced.slug !== undefined ? { slug: replaced.slug } : {}),
    ...(local.description ? { description: local.description } : {}),
    ...(replaced.pages ? { pages: replaced.pages } : {}),
    ...(replaced.git ? { git: replaced.git } : {}),
    hidden: local.sidebar?.hidden ?? replaced.hidden ?? false,
  };
}
