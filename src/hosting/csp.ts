import { createHash } from 'node:crypto';
import type { ProviderSources } from '../analytics/index.ts';
import { EMBED_ORIGINS } from '../markdown/plugins/embeds.ts';

/**
 * The Content-Security-Policy of the site's HTML (`_headers`, headers.ts; docs/analytics.md):
 * scripts only from the site itself, the inline scripts the theme writes by their hash, and the
 * configured analytics providers' scripts; no `'unsafe-inline'` for scripts. What the pages
 * need beside that is allowed as narrowly as it can be:
 *
 * - `'wasm-unsafe-eval'`: Pagefind's search runs WebAssembly; its worker is a file of the site.
 * - `style-src 'unsafe-inline'`: diagrams drawn at build time carry a `<style>` each, scoped to
 *   the drawing, KaTeX and the highlighter size and colour with `style` attributes, and mermaid
 *   drawing in the browser adds `<style>` elements. None of it can run script.
 * - images and fonts from any https origin (content embeds images from anywhere; a custom font
 *   is an https URL), frames from the video hosts the embeds allow (src/markdown/plugins/embeds.ts).
 * - `connect-src`: the site, the feedback endpoint, the providers' endpoints; any server when
 *   the site has a "Test it" console, which calls whatever server the reader picks or types.
 */

export interface CspInput {
  /** Inline scripts every page may run as they are (the head's stored-choice script). */
  inlineScripts: readonly string[];
  /** The configured analytics providers' sources (src/analytics/providers.ts). */
  analytics?: ProviderSources;
  /** Where feedback posts (`feedbackUrl`): its origin may be connected to. */
  feedbackUrl?: string;
  /** The site offers API consoles ("Test it"): connections may go to any http(s) server. */
  apiConsole: boolean;
}

/** `'sha256-…'`: a CSP source that allows exactly this inline script's text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The policy as one header value: directives in a fixed order, sources de-duplicated. */
export function contentSecurityPolicy(input: CspInput): string {
  const analytics = input.analytics ?? { script: [], connect: [], img: [] };
  const feedback = input.feedbackUrl ? [new URL(input.feedbackUrl).origin] : [];
  const frames = EMBED_ORIGINS.map((url) => new URL(url).origin);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      [
        "'self'",
        "'wasm-unsafe-eval'",
        ...input.inlineScripts.filter(Boolean).map(scriptHash),
        ...analytics.script,
      ],
    ],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', ...analytics.img]],
    ['font-src', ["'self'", 'data:', 'https:']],
    [
      'connect-src',
      input.apiConsole
        ? ["'self'", 'https:', 'http:']
        : ["'self'", ...feedback, ...analytics.connect],
    ],
    ['media-src', ["'self'", 'https:']],
    ['frame-src', ["'self'", ...frames]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return directives
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}
