import type { ContentRef } from '../api/schemas/common.ts';
import { emojiOf } from '../markdown/emoji.ts';
import type { PageReference, Resolver, ResponsiveImage } from '../markdown/index.ts';
import { parseReference } from '../markdown/reference.ts';
import { isSafeAbsoluteUrl } from '../markdown/url-scheme.ts';
import type { StructureSection, StructureSiteSpace } from '../snapshot/format.ts';
import {
  type AssetIndex,
  buildAssets,
  pathOf,
  type StoredSpaceFile,
  storedFilesOf,
} from './assets.ts';
import { breadcrumbsFor } from './breadcrumbs.ts';
import { type EditLink, editLinkOf } from './edit-links.ts';
import { SiteModelError } from './errors.ts';
import { type LanguageAlternate, languageAlternates } from './languages.ts';
import { type LocalEdits, placeLocalPages } from './local-pages.ts';
import { buildTabs, siteSpaceLinks } from './navigation.ts';
import { paginationFor, readingOrder } from './pagination.ts';
import { normalizeBase, outputFileFor, urlFor } from './paths.ts';
import {
  createResolver,
  hrefOf,
  indexSiteSpace,
  linkedSpaceOf,
  type ResolverData,
  type SiteSpaceRefs,
  sourcePathOf,
} from './resolver.ts';
import { buildNavTree, type NavTree, type SidebarLimits, sidebarFor } from './sidebar.ts';
import { buildTree, hasHtml, type PageNode, type SpaceTree } from './tree.ts';
import type {
  AliasModel,
  AssetModel,
  Breadcrumb,
  CoverModel,
  PageLayoutModel,
  PageLink,
  PageModel,
  Pagination,
  RevisionContent,
  SectionModel,
  SidebarItem,
  SiteModelInput,
  SiteSpaceLink,
  SiteSpaceModel,
  Tab,
} from './types.ts';
import { describePage, siteSpaceRootSegments, UrlClaims } from './urls.ts';

/** A link target as the API writes it (link pages, header and footer links). */

interface SpaceState {
  model: SiteSpaceModel;
  tree: SpaceTree;
  nav: NavTree;
  order: PageNode[];
  position: Map<string, number>;
  /** Safe page path → key of the page with HTML there (for the site space switcher). */
  byPath: Map<string, string>;
  /** Keys of local pages that replace no platform page. */
  localOnly: Set<string>;
  resolver?: Resolver;
}

/**
 * Everything the pages need, decided from the snapshot alone: URLs, navigation, sidebar,
 * breadcrumbs, pagination, references, assets. No rendering and no I/O.
 */
export class SiteModel {
  readonly base: string;
  readonly title: string;
  /** The site is not public (unlisted, share link…): every page is `noindex`. */
  readonly noIndex: boolean;
  readonly sections: SectionModel[] = [];
  readonly siteSpaces: SiteSpaceModel[] = [];
  readonly tabs: Tab[];
  /** Pages with HTML, in site order (sections, then site spaces, then reading order). */
  readonly pages: PageModel[] = [];
  readonly aliases: AliasModel[] = [];
  /** Every stored file once, for the build to copy. */
  readonly assets: AssetModel[];
  /** What the model had to leave out of the snapshot's structure, one line each. */
  readonly warnings: string[] = [];

  readonly #spaces = new Map<string, SpaceState>();
  readonly #nodes = new Map<string, PageNode>();
  readonly #pages = new Map<string, PageModel>();
  readonly #urls = new Map<string, string>();
  readonly #assetIndex: AssetIndex;
  readonly #git: SiteModelInput['git'];
  readonly #language: string | undefined;
  #alternates?: Map<string, LanguageAlternate[]>;
  #resolverData: ResolverData;
  #pagesByUrl: Map<string, PageModel> | undefined;

  constructor(input: SiteModelInput) {
    this.base = normalizeBase(input.base ?? input.site.basename);
    this.title = input.site.title;
    this.noIndex = input.site.visibility !== undefined && input.site.visibility !== 'public';
    this.#git = input.git;
    this.#language = input.site.language;
    this.#assetIndex = buildAssets(this.base, input.manifest, input.revisions);
    this.assets = this.#assetIndex.all;
    this.warnings.push(...this.#assetIndex.warnings);

    const claims = new UrlClaims();
    const placedSpaces = placeSiteSpaces(input);
    this.#separateRoots(placedSpaces, claims);
    const localEdits = placeLocalPages(
      this.base,
      placedSpaces.map((placed) => ({
        siteSpaceId: placed.siteSpace.id,
        ...(placed.section
          ? { section: { id: placed.section.id, path: placed.section.path } }
          : {}),
        isDefault: placed.isDefault,
        sectionIsDefault: placed.section ? placed.sectionIsDefault : true,
        rootSegments: placed.rootSegments,
        pages: input.revisions.get(placed.siteSpace.spaceId)?.pages ?? [],
      })),
      input.localPages ?? [],
    );
    const pending = placedSpaces.map((placed) =>
      this.#addSiteSpace(input, placed, localEdits.get(placed.siteSpace.id)),
    );
    this.#placePages(pending, claims);
    this.warnings.push(...claims.warnings);
    this.#pointSectionsAtVisiblePages();

    this.tabs = buildTabs(this.sections, input.structure.sectionGroups);
    const refs = new Map<string, SiteSpaceRefs>();
    const ofSpace = new Map<string, string[]>();
    for (const [id, state] of this.#spaces) {
      const revision = input.revisions.get(state.model.spaceId) as RevisionContent;
      const home = state.model.homeKey ? this.#nodes.get(state.model.homeKey) : undefined;
      refs.set(
        id,
        indexSiteSpace(
          id,
          state.model.spaceId,
          // Platform markdown links to platform pages (and to pages a local one replaced).
          state.tree.nodes.filter((node) => !state.localOnly.has(node.key)),
          home,
          revision.reusableContents ?? [],
          (node) => this.#urls.get(node.key),
        ),
      );
      ofSpace.set(state.model.spaceId, [...(ofSpace.get(state.model.spaceId) ?? []), id]);
    }
    this.#resolverData = {
      siteSpaces: refs,
      siteSpacesOfSpace: ofSpace,
      files: { spaces: this.#assetIndex.spaces, byDownloadUrl: this.#assetIndex.byDownloadUrl },
      ...(input.linkedSpaces ? { linkedSpaces: input.linkedSpaces } : {}),
    };
    for (const state of this.#spaces.values()) {
      const changed = input.changes?.get(state.model.spaceId);
      state.nav = buildNavTree(state.tree.roots, {
        urlOf: (node) => this.#urls.get(node.key),
        ...(changed ? { changeOf: (node: PageNode) => changed.get(node.page.id) } : {}),
        linkOf: (node) => {
          const target = this.resolveContentRef(
            node.page.target ?? (node.page.href ? { kind: 'url', url: node.page.href } : null),
            node.siteSpaceId,
          );
          if (!target || target.external) return target;
          const page = this.#pageAt(target.url);
          // The sidebar is navigation: a visible link page never leads to a hidden page.
          if (page?.hidden && !node.hidden) {
            this.warnings.push(
              `link page ${JSON.stringify(node.page.title)} (space ${node.siteSpaceId}) leads to hidden ${describePage(page.title, page.siteSpaceId)}: left out of the sidebar`,
            );
            return undefined;
          }
          return { ...target, ...this.#placeOf(page) };
        },
      });
    }
  }

  #addSiteSpace(
    input: SiteModelInput,
    placed: PlacedSiteSpace,
    local: LocalEdits | undefined,
  ): PendingSpace {
    const { siteSpace, section, rootSegments } = placed;
    const revision = input.revisions.get(siteSpace.spaceId);
    if (!revision) {
      throw new SiteModelError(
        `no revision for space ${siteSpace.spaceId} (site space ${siteSpace.id}): pull again`,
      );
    }
    const tree = buildTree(siteSpace.id, local?.pages ?? revision.pages);
    this.warnings.push(...tree.repeats);
    const withHtml = tree.nodes.filter(hasHtml);
    const localOnly = new Set(
      withHtml
        .filter((node) => {
          const fromFile = local?.local.get(node.page.id);
          return fromFile !== undefined && !fromFile.replaced;
        })
        .map((node) => node.key),
    );
    // A local page lives at its file path: it becomes the space's home only by replacing it.
    const platform = withHtml.filter((node) => !localOnly.has(node.key));
    const home = platform.find((node) => !node.hidden) ?? platform[0];
    const rootUrl = urlFor(this.base, rootSegments);
    const changeRequest = input.manifest.spaces.find(
      (s) => s.spaceId === siteSpace.spaceId,
    )?.changeRequest;
    const model: SiteSpaceModel = {
      id: siteSpace.id,
      spaceId: siteSpace.spaceId,
      ...(section ? { sectionId: section.id } : {}),
      title: siteSpace.title,
      default: placed.isDefault,
      ...(siteSpace.condition ? { condition: siteSpace.condition } : {}),
      ...(siteSpace.language ? { language: siteSpace.language } : {}),
      url: rootUrl,
      ...(home ? { homeKey: home.key } : {}),
      ...(changeRequest ? { changeRequest } : {}),
    };
    this.siteSpaces.push(model);
    if (section) this.#addToSection(section, placed, model);

    const state: SpaceState = {
      model,
      tree,
      nav: { roots: [], byKey: new Map() },
      order: readingOrder(tree.nodes),
      position: new Map(),
      byPath: new Map(),
      localOnly,
    };
    for (const [i, node] of state.order.entries()) state.position.set(node.key, i);
    this.#spaces.set(siteSpace.id, state);

    const pages: PendingPage[] = withHtml.map((node) => {
      const fromFile = local?.local.get(node.page.id);
      const owner = fromFile
        ? `local page ${fromFile.file}${fromFile.replaced ? ` (replacing ${describePage(fromFile.replaced, siteSpace.id)})` : ''}`
        : describePage(node.page.title, siteSpace.id);
      const segments =
        fromFile && !fromFile.replaced ? fromFile.segments : [...rootSegments, ...node.segments];
      return { node, owner, segments, ...(fromFile ? { file: fromFile.file } : {}) };
    });
    return { state, home, pages };
  }

  /**
   * Two site spaces whose roots meet (a section path that cleans to nothing, two paths equal
   * but for case…): the first in site order keeps the root, a later one moves to a
   * disambiguated root, and all its pages with it. Done before any page is placed.
   */
  #separateRoots(placed: PlacedSiteSpace[], claims: UrlClaims): void {
    for (const entry of placed) {
      const owner = `the root of site space ${entry.siteSpace.id}`;
      const url = claims.claim(this.base, entry.rootSegments, owner, entry.siteSpace.id);
      if (url !== urlFor(this.base, entry.rootSegments))
        entry.rootSegments = url.slice(this.base.length, -1).split('/').map(decodeURIComponent);
    }
  }

  /**
   * Gives every page with HTML its URL, in the order docs/urls.md documents: each space's first
   * page at the space root (the roots are already separate), then every other page at its own
   * path in site order (sections, their site spaces, then reading order), then the first pages'
   * own paths as aliases. A taken URL never fails the build: see `UrlClaims`.
   */
  #placePages(pending: readonly PendingSpace[], claims: UrlClaims): void {
    const urls = new Map<PageNode, string>();
    for (const { state, home } of pending) if (home) urls.set(home, state.model.url);
    for (const { home, pages } of pending) {
      for (const page of pages) {
        if (page.node === home) continue;
        urls.set(page.node, claims.claim(this.base, page.segments, page.owner, page.node.page.id));
      }
    }
    const aliases = new Map<PageNode, string[]>();
    for (const { state, home, pages } of pending) {
      const own = pages.find((page) => page.node === home);
      if (!home || !own) continue;
      const ownUrl = urlFor(this.base, own.segments);
      if (ownUrl === state.model.url) continue;
      const owner = `${own.owner} (its own path; the page is at ${state.model.url})`;
      if (!claims.claimAlias(ownUrl, owner)) continue;
      aliases.set(home, [ownUrl]);
      this.aliases.push({
        url: ownUrl,
        outputFile: outputFileFor(ownUrl, this.base),
        pageKey: home.key,
        canonicalUrl: state.model.url,
      });
    }
    for (const { state, pages } of pending) {
      for (const { node, file } of pages) {
        const url = urls.get(node) as string;
        this.#nodes.set(node.key, node);
        this.#urls.set(node.key, url);
        const path = node.segments.join('/');
        if (!state.byPath.has(path)) state.byPath.set(path, node.key);
        const page = this.#pageModel(node, state.model, url, aliases.get(node) ?? []);
        if (file) page.local = { file };
        this.pages.push(page);
        this.#pages.set(node.key, page);
      }
    }
  }

  #addToSection(section: StructureSection, placed: PlacedSiteSpace, model: SiteSpaceModel): void {
    let entry = this.sections.find((s) => s.id === section.id);
    if (!entry) {
      entry = {
        id: section.id,
        title: section.title,
        ...(section.description ? { description: section.description } : {}),
        ...(section.icon ? { icon: section.icon } : {}),
        ...(section.groupId ? { groupId: section.groupId } : {}),
        default: placed.sectionIsDefault,
        ...(section.condition ? { condition: section.condition } : {}),
        url: model.url,
        siteSpaceIds: [],
        defaultSiteSpaceId: model.id,
      };
      this.sections.push(entry);
    }
    entry.siteSpaceIds.push(model.id);
    if (placed.isDefault) {
      entry.url = model.url;
      entry.defaultSiteSpaceId = model.id;
    }
  }

  #pageModel(node: PageNode, space: SiteSpaceModel, url: string, aliases: string[]): PageModel {
    const { page } = node;
    const files = this.#assetIndex.spaces.get(space.spaceId);
    const asset = (ref: unknown) => {
      const id = (ref as { file?: unknown } | undefined)?.file;
      return typeof id === 'string' ? files?.byId.get(id) : undefined;
    };
    const light = asset(page.cover?.ref);
    const dark = asset(page.cover?.refDark);
    const cover: CoverModel | undefined = light
      ? {
          light,
          ...(dark ? { dark } : {}),
          ...(page.cover?.yPos !== undefined ? { yPos: page.cover.yPos } : {}),
          ...(page.cover?.height !== undefined ? { height: page.cover.height } : {}),
        }
      : undefined;
    const layout = page.layout ?? {};
    const layoutModel: PageLayoutModel = {
      width: layout.width === 'wide' ? 'wide' : 'default',
      cover: cover !== undefined && layout.cover !== false,
      coverSize: coverSizeOf(layout.coverSize),
      title: layout.title ?? true,
      description: layout.description ?? true,
      tableOfContents: layout.tableOfContents ?? true,
      outline: layout.outline ?? true,
      pagination: layout.pagination ?? true,
      // The platform shows these unless they are turned off.
      metadata: layout.metadata !== false,
      tags: layout.tags !== false,
      actions: layout.actions !== false,
    };
    const noIndex = page.noIndex === true;
    const computedType = node.kind === 'computed' ? page.computed?.type : undefined;
    // Only a document page is a file of the repository; a computed one is made by the platform.
    const gitPath = node.kind === 'computed' ? undefined : page.git?.path;
    return {
      key: node.key,
      pageId: page.id,
      siteSpaceId: space.id,
      spaceId: space.spaceId,
      ...(space.sectionId ? { sectionId: space.sectionId } : {}),
      kind: node.kind === 'computed' ? 'computed' : 'document',
      ...(typeof computedType === 'string' ? { computedType } : {}),
      title: page.title,
      navTitle: page.linkTitle || page.title,
      ...(emojiOf(page.emoji) ? { emoji: emojiOf(page.emoji) } : {}),
      ...(page.icon ? { icon: page.icon } : {}),
      ...(page.description ? { description: page.description } : {}),
      path: node.segments.join('/'),
      url,
      aliases,
      outputFile: outputFileFor(url, this.base),
      layout: layoutModel,
      ...(cover ? { cover } : {}),
      hidden: node.hidden,
      noIndex,
      indexable: !node.hidden && !noIndex,
      robotsNoIndex: noIndex || page.noRobotsIndex === true || this.noIndex,
      ...(page.updatedAt ? { updatedAt: page.updatedAt } : {}),
      source: { spaceId: space.spaceId, pageId: page.id, path: sourcePathOf(node) },
      ...(typeof gitPath === 'string' && gitPath ? { gitPath } : {}),
    };
  }

  #state(key: string): { node: PageNode; state: SpaceState } {
    const node = this.#nodes.get(key);
    const state = node ? this.#spaces.get(node.siteSpaceId) : undefined;
    if (!node || !state) throw new SiteModelError(`no page with key ${key} in the site model`);
    return { node, state };
  }

  /**
   * A section whose default site space has only hidden pages is entered (tabs, breadcrumbs) at
   * the first of its site spaces that has a visible one, so its tab never opens a hidden page.
   */
  #pointSectionsAtVisiblePages(): void {
    const visible = (siteSpaceId: string) => {
      const home = this.siteSpace(siteSpaceId)?.homeKey;
      return home !== undefined && this.#pages.get(home)?.hidden === false;
    };
    for (const section of this.sections) {
      if (visible(section.defaultSiteSpaceId)) continue;
      const other = section.siteSpaceIds.find(visible);
      const url = other ? this.siteSpace(other)?.url : undefined;
      if (url) section.url = url;
    }
  }

  /** The page at an internal URL (its own or an alias; `#anchor` ignored), if any. */
  #pageAt(url: string): PageModel | undefined {
    if (!this.#pagesByUrl) {
      this.#pagesByUrl = new Map();
      for (const page of this.pages) {
        for (const at of [page.url, ...page.aliases]) this.#pagesByUrl.set(at, page);
      }
    }
    return this.#pagesByUrl.get(url.replace(/#.*$/, ''));
  }

  /** The site space and section of a page, if any. */
  #placeOf(page: PageModel | undefined): { siteSpaceId?: string; sectionId?: string } {
    if (!page) return {};
    return {
      siteSpaceId: page.siteSpaceId,
      ...(page.sectionId ? { sectionId: page.sectionId } : {}),
    };
  }

  page(key: string): PageModel | undefined {
    return this.#pages.get(key);
  }

  /**
   * The key of the page's top-level entry in its site space's page tree (a group, a page with
   * its descendants, or the page itself): what a shard plan splits a large site space by.
   */
  topLevelKeyOf(key: string): string {
    let at = this.#state(key).node;
    while (at.parent) at = at.parent;
    return at.key;
  }

  siteSpace(id: string): SiteSpaceModel | undefined {
    return this.#spaces.get(id)?.model;
  }

  section(id: string): SectionModel | undefined {
    return this.sections.find((s) => s.id === id);
  }

  /** The file (relative to the output directory) for a page URL of this site; see paths.ts. */
  outputFileFor(url: string): string {
    return outputFileFor(url, this.base);
  }

  /**
   * Each site space of the page's section (or of a site without sections), for the switcher.
   * From a visible page it never leads to a hidden one: a twin hidden in the other site space
   * gives way to that site space's first page, and a site space with no visible page is left out.
   */
  siteSpaceLinks(key: string): SiteSpaceLink[] {
    const { node, state } = this.#state(key);
    const shows = (pageKey: string | undefined) =>
      pageKey !== undefined && (node.hidden || this.#pages.get(pageKey)?.hidden === false);
    const shown = this.siteSpaces.filter(
      (s) => s.sectionId === state.model.sectionId && (s.id === state.model.id || shows(s.homeKey)),
    );
    return siteSpaceLinks(
      { siteSpaceId: state.model.id, path: node.segments.join('/') },
      shown,
      (siteSpaceId, path) => {
        const found = this.#spaces.get(siteSpaceId)?.byPath.get(path);
        return shows(found) ? this.#urls.get(found as string) : undefined;
      },
    );
  }

  /**
   * The page's counterparts in the other language variants of its section, itself included,
   * then `x-default` (languages.ts); empty when it has none. URLs are under the base.
   */
  languageAlternatesFor(key: string): readonly LanguageAlternate[] {
    this.#alternates ??= languageAlternates(
      this.siteSpaces,
      this.pages.map((page) => ({
        key: page.key,
        siteSpaceId: page.siteSpaceId,
        path: page.path,
        url: page.url,
        indexable: !page.hidden && !page.robotsNoIndex,
      })),
      this.#language,
    );
    return this.#alternates.get(key) ?? [];
  }

  /**
   * "Edit on GitHub/GitLab" for a page of a Git-synced space that is a file of it (edit-links.ts);
   * whether pages show it is the site's `git.showEditLink`, the render's choice.
   */
  editLinkFor(key: string): EditLink | undefined {
    const page = this.#pages.get(key);
    if (!page?.gitPath || page.local) return undefined;
    const source = this.#git?.get(page.spaceId);
    return source ? editLinkOf(source, page.gitPath) : undefined;
  }

  /** The bounded sidebar of the page's site space, open on the page (see sidebar.ts). */
  sidebarFor(key: string, limits?: SidebarLimits): SidebarItem[] {
    const { node, state } = this.#state(key);
    let at: PageNode | undefined = node;
    while (at && !state.nav.byKey.has(at.key)) at = at.parent;
    const active = at ? state.nav.byKey.get(at.key) : undefined;
    return sidebarFor(state.nav, active, at === node, limits);
  }

  breadcrumbsFor(key: string): Breadcrumb[] {
    const { node, state } = this.#state(key);
    const section = state.model.sectionId ? this.section(state.model.sectionId) : undefined;
    return breadcrumbsFor(node, { section, siteSpace: state.model }, (n) => this.#urls.get(n.key));
  }

  paginationFor(key: string): Pagination {
    const { state } = this.#state(key);
    return paginationFor(state.order, state.position, key, (n) => this.#pageLink(n));
  }

  #pageLink(node: PageNode): PageLink | undefined {
    const page = this.#pages.get(node.key);
    if (!page) return undefined;
    return {
      key: page.key,
      title: page.navTitle,
      url: page.url,
      ...(page.emoji ? { emoji: page.emoji } : {}),
      ...(page.icon ? { icon: page.icon } : {}),
    };
  }

  /**
   * The responsive variants the image stage made, by content hash: files that have them resolve
   * with them (`ResolvedFile.image`). Set before the first page is rendered.
   */
  useImages(images: ReadonlyMap<string, ResponsiveImage>): void {
    this.#resolverData.images = images;
  }

  /** What `useImages` was given. */
  get images(): ReadonlyMap<string, ResponsiveImage> | undefined {
    return this.#resolverData.images;
  }

  /** What every page's references resolve against, as plain data (the markdown workers'). */
  get resolverData(): ResolverData {
    return this.#resolverData;
  }

  /** The markdown renderer's resolver for the page (one per site space, shared by its pages). */
  resolverFor(key: string): Resolver {
    return this.#resolverOf(this.#state(key).state);
  }

  /** A page reference from the page as an href, `#anchor` kept; undefined when broken. */
  hrefFor(key: string, ref: PageReference): string | undefined {
    return hrefOf(this.resolverFor(key), ref);
  }

  /**
   * A content reference (link pages; header, footer and announcement links): `{ kind: 'url',
   * url }`, `{ kind: 'page', page, space?, anchor? }` (to `page#anchor`), `{ kind: 'space',
   * space }`, `{ kind: 'file', file, space? }`. A URL must be absolute with a scheme `url-scheme.ts` allows; anything else
   * (`javascript:`…) is dropped.
   */
  resolveContentRef(
    ref: ContentRef | null | undefined,
    fromSiteSpaceId?: string,
  ): { url: string; external: boolean } | undefined {
    if (!ref) return undefined;
    const from = fromSiteSpaceId ? this.#spaces.get(fromSiteSpaceId)?.model : undefined;
    if (ref.kind === 'url') {
      const url = (ref.url ?? '').trim();
      const local = this.#localPageOf(url, from);
      if (local) return { url: local, external: false };
      return isSafeAbsoluteUrl(url) ? { url, external: true } : undefined;
    }
    if (ref.kind === 'page' && ref.page) {
      const resolver = this.#resolverOfSpace(ref.space || from?.spaceId, from?.id);
      // The same href as a markdown link to the page: `#anchor` kept, encoded.
      const anchor = ref.anchor ? { anchor: ref.anchor } : {};
      const url =
        resolver && hrefOf(resolver, { kind: 'page', pageId: ref.page, ...anchor, raw: ref.page });
      return url ? { url, external: false } : undefined;
    }
    if (ref.kind === 'space' && ref.space) {
      const id = this.#resolverData.siteSpacesOfSpace.get(ref.space)?.[0];
      const space = id ? this.#spaces.get(id)?.model : undefined;
      if (space) return space.homeKey ? { url: space.url, external: false } : undefined;
      // A space of the organization the site does not show: where the platform links it.
      const linked = linkedSpaceOf(this.#resolverData, ref.space);
      const url = linked?.published ?? linked?.app;
      return url ? { url, external: true } : undefined;
    }
    if (ref.kind === 'file' && ref.file) {
      const spaceId = ref.space || from?.spaceId;
      const asset = spaceId ? this.#assetIndex.spaces.get(spaceId)?.byId.get(ref.file) : undefined;
      return asset ? { url: asset.url, external: false } : undefined;
    }
    return undefined;
  }

  /**
   * A URL that names a page of this site as page content would (the platform's app URL of a
   * space, a stable ref, a path relative to the space root): that page's URL here, by the same
   * resolver as links in markdown. Undefined for anything else.
   */
  #localPageOf(url: string, from: SiteSpaceModel | undefined): string | undefined {
    // A link page sits in the page tree: relative paths are from the space's root.
    const ref = parseReference(url, { currentPath: 'SUMMARY.md' });
    if (ref.kind !== 'page') return undefined;
    const resolver = this.#resolverOfSpace(ref.spaceId ?? from?.spaceId, from?.id);
    return resolver ? hrefOf(resolver, ref) : undefined;
  }

  /**
   * Every stored file of every space with its path in the space (its git path, else
   * `.gitbook/assets/NAME`) and content hash: what OpenAPI specs and their sibling files are.
   */
  storedFiles(): StoredSpaceFile[] {
    return storedFilesOf(this.#assetIndex);
  }

  /** The platform's download URL of each stored file of a space, with the file's id. */
  downloadUrlsOf(spaceId: string): { id: string; downloadURL: string }[] {
    const urls: { id: string; downloadURL: string }[] = [];
    for (const [downloadURL, asset] of this.#assetIndex.byDownloadUrl) {
      if (asset.spaceId === spaceId) urls.push({ id: asset.fileId, downloadURL });
    }
    return urls;
  }

  /**
   * A customization image (logo, favicon): a file the snapshot holds (by its download URL) gets
   * its built asset URL; any other `https:` URL is used as it is; anything else is dropped.
   */
  resolveImageUrl(url: unknown): string | undefined {
    if (typeof url !== 'string') return undefined;
    const trimmed = url.trim();
    const asset = this.assetByDownloadUrl(trimmed);
    if (asset) return asset.url;
    return /^https:\/\/[^\s"'<>]+$/i.test(trimmed) ? trimmed : undefined;
  }

  /** The stored file a platform download URL names (its host and query may have changed). */
  assetByDownloadUrl(url: string): AssetModel | undefined {
    const downloadPath = pathOf(url);
    return (
      this.#assetIndex.byDownloadUrl.get(url) ??
      (downloadPath ? this.#assetIndex.byDownloadPath.get(downloadPath) : undefined)
    );
  }

  /** The resolver of a space's site space: `preferred` when it shows that space, else its first. */
  #resolverOfSpace(spaceId: string | undefined, preferred?: string): Resolver | undefined {
    if (!spaceId) return undefined;
    const ids = this.#resolverData.siteSpacesOfSpace.get(spaceId) ?? [];
    const id = preferred && ids.includes(preferred) ? preferred : ids[0];
    const state = id ? this.#spaces.get(id) : undefined;
    return state ? this.#resolverOf(state) : undefined;
  }

  /** One resolver per site space, made on first use and shared by its pages. */
  #resolverOf(state: SpaceState): Resolver {
    state.resolver ??= createResolver(this.#resolverData, state.model.id);
    return state.resolver;
  }
}

/** A site space set up, its pages waiting for their URLs (`#placePages`). */
interface PendingSpace {
  state: SpaceState;
  home: PageNode | undefined;
  pages: PendingPage[];
}

interface PendingPage {
  node: PageNode;
  /** The page as warnings name it. */
  owner: string;
  /** Its URL's segments under the base, before any disambiguation. */
  segments: string[];
  /** The local page's file, for a local page. */
  file?: string;
}

interface PlacedSiteSpace {
  siteSpace: StructureSiteSpace;
  section?: StructureSection;
  sectionIsDefault: boolean;
  isDefault: boolean;
  rootSegments: string[];
}

/**
 * Which site spaces are built and where their roots are. Hidden and draft site spaces are left
 * out; a section left with none is left out; when the default section (or site space) is, the
 * first remaining one takes the root.
 */
function placeSiteSpaces(input: SiteModelInput): PlacedSiteSpace[] {
  const { structure } = input;
  const shown = new Map(
    structure.siteSpaces.filter((s) => !s.hidden && !s.draft).map((s) => [s.id, s]),
  );
  const pickDefault = (spaces: StructureSiteSpace[]) => spaces.find((s) => s.default) ?? spaces[0];
  const placed: PlacedSiteSpace[] = [];
  if (structure.sections.length === 0) {
    const spaces = [...shown.values()];
    const fallback = pickDefault(spaces);
    for (const siteSpace of spaces) {
      const isDefault = siteSpace === fallback;
      placed.push({
        siteSpace,
        sectionIsDefault: false,
        isDefault,
        rootSegments: siteSpaceRootSegments({
          siteSpace: { path: siteSpace.path, default: isDefault },
        }),
      });
    }
    return placed;
  }
  const sections = structure.sections
    .map((section) => ({
      section,
      spaces: section.siteSpaceIds
        .map((id) => shown.get(id))
        .filter((s): s is StructureSiteSpace => s !== undefined),
    }))
    .filter((entry) => entry.spaces.length > 0);
  const defaultSection = sections.find((entry) => entry.section.default) ?? sections[0];
  for (const entry of sections) {
    const sectionIsDefault = entry === defaultSection;
    const fallback = pickDefault(entry.spaces);
    for (const siteSpace of entry.spaces) {
      const isDefault = siteSpace === fallback;
      placed.push({
        siteSpace,
        section: entry.section,
        sectionIsDefault,
        isDefault,
        rootSegments: siteSpaceRootSegments({
          section: { path: entry.section.path, default: sectionIsDefault },
          siteSpace: { path: siteSpace.path, default: isDefault },
        }),
      });
    }
  }
  return placed;
}

/** Builds the site model from snapshot data already in memory (pure; throws `SiteModelError`). */
export function buildSiteModel(input: SiteModelInput): SiteModel {
  return new SiteModel(input);
}

/** The platform's cover sizes; one it adds later is shown as a hero. */
function coverSizeOf(size: string | undefined): PageLayoutModel['coverSize'] {
  return size === 'full' || size === 'background' ? size : 'hero';
}
