import { markdownUrlFor } from '../hosting/markdown-copy.ts';

/**
 * What the page actions menu offers (themes/default/components/PageActions.astro): the page's
 * `.md` copy (docs/hosting.md), and links that open an assistant with a prompt naming that copy's
 * public URL. An assistant can only read a page the internet can reach, so those links need a
 * public origin (`--site-url` or the site's hostname) and a site that is not `noindex`; so does
 * "Use with an AI assistant", which copies the command that serves the site to an assistant over
 * MCP (`npx offprint mcp <site URL>`, docs/ai.md). The menu itself is built by the theme's script
 * on first use (`assistantLinks` gives its links).
 */
export interface PageActionsView {
  /** The `.md` copy under the base: "Copy page" fetches it, "View as Markdown" opens it. */
  markdownUrl: string;
  /** The copy's public URL, for assistants; absent when assistants are not offered. */
  publicMarkdownUrl?: string;
  /** `npx offprint mcp <site URL>`, to copy; absent when assistants are not offered. */
  mcpCommand?: string;
}

export function pageActionsView(options: {
  pageUrl: string;
  base: string;
  origin?: string;
  /** The site is not public (its pages carry `noindex`). */
  noindex: boolean;
}): PageActionsView {
  const markdownUrl = markdownUrlFor(options.pageUrl, options.base);
  if (!options.origin || options.noindex || !publicOrigin(options.origin)) {
    return { markdownUrl };
  }
  return {
    markdownUrl,
    publicMarkdownUrl: `${options.origin}${markdownUrl}`,
    mcpCommand: mcpCommand(`${options.origin}${options.base}`),
  };
}

// Every page of a site asks about the same origin: parsed once.
const publicOrigins = new Map<string, boolean>();

function publicOrigin(origin: string): boolean {
  let known = publicOrigins.get(origin);
  if (known === undefined) {
    known = isPublicOrigin(origin);
    publicOrigins.set(origin, known);
  }
  return known;
}

/** The command a reader pastes into a terminal: the URL quoted when a shell would read into it. */
export function mcpCommand(siteUrl: string): string {
  const word = /^[\w.~:/%@+=,-]+$/.test(siteUrl) ? siteUrl : `'${siteUrl.replace(/'/g, `'\\''`)}'`;
  return `npx offprint mcp ${word}`;
}

/** An http(s) origin whose host others can reach: not localhost, a loopback, private or link-local address. */
export function isPublicOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (!host.includes('.') && !host.includes(':'))
  ) {
    return false;
  }
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return !(
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  if (host.includes(':'))
    return !(
      host === '::1' ||
      host.startsWith('fc') ||
      host.startsWith('fd') ||
      host.startsWith('fe80')
    );
  return true;
}
