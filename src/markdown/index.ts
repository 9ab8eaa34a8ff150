/**
 * `src/markdown`: one page's Git Sync markdown → sanitized HTML, outline, text, references,
 * broken links, warnings and features. See README.md beside this file.
 */

export type { CachingHighlighter, HighlighterOptions, HighlighterStats } from './highlighter.ts';
export { createCodeHighlighter, getDefaultHighlighter, THEMES } from './highlighter.ts';
export { renderMarkdown } from './pipeline.ts';
export { isIconWarning } from './plugins/icons.ts';
export { parseReference, resolvePath } from './reference.ts';
export type { TableResolverData } from './resolver.ts';
export { createTableResolver } from './resolver.ts';
export type { ContentStrings } from './strings.ts';
export { ENGLISH_CONTENT_STRINGS } from './strings.ts';
export type {
  BlockChanges,
  BrokenLink,
  BrokenReason,
  CodeHighlighter,
  CopyLink,
  FileReference,
  IconStandIn,
  MarkdownFeatures,
  MarkdownOptions,
  MarkdownResult,
  MarkdownWarning,
  OutlineEntry,
  PageReference,
  Reference,
  ReferenceContext,
  RenderedReference,
  ResolvedFile,
  ResolvedPage,
  ResolvedReusableContent,
  Resolver,
  ResponsiveImage,
  ReusableContentReference,
} from './types.ts';
