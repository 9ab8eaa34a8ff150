/**
 * `llms.txt` in the llmstxt.org shape: an H1 with the site's name, a blockquote summary, then
 * a line linking `llms-full.txt`, then one H2 per part of the site listing its pages as
 * `- [Title](url): description`, a page with feeds of its updates with them in a line under
 * it (indented, so a reader of the page list, src/mcp/llms-index.ts, passes over it). Titles and
 * descriptions come from the API: they are flattened to one line and markdown-escaped so they
 * cannot break the list's structure.
 */
export interface LlmsPage {
  title: string;
  url: string;
  description?: string;
  /** The page's RSS 2.0 and Atom feeds of its updates. */
  feeds?: { rss: string; atom: string };
}

export interface LlmsSection {
  title: string;
  pages: LlmsPage[];
}

export interface LlmsInput {
  title: string;
  description?: string;
  /** `llms-full.txt`: every listed page's markdown in one file (src/hosting/llms-full.ts). */
  fullUrl?: string;
  sections: LlmsSection[];
}

export function llmsTxt(input: LlmsInput): string {
  const out = [`# ${inline(input.title)}`, ''];
  const summary = input.description ? inline(input.description) : '';
  if (summary) out.push(`> ${summary}`, '');
  if (input.fullUrl) {
    out.push(
      `The text of every page below, in one file: [llms-full.txt](${linkUrl(input.fullUrl)})`,
      '',
    );
  }
  for (const section of input.sections) {
    if (section.pages.length === 0) continue;
    out.push(`## ${inline(section.title)}`, '');
    for (const page of section.pages) {
      const description = page.description ? inline(page.description) : '';
      out.push(
        `- [${linkText(page.title)}](${linkUrl(page.url)})${description ? `: ${description}` : ''}`,
      );
      if (page.feeds)
        out.push(
          `  - Its updates as a feed: [RSS 2.0](${linkUrl(page.feeds.rss)}), [Atom](${linkUrl(page.feeds.atom)})`,
        );
    }
    out.push('');
  }
  return out.join('\n');
}

/** One line of text, leading `#`/`>` made literal. */
function inline(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^([#>])/, '\\$1');
}

function linkText(value: string): string {
  return inline(value).replace(/([[\]\\])/g, '\\$1');
}

/** Characters that would end the link destination are percent-encoded. */
function linkUrl(value: string): string {
  return value.replace(
    /[\s()<>]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}
