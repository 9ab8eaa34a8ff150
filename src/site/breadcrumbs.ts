import { ancestorsOf, hasHtml, type PageNode } from './tree.ts';
import type { Breadcrumb, SectionModel, SiteSpaceModel } from './types.ts';

/**
 * The trail above a page: its section (on a site with sections), its site space (when the section
 * has more than one), then its ancestor pages; groups are plain text. The page itself is not
 * in it: it is the page's heading.
 */
export function breadcrumbsFor(
  node: PageNode,
  context: { section?: SectionModel; siteSpace: SiteSpaceModel },
  urlOf: (node: PageNode) => string | undefined,
): Breadcrumb[] {
  const trail: Breadcrumb[] = [];
  const { section, siteSpace } = context;
  if (section) trail.push({ title: section.title, url: section.url });
  if (section && section.siteSpaceIds.length > 1)
    trail.push({ title: siteSpace.title, url: siteSpace.url });
  for (const ancestor of ancestorsOf(node)) {
    const url = hasHtml(ancestor) ? urlOf(ancestor) : undefined;
    trail.push(url ? { title: ancestor.page.title, url } : { title: ancestor.page.title });
  }
  return trail;
}
