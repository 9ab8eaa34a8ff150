import type {
  PublishedContentSite,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
} from '../api/schemas/index.ts';
import type {
  Structure,
  StructureGroup,
  StructureSection,
  StructureSiteSpace,
} from '../snapshot/format.ts';

/**
 * Normalizes the site's structure from what the API returned. The published content's
 * `structure` gives the order; it may list sections, section groups nesting their sections
 * (`sections` or `children`), or bare site spaces for a site without sections. The paginated
 * lists fill in what it leaves out: sections it lacks, groups' titles and icons.
 */
export function normalizeStructure(
  published: PublishedContentSite,
  lists: { sections: SiteSection[]; sectionGroups: SiteSectionGroup[]; siteSpaces: SiteSpace[] },
): Structure {
  const sections: StructureSection[] = [];
  const groups = new Map<string, StructureGroup>();
  const siteSpaces: StructureSiteSpace[] = [];
  const seenSections = new Set<string>();
  const seenSiteSpaces = new Set<string>();

  const addSiteSpace = (siteSpace: SiteSpace, sectionId: string | undefined) => {
    if (seenSiteSpaces.has(siteSpace.id)) return;
    seenSiteSpaces.add(siteSpace.id);
    siteSpaces.push({
      id: siteSpace.id,
      sectionId,
      spaceId: siteSpace.space.id,
      title: siteSpace.title || siteSpace.space.title,
      path: siteSpace.path,
      default: siteSpace.default === true,
      condition: siteSpace.condition,
      hidden: siteSpace.hidden === true,
      draft: siteSpace.draft === true,
      ...(siteSpace.space.language ? { language: siteSpace.space.language } : {}),
    });
  };

  const group = (id: string, title?: string, icon?: string) => {
    let entry = groups.get(id);
    if (!entry) {
      entry = { id, title: title ?? id, icon, sectionIds: [] };
      groups.set(id, entry);
    }
    if (title) entry.title = title;
    if (icon) entry.icon = icon;
    return entry;
  };

  const addSection = (section: SiteSection, groupId: string | undefined) => {
    if (seenSections.has(section.id)) return;
    seenSections.add(section.id);
    const inGroup = groupId ?? section.sectionGroup;
    if (inGroup) group(inGroup).sectionIds.push(section.id);
    sections.push({
      id: section.id,
      title: section.title,
      description: section.description,
      path: section.path,
      default: section.default === true,
      icon: section.icon,
      condition: section.condition,
      groupId: inGroup,
      siteSpaceIds: section.siteSpaces.map((s) => s.id),
    });
    for (const siteSpace of section.siteSpaces) addSiteSpace(siteSpace, section.id);
  };

  for (const entry of published.structure.structure) {
    if (entry.object === 'site-section') addSection(entry as SiteSection, undefined);
    else if (entry.object === 'site-space') addSiteSpace(entry as SiteSpace, undefined);
    else if (entry.object === 'site-section-group') {
      const nested = entry as {
        id: string;
        title: string;
        icon?: string;
        sections?: SiteSection[];
        children?: SiteSection[];
      };
      group(nested.id, nested.title, nested.icon);
      for (const section of nested.sections ?? nested.children ?? [])
        addSection(section, nested.id);
    }
  }
  for (const section of lists.sections) addSection(section, undefined);
  for (const listed of lists.sectionGroups) {
    group(listed.id, listed.title, listed.icon);
    for (const section of listed.sections) {
      addSection(section, listed.id);
      // A section the structure listed before its group: attach it now.
      const known = sections.find((s) => s.id === section.id);
      const entry = groups.get(listed.id);
      if (known && !known.groupId && entry) {
        known.groupId = listed.id;
        entry.sectionIds.push(section.id);
      }
    }
  }
  for (const siteSpace of lists.siteSpaces) {
    const sectionId = siteSpace.section;
    addSiteSpace(siteSpace, sectionId);
    const section = sectionId ? sections.find((s) => s.id === sectionId) : undefined;
    if (section && !section.siteSpaceIds.includes(siteSpace.id))
      section.siteSpaceIds.push(siteSpace.id);
  }

  return { sections, sectionGroups: [...groups.values()], siteSpaces };
}
