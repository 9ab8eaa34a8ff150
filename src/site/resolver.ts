import type { ReusableContent } from '../api/schemas/index.ts';
import { emojiOf } from '../markdown/emoji.ts';
import type {
  FileReference,
  PageReference,
  ResolvedFile,
  ResolvedPage,
  Resolver,
  ResponsiveImage,
  ReusableContentReference,
} from '../markdown/index.ts';
import { type AssetIndex, fileByPath } from './assets.ts';
import type { PageNode } from './tree.ts';
import type { AssetModel } from './types.ts';

/**
 * References in page markdown → built URLs, across the spaces of the site. Paths in references
 * arrive resolved against the page's file path by the markdown parser (`parseReference`), so
 * they are space-root-relative here. Every lookup is a map hit: a page renders in O(links).
 */

/**
 * Where a reference to a page lands, as markdown shows it (`landingPage`); `null`: the page is
 * there but leads nowhere (a group with no page below it), which is not the same as no page.
 */
export type PageTarget = ResolvedPage | null;

/** Reusable content as a reference includes it. */
export interface ReusableEntry {
  markdown: string;
  path?: string;
}

/** One site space's pages and reusable content, by the ways references name them. */
export interface SiteSpaceRefs {
  siteSpaceId: string;
  spaceId: string;
  home?: PageTarget;
  byId: Map<string, PageTarget>;
  /** By file path in the space (`guides/install.md`, `guides/README.md`). */
  byFile: Map<string, PageTarget>;
  /** By page path (`guides/install`), as app URLs write it. */
  byPath: Map<string, PageTarget>;
  reusableById: Map<string, ReusableEntry>;
  reusableByPath: Map<string, ReusableEntry>;
}

/**
 * Everything references resolve against, as plain data: the markdown workers are sent a copy
 * (structured clone) instead of building the whole site model again, which for a large site was
 * most of each worker's heap.
 */
export interface ResolverData {
  siteSpaces: ReadonlyMap<string, SiteSpaceRefs>;
  /** Site spaces showing each space, in site order. */
  siteSpacesOfSpace: ReadonlyMap<string, readonly string[]>;
  files: Pick<AssetIndex, 'spaces' | 'byDownloadUrl'>;
  /** Responsive variants of the files that have them, by content hash (src/images). */
  images?: ReadonlyMap<string, ResponsiveImage>;
  /** Spaces the site does not show that the platform knows, by space id (`LinkedSpace`). */
  linkedSpaces?: Readonly<Record<string, LinkedSpace>>;
}

/**
 * A space of the organization the site does not show, as the pull found it: where the platform
 * publishes it, and its app URL, where the platform links a space published nowhere.
 */
export interface LinkedSpace {
  title: string;
  published?: string;
  app?: string;
}

const trimPath = (path: string) => path.replace(/^(\.\/|\/)+|\/+$/g, '');

/** The file path of a page in its space: `git.path`, else `<path>.md` (Git Sync layout). */
export function sourcePathOf(node: PageNode): string {
  const git = node.page.git?.path;
  if (git) return trimPath(git);
  const path = trimPath(node.page.path ?? '') || node.segments.join('/');
  return `${path || 'README'}.md`;
}

/** `urlOf`: the canonical URL of a page with HTML; undefined for groups and links. */
export function indexSiteSpace(
  siteSpaceId: string,
  spaceId: string,
  nodes: readonly PageNode[],
  home: PageNode | undefined,
  reusable: readonly ReusableContent[],
  urlOf: (node: PageNode) => string | undefined,
): SiteSpaceRefs {
  const targets = new Map<PageNode, PageTarget>();
  const targetOf = (node: PageNode): PageTarget => {
    let target = targets.get(node);
    if (target === undefined) {
      target = pageTarget(node, urlOf);
      targets.set(node, target);
    }
    return target;
  };
  const refs: SiteSpaceRefs = {
    siteSpaceId,
    spaceId,
    ...(home ? { home: targetOf(home) } : {}),
    byId: new Map(),
    byFile: new Map(),
    byPath: new Map(),
    reusableById: new Map(),
    reusableByPath: new Map(),
  };
  const put = (map: Map<string, PageTarget>, key: string, node: PageNode) => {
    if (!map.has(key)) map.set(key, targetOf(node));
  };
  for (const node of nodes) {
    refs.byId.set(node.page.id, targetOf(node));
    const raw = trimPath(node.page.path ?? '');
    if (raw) put(refs.byPath, raw, node);
    put(refs.byPath, node.segments.join('/'), node);
    put(refs.byFile, sourcePathOf(node), node);
    if (!node.page.git?.path && raw) put(refs.byFile, `${raw}/README.md`, node);
  }
  for (const content of reusable) {
    if (content.markdown === undefined) continue;
    const path = content.git?.path ? trimPath(content.git.path) : undefined;
    const entry: ReusableEntry = { markdown: content.markdown, ...(path ? { path } : {}) };
    refs.reusableById.set(content.id, entry);
    if (path) refs.reusableByPath.set(path, entry);
  }
  return refs;
}

/** A page as a link to it shows it: where it lands, with that page's title and icon. */
function pageTarget(node: PageNode, urlOf: (node: PageNode) => string | undefined): PageTarget {
  const landing = landingPage(node, urlOf);
  if (!landing) return null;
  const { page } = landing.node;
  const emoji = emojiOf(page.emoji);
  return {
    url: landing.url,
    title: page.title,
    ...(emoji ? { emoji } : {}),
    ...(page.icon ? { icon: page.icon } : {}),
  };
}

/**
 * The page a reference names: by its id first (a page keeps its id when it moves), then by its
 * file path, then by its page path, as the platform resolves a reference that names both.
 */
function pageAt(refs: SiteSpaceRefs, ref: PageReference): PageTarget | undefined {
  const byId = ref.pageId !== undefined ? refs.byId.get(ref.pageId) : undefined;
  if (byId !== undefined) return byId;
  if (ref.path !== undefined) {
    const path = trimPath(ref.path);
    const found = refs.byFile.get(path);
    if (found !== undefined) return found;
    // `README.md` of a folder is the folder's page; the space's own README is its first page.
    const readme = /(^|\/)readme\.md$/i.exec(path);
    if (readme) {
      const folder = path.slice(0, readme.index);
      const inFolder = folder === '' ? refs.home : refs.byPath.get(folder);
      if (inFolder !== undefined) return inFolder;
    }
  }
  if (ref.pagePath !== undefined) {
    const path = trimPath(ref.pagePath);
    return path === '' ? refs.home : refs.byPath.get(path);
  }
  return undefined;
}

/**
 * Where a link to a page lands: the page itself when it has a URL; for a group (no page of its
 * own) its first page below it with one, as the platform opens a group's URL at its first page.
 * A visible page is preferred, so a reader is not sent to a hidden one when another is there.
 */
export function landingPage(
  node: PageNode,
  urlOf: (node: PageNode) => string | undefined,
): { node: PageNode; url: string } | undefined {
  const own = urlOf(node);
  if (own !== undefined) return { node, url: own };
  if (node.kind !== 'group') return undefined;
  let hidden: { node: PageNode; url: string } | undefined;
  const stack = [...node.children].reverse();
  while (stack.length > 0) {
    const at = stack.pop() as PageNode;
    const url = urlOf(at);
    if (url !== undefined) {
      if (!at.hidden) return { node: at, url };
      hidden ??= { node: at, url };
    }
    for (let i = at.children.length - 1; i >= 0; i--) stack.push(at.children[i] as PageNode);
  }
  return hidden;
}

/** The resolver for pages of one site space: references without a space stay in it. */
export function createResolver(data: ResolverData, siteSpaceId: string): Resolver {
  const current = data.siteSpaces.get(siteSpaceId);
  // A space id names the content; pick the site space showing it: this one if it does.
  const refsFor = (spaceId: string | undefined): SiteSpaceRefs | undefined => {
    if (spaceId === undefined || spaceId === current?.spaceId) return current;
    const first = data.siteSpacesOfSpace.get(spaceId)?.[0];
    return first === undefined ? undefined : data.siteSpaces.get(first);
  };
  const filesFor = (spaceId: string | undefined) =>
    data.files.spaces.get(spaceId ?? current?.spaceId ?? '');

  return {
    page(ref: PageReference): ResolvedPage | undefined {
      const refs = refsFor(ref.spaceId);
      if (!refs && ref.spaceId !== undefined) return publishedElsewhere(data, ref);
      return (refs ? pageAt(refs, ref) : undefined) ?? undefined;
    },
    file(ref: FileReference): ResolvedFile | undefined {
      let asset: AssetModel | undefined;
      if (ref.fileId !== undefined) asset = filesFor(ref.spaceId)?.byId.get(ref.fileId);
      else if (ref.path !== undefined) asset = fileByPath(filesFor(ref.spaceId), ref.path);
      else if (ref.url !== undefined) asset = data.files.byDownloadUrl.get(ref.url);
      return asset ? resolvedFile(asset, data.images?.get(asset.sha256)) : undefined;
    },
    knowsSpace(spaceId: string): boolean {
      return refsFor(spaceId) !== undefined || linkedSpaceOf(data, spaceId) !== undefined;
    },
    reusableContent(ref: ReusableContentReference) {
      const refs = refsFor(ref.spaceId);
      if (!refs) return undefined;
      return ref.id !== undefined
        ? refs.reusableById.get(ref.id)
        : ref.path !== undefined
          ? refs.reusableByPath.get(trimPath(ref.path))
          : undefined;
    },
  };
}

/**
 * A page of a space the site does not show, where the platform links it: below the URL it
 * publishes that space at, else below the space's app URL (a space published nowhere opens in
 * the app, for members of the organization): the path the link names, else the space's root.
 * A space the pull could not read (another organization's, a deleted one) leaves it broken.
 */
function publishedElsewhere(data: ResolverData, ref: PageReference): ResolvedPage | undefined {
  const space = ref.spaceId === undefined ? undefined : linkedSpaceOf(data, ref.spaceId);
  const at = space?.published ?? space?.app;
  if (!space || at === undefined) return undefined;
  const root = at.endsWith('/') ? at : `${at}/`;
  const below = ref.pagePath === undefined ? '' : trimPath(ref.pagePath);
  const segments = below === '' ? [] : below.split('/').map(encodeURIComponent);
  return { url: `${root}${segments.join('/')}`, title: space.title };
}

/** The linked space of that id, if the pull found it. */
export function linkedSpaceOf(data: ResolverData, spaceId: string): LinkedSpace | undefined {
  return data.linkedSpaces && Object.hasOwn(data.linkedSpaces, spaceId)
    ? data.linkedSpaces[spaceId]
    : undefined;
}

function resolvedFile(asset: AssetModel, image: ResponsiveImage | undefined): ResolvedFile {
  return {
    url: asset.url,
    name: asset.name,
    size: asset.size,
    sha256: asset.sha256,
    spaceId: asset.spaceId,
    ...(asset.contentType !== undefined ? { contentType: asset.contentType } : {}),
    ...(asset.width !== undefined ? { width: asset.width } : {}),
    ...(asset.height !== undefined ? { height: asset.height } : {}),
    ...(image ? { image } : {}),
  };
}

/** A page reference as an href with its `#anchor` (the renderer appends anchors itself). */
export function hrefOf(resolver: Resolver, ref: PageReference): string | undefined {
  const found = resolver.page(ref);
  if (!found) return undefined;
  return ref.anchor ? `${found.url}#${encodeURIComponent(ref.anchor)}` : found.url;
}
