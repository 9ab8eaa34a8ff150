import type { File } from '../api/schemas/index.ts';

/**
 * A File's `downloadURL` can change between revisions (and may be signed anew by the platform)
 * while the file stays the same. Markdown that embeds it would then look changed and be rendered
 * again for nothing. Rewriting each known download URL to the file's stable ref (`/files/ID`)
 * before rendering keeps the markdown, and so its cache key, stable; the resolver maps both forms
 * to the same asset.
 */
export function stableFileRefs(
  files: readonly Pick<File, 'id' | 'downloadURL'>[],
): (markdown: string) => string {
  const byUrl = new Map(files.map((file) => [file.downloadURL, `/files/${file.id}`]));
  if (byUrl.size === 0) return (markdown) => markdown;
  return (markdown) =>
    markdown.replace(/https?:\/\/[^\s()<>"'`\]]+/g, (url) => byUrl.get(url) ?? url);
}
