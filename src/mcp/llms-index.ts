/**
 * Reads back the `llms.txt` Offprint writes (src/hosting/llms.ts): an H2 per part of the site,
 * then `- [Title](url): description` per page, each URL the page's `.md` copy on the site's
 * public origin. The escapes llms.ts adds (`\[`, `\]`, `\\`, a leading `\#` or `\>`) are undone;
 * lines of any other shape are skipped.
 */
export interface ListedPage {
  title: string;
  /** The `.md` copy's URL as llms.txt gives it. */
  url: string;
  description?: string;
  section: string;
}

export interface LlmsIndex {
  pages: ListedPage[];
  sections: string[];
  /**
   * The URL of the site's root as llms.txt names it (`https://docs.acme.com/docs/`): the home
   * page's copy is `<root>index.md`. Undefined when no link fits.
   */
  root?: URL;
}

const PAGE_LINE = /^- \[((?:\\.|[^\\\]])*)\]\(([^\s)]+)\)(?::\s?(.*))?$/;

export function parseLlmsTxt(text: string): LlmsIndex {
  const pages: ListedPage[] = [];
  const sections: string[] = [];
  let section = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      section = unescapeInline(line.slice(3).trim());
      sections.push(section);
      continue;
    }
    const match = PAGE_LINE.exec(line);
    if (!match) continue;
    const description = match[3] ? unescapeInline(match[3].trim()) : '';
    pages.push({
      title: (match[1] as string).replace(/\\(.)/g, '$1'),
      url: match[2] as string,
      ...(description ? { description } : {}),
      section,
    });
  }
  const root = rootOf(pages.map((page) => page.url));
  return { pages, sections, ...(root ? { root } : {}) };
}

function unescapeInline(value: string): string {
  return value.replace(/^\\([#>])/, '$1');
}

/** The shortest `…/index.md` link's folder that holds every other link, if any. */
function rootOf(urls: string[]): URL | undefined {
  const parsed = urls.flatMap((url) => {
    try {
      return [new URL(url)];
    } catch {
      return [];
    }
  });
  const candidates = parsed
    .filter((url) => url.pathname.endsWith('/index.md'))
    .map((url) => new URL('./', url))
    .sort((a, b) => a.href.length - b.href.length);
  return candidates.find((root) => parsed.every((url) => url.href.startsWith(root.href)));
}
