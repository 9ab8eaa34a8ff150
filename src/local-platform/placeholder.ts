/**
 * Page markdown cannot know the port the local platform will listen on, so a site folder writes
 * `{{local-platform}}` where it needs the platform's own origin (a spec URL under `/hosted/`,
 * docs/site-folder.md); pages and reusable contents are served with it replaced.
 */
import type { LocalModel } from './model.ts';

export const ORIGIN_PLACEHOLDER = '{{local-platform}}';

/** `markdown` with every `{{local-platform}}` replaced by `origin` (`http://127.0.0.1:PORT`). */
export function fillOrigin(markdown: string, origin: string): string {
  return markdown.includes(ORIGIN_PLACEHOLDER)
    ? markdown.replaceAll(ORIGIN_PLACEHOLDER, origin)
    : markdown;
}

/** Some page or reusable content of the folder names the origin. */
export function namesOrigin(model: LocalModel): boolean {
  for (const content of model.revisions.values()) {
    for (const page of content.pagesById.values())
      if (page.type === 'document' && page.markdown.includes(ORIGIN_PLACEHOLDER)) return true;
    for (const reusable of content.reusables)
      if (reusable.markdown.includes(ORIGIN_PLACEHOLDER)) return true;
  }
  return false;
}
