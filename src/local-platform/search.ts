import { documentPages } from './links.ts';
import type { Content, DocumentPage } from './model.ts';
import { slugify } from './pages.ts';

/**
 * Plain case-insensitive substring search over titles and markdown: enough for a client to
 * exercise the search routes, not a ranking engine.
 */

export interface PageHit {
  page: DocumentPage;
  sections: Array<{ id: string; title: string; body: string }>;
}

export function searchContent(content: Content, query: string): PageHit[] {
  const needle = query.toLowerCase();
  const hits: PageHit[] = [];
  for (const page of documentPages(content.pages)) {
    const sections = splitSections(page).filter(
      (s) => s.title.toLowerCase().includes(needle) || s.body.toLowerCase().includes(needle),
    );
    if (sections.length > 0 || page.title.toLowerCase().includes(needle))
      hits.push({ page, sections });
  }
  return hits;
}

/** The page cut at its headings; text before the first heading belongs to the page title. */
function splitSections(page: DocumentPage): Array<{ id: string; title: string; body: string }> {
  const sections: Array<{ id: string; title: string; body: string }> = [];
  let current = { id: '', title: page.title, body: '' };
  for (const line of page.markdown.split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1]) {
      if (current.body.trim() || current.id) sections.push(current);
      current = { id: slugify(heading[1]), title: heading[1], body: '' };
    } else {
      current.body += `${line}\n`;
    }
  }
  sections.push(current);
  return sections.map((s) => ({ ...s, body: s.body.trim().slice(0, 300) }));
}
