import type { SectionModel, SectionTab, SiteSpaceLink, SiteSpaceModel, Tab } from './types.ts';

/**
 * Top navigation: sections as tabs in site order, those of a section group gathered into one
 * dropdown at the place of the group's first section.
 */
export function buildTabs(
  sections: readonly SectionModel[],
  groups: readonly { id: string; title: string; icon?: string }[],
): Tab[] {
  const tabs: Tab[] = [];
  const dropdowns = new Map<string, Extract<Tab, { kind: 'group' }>>();
  for (const section of sections) {
    const tab: SectionTab = {
      kind: 'section',
      id: section.id,
      title: section.title,
      url: section.url,
      ...(section.icon ? { icon: section.icon } : {}),
      ...(section.description ? { description: section.description } : {}),
      ...(section.groupId ? { groupId: section.groupId } : {}),
    };
    const group = section.groupId ? groups.find((g) => g.id === section.groupId) : undefined;
    if (!group) {
      tabs.push(tab);
      continue;
    }
    let dropdown = dropdowns.get(group.id);
    if (!dropdown) {
      dropdown = {
        kind: 'group',
        id: group.id,
        title: group.title,
        ...(group.icon ? { icon: group.icon } : {}),
        sections: [],
      };
      dropdowns.set(group.id, dropdown);
      tabs.push(dropdown);
    }
    dropdown.sections.push(tab);
  }
  return tabs;
}

/**
 * The site space switcher for a page: each site space of its section, pointing at the page with
 * the same path there when it has one (and it is built), else at that site space's root.
 */
export function siteSpaceLinks(
  current: { siteSpaceId: string; path: string },
  siteSpaces: readonly SiteSpaceModel[],
  urlAt: (siteSpaceId: string, path: string) => string | undefined,
): SiteSpaceLink[] {
  return siteSpaces.map((space) => {
    const same = urlAt(space.id, current.path);
    return {
      siteSpaceId: space.id,
      title: space.title,
      url: same ?? space.url,
      current: space.id === current.siteSpaceId,
      samePage: same !== undefined,
    };
  });
}
