/**
 * Page markdown cannot know the port the local platform will listen on, so a site folder writes
 * `{{local-platform}}` where it needs the platform's own origin (a spec URL under `/hosted/`,
 * docs/site-folder.md); pages and reusable contents are served with it replaced.
 */
export const ORIGIN_PLACEHOLDER = '{{local-platform}}';

/** `markdown` with every `{{local-platform}}` replaced by `origin` (`http://127.0.0.1:PORT`). */
export function fillOrigin(markdown: string, origin: string): string {
  return markdown.includes(ORIGIN_PLACEHOLDER)
    ? markdown.replaceAll(ORIGIN_PLACEHOLDER, origin)
    : markdown;
}
