/**
 * The largest page parsed as markdown, in characters. Parsing costs several seconds per MB,
 * so a hostile page of many megabytes would hold the build for minutes; a larger page is shown
 * as plain text with a warning instead (and scanned for no URL). Real documentation pages are
 * well under 200 KB.
 */
export const MAX_MARKDOWN_CHARS = 1024 * 1024;

/**
 * The longest line parsed as markdown, in characters: micromark is slow on huge lines, so a
 * longer one is shown as literal text (`syntax/long-line.ts`; it is never a line of `{% %}` tags).
 */
export const LONG_LINE = 20_000;
