/**
 * Public types of `src/markdown`. See `README.md` beside this file for the markup contract.
 */

import type { OperationMethod } from '../openapi/methods.ts';

/**
 * A reference found in page markdown, parsed by {@link parseReference}.
 *
 * Paths (`path`) are always **resolved space-root-relative file paths**: `parseReference`
 * resolves `../x.md` against the current page's file path, drops `./`, decodes `%20`, and maps
 * a folder link (`guides/`) to its `README.md`. The caller never resolves paths itself.
 */
export type Reference =
  | {
      kind: 'page';
      /** File path of the page in the space, e.g. `guides/install.md` (relative `.md` links). */
      path?: string;
      /**
       * Page path as in a platform app URL (`…/s/SPACE/guides/install` → `guides/install`; the
       * space's root is `''`). Set only for app URLs; compare it with the Page's `path` field.
       */
      pagePath?: string;
      pageId?: string;
      spaceId?: string;
      /** Fragment without `#`, already percent-decoded. */
      anchor?: string;
      raw: string;
    }
  | {
      kind: 'file';
      /** Asset path in the space, e.g. `.gitbook/assets/logo.png`. */
      path?: string;
      fileId?: string;
      spaceId?: string;
      /** An absolute URL used where a file is expected (image `src`, file block `src`, card cover). */
      url?: string;
      raw: string;
    }
  | { kind: 'reusable-content'; id?: string; spaceId?: string; path?: string; raw: string }
  | { kind: 'url'; url: string; raw: string };

export type PageReference = Extract<Reference, { kind: 'page' }>;
export type FileReference = Extract<Reference, { kind: 'file' }>;
export type ReusableContentReference = Extract<Reference, { kind: 'reusable-content' }>;

export interface ReferenceContext {
  /** The page's file path in the space, e.g. `guides/install.md`. */
  currentPath: string;
  /**
   * Where the reference is used: `'file'` for places that expect a file (image `src`, `<source
   * srcset>`, `{% file src %}`, card covers), where an absolute `http(s)` URL becomes a `file`
   * reference with `url` (a File's `downloadURL`); `'link'` (default) otherwise.
   */
  as?: 'link' | 'file';
  /**
   * Origins of the platform's app, whose `…/s/SPACE_ID/path` URLs are page references.
   * Default: `['https://app.gitbook.com']`.
   */
  appOrigins?: readonly string[];
}

export interface ResolvedPage {
  /** URL of the page on the built site (absolute path or URL; the anchor is appended by the renderer). */
  url: string;
  title: string;
  /** The page's emoji (a character) or icon name, shown before its title in mentions. */
  emoji?: string;
  icon?: string;
}

export interface ResolvedFile {
  url: string;
  name: string;
  size?: number;
  contentType?: string;
  width?: number;
  height?: number;
  /** The content hash and space of the stored file: what an OpenAPI spec is looked up by. */
  sha256?: string;
  spaceId?: string;
  /** Its responsive variants, when the build makes them (a raster image of some size). */
  image?: ResponsiveImage;
}

export interface ResolvedReusableContent {
  markdown: string;
  /** File path of the reusable content (e.g. `.gitbook/includes/x.md`): base for its relative links. */
  path?: string;
}

/**
 * Passed in by the site model. Every method is synchronous and must not throw; `undefined` means
 * "not found" and is reported as a broken link (pages, files, reusable content). A `file`
 * reference with only a `url` that the resolver does not know keeps its URL and is not broken.
 */
export interface Resolver {
  page(ref: PageReference): ResolvedPage | undefined;
  file(ref: FileReference): ResolvedFile | undefined;
  reusableContent(ref: ReusableContentReference): ResolvedReusableContent | undefined;
  /**
   * Whether a space id names a space the resolver knows (one the site shows, or one of the
   * organization the platform links elsewhere): a broken link into one it does not know is
   * reported as "no such space". Absent: every space is taken as known.
   */
  knowsSpace?(spaceId: string): boolean;
}

export interface OutlineEntry {
  depth: 2 | 3 | 4;
  id: string;
  text: string;
  /** An OpenAPI operation's title: the operation's method, as its operation line shows it. */
  method?: OperationMethod;
}

export interface MarkdownWarning {
  message: string;
  /** 1-based line in the page's markdown (for content from an include: the include's line). */
  line?: number;
}

export interface RenderedReference {
  ref: Reference;
  line?: number;
  resolved: boolean;
}

/** Why a reference of the markdown is broken: no such page, space, file or reusable content. */
export type BrokenReason = 'no-page' | 'no-space' | 'no-file' | 'no-content';

export interface BrokenLink {
  /** The reference as written in the markdown. */
  target: string;
  reason: BrokenReason;
  line?: number;
  /** The page it is on: `pageTitle` if given, else `currentPath`. */
  page?: string;
}

/**
 * A link or source of the page's markdown as its `.md` copy gives it (`copy-links.ts`): where
 * the markdown writes it, and where the page's HTML leads.
 */
export interface CopyLink {
  /** Offsets of the destination as written in the page's markdown (inside `<…>` or quotes). */
  start: number;
  end: number;
  /** The site URL the HTML gives it: a page's URL (without its anchor), or a file's. */
  url: string;
  /** A page: its `.md` copy's URL stands in for `url` where it has one. */
  page?: true;
  /** The page link's fragment, without `#`, decoded. */
  anchor?: string;
}

export interface MarkdownFeatures {
  /** The page has a `mermaid` diagram: load the mermaid script on this page only. */
  mermaid: boolean;
  /** The page has KaTeX math: load the KaTeX stylesheet on this page only. */
  math: boolean;
  /** The page has tabs: load the small tabs script (keyboard arrows) on this page only. */
  tabs: boolean;
  /**
   * API operations drawn from a spec: how many, how many offer "Test it" (the page loads the
   * operations' small script, and the console on the first click), and the characters of text
   * they hold (the view weighs them against the page's text for its layout).
   */
  operations?: { count: number; tryIt: number; text: number };
}

export interface MarkdownResult {
  /** Sanitized HTML of the page body (the leading `# Title` is not part of it, see `title`). */
  html: string;
  /** `h2`–`h4` headings of the page body (not those inside tabs, hints, details, conditions). */
  outline: OutlineEntry[];
  /** Plain text of the page body, whitespace collapsed: for search and descriptions. */
  text: string;
  /** Text of the first paragraph, cut at about 200 characters on a word boundary. */
  excerpt: string;
  /** Text of the leading `# Title` heading when the markdown starts with one (it is removed from `html`). */
  title?: string;
  references: RenderedReference[];
  brokenLinks: BrokenLink[];
  warnings: MarkdownWarning[];
  features: MarkdownFeatures;
  /** The links of the page's `.md` copy, in the order the markdown writes them. */
  copyLinks: CopyLink[];
  /** The `id` of every responsive image the HTML shows: their variants must be made. */
  images: string[];
  /** Font Awesome Pro icons the page draws as the nearest open glyph, once each (`icons.ts`). */
  iconStandIns?: IconStandIn[];
  /**
   * With `MarkdownOptions.previous`: how many top-level blocks the page added, removed and
   * changed against it (absent when either markdown could not be rendered).
   */
  changes?: BlockChanges;
}

/** A Pro icon name and the open glyph drawn for it (`set:name`, or a free Font Awesome name). */
export interface IconStandIn {
  name: string;
  shownAs: string;
}

/** Counts of top-level blocks, against the previous markdown (`MarkdownResult.changes`). */
export interface BlockChanges {
  added: number;
  removed: number;
  changed: number;
}

/** Syntax highlighting of code blocks at build time; see `highlighter.ts`. */
export interface CodeHighlighter {
  /**
   * Highlights `code` in language `lang` and returns a hast `<pre>` element (light and dark
   * colours as CSS variables), or `undefined` when the language is unknown or the code too big.
   * The returned tree is the caller's to mutate.
   */
  highlight(code: string, lang: string): Promise<import('hast').Element | undefined>;
}

export interface MarkdownOptions {
  resolver: Resolver;
  /** The specs OpenAPI blocks name; without it they are shown as stubs with a warning. */
  openapi?: import('../openapi/types.ts').SpecProvider;
  /** The page's file path in the space, e.g. `guides/install.md`. */
  currentPath: string;
  /** Used in warnings only. */
  pageTitle?: string;
  /** Default: the process-wide Shiki highlighter with its cache. `false`: no highlighting. */
  highlighter?: CodeHighlighter | false;
  /** See {@link ReferenceContext.appOrigins}. */
  appOrigins?: readonly string[];
  /** Icon style when a `<i class="fa-…">` names none: `solid` (default) or `regular`. */
  iconStyle?: 'solid' | 'regular';
  /** The labels the renderer writes itself, in the site's language (`strings.ts`). Default: English. */
  strings?: import('./strings.ts').ContentStrings;
  /** `false` (config `tryIt: false`): API operations offer no "Test it" console. */
  tryIt?: boolean;
  /**
   * The markdown the same page had in the revision a change request started from. Given, the
   * HTML marks the blocks added or changed since (`data-change="added"`) and shows the removed
   * ones in place (`div.op-change-removed`), and `MarkdownResult.changes` counts them; the
   * page's text, outline, references and warnings are its own all the same.
   */
  previous?: string;
}

/**
 * Smaller copies of a raster file made at build time (`src/images`): the page shows them through
 * `<picture>` with a `srcset` and keeps the original as the `<img>` fallback and the link target.
 */
export interface ResponsiveImage {
  /** The file's content hash: a page that shows the image reports it (`MarkdownResult.images`). */
  id: string;
  /** The decoded original's size in pixels. */
  width: number;
  height: number;
  /** The variants' MIME type (`image/webp`). */
  type: string;
  /** Each variant's URL and width in pixels, narrowest first. */
  variants: { url: string; width: number }[];
}
