import { fileURLToPath } from 'node:url';
import type { DocumentPage, FolderPage } from '../../src/local-platform/model.ts';
import type { LocalPlatform } from '../helpers/platform.ts';

/**
 * The committed part of the hostile-data site: valid data a platform can send that no one here
 * wrote. `applyOddities` adds what a site folder refuses to express.
 */
export const ODD_DIR = fileURLToPath(new URL('../fixtures/hostile-data', import.meta.url));

export const ODD = {
  org: 'odd',
  site: 'odd',
  token: 'TOKEN-odd-3f9c1e7a',
  /** The spec's bounds, each exceeded by the value set below (docs/validation.md). */
  long: {
    siteTitle: `A site title ${'t'.repeat(130)}`,
    sectionTitle: `A section title ${'s'.repeat(130)}`,
    sectionDescription: `A description ${'d'.repeat(260)}`,
    sectionIcon: `icon-${'i'.repeat(50)}`,
    sectionPath: `extras-${'e'.repeat(100)}`,
    groupTitle: `A group title ${'g'.repeat(100)}`,
    groupIcon: `icon-${'g'.repeat(50)}`,
    siteSpacePath: `v1-${'v'.repeat(100)}`,
    spaceTitle: 'A space title well over the fifty characters the spec allows',
    spaceEmoji: `1f4d8-${'0'.repeat(50)}`,
    pageTitle: `A page title ${'p'.repeat(300)}`,
    pageDescription: `A page description ${'q'.repeat(600)}`,
    /** Over the spec's 1,024 characters, with one segment longer than a file name may be. */
    pagePath: `${'l'.repeat(300)}/${'m'.repeat(800)}`,
  },
};

function pageOf(platform: LocalPlatform, spaceId: string, file: string): DocumentPage {
  const content = platform.model.space(spaceId)?.content;
  const id = content?.pageIdByFile.get(file);
  const page = id ? content?.pagesById.get(id) : undefined;
  if (page?.type !== 'document') throw new Error(`hostile-data fixture: no page ${file}`);
  return page;
}

function groupOf(platform: LocalPlatform, spaceId: string, title: string): FolderPage {
  const content = platform.model.space(spaceId)?.content;
  const group = [...(content?.pagesById.values() ?? [])].find(
    (page) => page.type === 'group' && page.title === title,
  );
  if (!group) throw new Error(`hostile-data fixture: no group ${title}`);
  return group;
}

/**
 * Sets on the running platform what a folder refuses: every spec length exceeded, two paths
 * that differ only in case, two that clean to one URL segment, a page on the first page's alias,
 * and a group at a document page's path.
 */
export function applyOddities(platform: LocalPlatform): void {
  const { model } = platform;
  const { long } = ODD;
  const site = model.site(ODD.site);
  if (!site) throw new Error('hostile-data fixture: no site');
  model.mutateSite(ODD.site, { title: long.siteTitle, hostname: 'Not_A.Host.Name' });
  model.mutateSection(ODD.site, 'guides', {
    title: long.sectionTitle,
    description: long.sectionDescription,
    icon: long.sectionIcon,
  });
  model.mutateSection(ODD.site, 'extras', { path: long.sectionPath });
  Object.assign(site.sectionGroups[0] ?? {}, { title: long.groupTitle, icon: long.groupIcon });
  model.mutateSiteSpace(ODD.site, 'guides-v1', { path: long.siteSpacePath });
  model.mutateSpace('guides-v2', { title: long.spaceTitle, emoji: long.spaceEmoji });

  const setPath = (file: string, path: string) =>
    model.mutatePage('guides-v2', pageOf(platform, 'guides-v2', file).id, { path, slug: path });
  setPath('twin-upper.md', 'Case-Twin');
  setPath('twin-lower.md', 'case-twin');
  setPath('hello-spaced.md', 'Hello World');
  setPath('hello-dashed.md', 'hello-world');
  setPath('again.md', 'ReadMe');
  model.mutatePage('guides-v2', groupOf(platform, 'guides-v2', 'Reference').id, {
    path: 'reference',
    slug: 'reference',
  });
  model.mutatePage('guides-v2', pageOf(platform, 'guides-v2', 'long.md').id, {
    title: long.pageTitle,
    description: long.pageDescription,
    emoji: long.spaceEmoji,
    path: long.pagePath,
    slug: 'long',
  });
}
