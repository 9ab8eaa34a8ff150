import { randomBytes } from 'node:crypto';
import { badRequest, notFound } from './errors.ts';
import { stableId } from './ids.ts';
import type {
  SectionGroupRecord,
  SectionRecord,
  ShareLinkRecord,
  SiteRecord,
  SiteSpaceRecord,
} from './model.ts';
import { slugify } from './pages.ts';

/**
 * Writes to a site's structure (sections, groups, site spaces, share links), in memory only.
 * Each keeps the invariants the folder loader checks: one default per level, unique paths.
 */

/** `{ type, <reference> }`; which reference member is read depends on the moved resource. */
export interface Anchor {
  type: string;
  siteSection?: string;
  siteSpace?: string;
  id?: string;
}

export interface Position {
  before?: Anchor;
  after?: Anchor;
}

/** Ids of resources created through the API: deterministic per site, so test runs repeat exactly. */
export function newId(site: SiteRecord, kind: string): string {
  site.created += 1;
  return stableId('created', site.id, kind, site.created);
}

export function uniquePath(wanted: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = slugify(wanted).slice(0, 90);
  let path = base;
  for (let n = 2; used.has(path); n++) path = `${base}-${n}`;
  return path;
}

/** Title of a new section: the space's, padded to the 2-character minimum of the spec. */
function sectionTitle(title: string): string {
  return title.length >= 2 ? title.slice(0, 128) : `${title} section`.trim();
}

export function createSection(site: SiteRecord, spaceId: string, title: string): SectionRecord {
  // A site that listed bare site spaces keeps them, in a default section of their own.
  if (site.sections.length === 0 && site.siteSpaces.length > 0) {
    site.sections.push({
      id: newId(site, 'section'),
      title: sectionTitle(site.title),
      path: 'default',
      default: true,
      siteSpaces: site.siteSpaces,
    });
    site.siteSpaces = [];
  }
  const section: SectionRecord = {
    id: newId(site, 'section'),
    title: sectionTitle(title),
    path: uniquePath(
      title,
      site.sections.map((s) => s.path),
    ),
    default: site.sections.length === 0,
    siteSpaces: [],
  };
  section.siteSpaces.push({
    id: newId(site, 'site-space'),
    space: spaceId,
    path: uniquePath(spaceId, []),
    default: true,
    extra: {},
  });
  site.sections.push(section);
  return section;
}

export function findSection(site: SiteRecord, id: string): SectionRecord {
  const section = site.sections.find((s) => s.id === id);
  if (!section) throw notFound(`site section ${id}`);
  return section;
}

export function deleteSection(site: SiteRecord, section: SectionRecord): void {
  site.sections = site.sections.filter((s) => s !== section);
  const first = site.sections[0];
  if (section.default && first) first.default = true;
}

export function setDefaultSection(site: SiteRecord, section: SectionRecord): void {
  for (const s of site.sections) s.default = s === section;
}

/** Where a site space lives: the list holding it and its section (none at the root). */
export function findSiteSpace(
  site: SiteRecord,
  id: string,
): { siteSpace: SiteSpaceRecord; list: SiteSpaceRecord[]; section?: SectionRecord } {
  const atRoot = site.siteSpaces.find((s) => s.id === id);
  if (atRoot) return { siteSpace: atRoot, list: site.siteSpaces };
  for (const section of site.sections) {
    const siteSpace = section.siteSpaces.find((s) => s.id === id);
    if (siteSpace) return { siteSpace, list: section.siteSpaces, section };
  }
  throw notFound(`site space ${id}`);
}

export function setDefaultSiteSpace(list: SiteSpaceRecord[], siteSpace: SiteSpaceRecord): void {
  for (const s of list) s.default = s === siteSpace;
}

export function createSiteSpace(
  site: SiteRecord,
  spaceId: string,
  section: SectionRecord | undefined,
): SiteSpaceRecord {
  const list = section ? section.siteSpaces : site.siteSpaces;
  const siteSpace: SiteSpaceRecord = {
    id: newId(site, 'site-space'),
    space: spaceId,
    path: uniquePath(
      spaceId,
      list.map((s) => s.path),
    ),
    default: list.length === 0,
    extra: {},
  };
  list.push(siteSpace);
  return siteSpace;
}

export function removeSiteSpace(list: SiteSpaceRecord[], siteSpace: SiteSpaceRecord): void {
  const index = list.indexOf(siteSpace);
  if (index >= 0) list.splice(index, 1);
  const first = list[0];
  if (siteSpace.default && first) first.default = true;
}

export function createGroup(
  site: SiteRecord,
  title: string,
  icon: string | undefined,
  sections: SectionRecord[],
): SectionGroupRecord {
  const group: SectionGroupRecord = { id: newId(site, 'section-group'), title };
  if (icon !== undefined) group.icon = icon;
  site.sectionGroups.push(group);
  for (const section of sections) section.group = group.id;
  return group;
}

export function findGroup(site: SiteRecord, id: string): SectionGroupRecord {
  const group = site.sectionGroups.find((g) => g.id === id);
  if (!group) throw notFound(`site section group ${id}`);
  return group;
}

export function deleteGroup(site: SiteRecord, group: SectionGroupRecord): void {
  site.sectionGroups = site.sectionGroups.filter((g) => g !== group);
  for (const section of site.sections) if (section.group === group.id) delete section.group;
}

export function createShareLink(site: SiteRecord, name: string): ShareLinkRecord {
  const link: ShareLinkRecord = {
    id: newId(site, 'share-link'),
    name,
    // Keys are secrets: random, unlike every other id here.
    key: randomBytes(16).toString('hex'),
    active: true,
    createdAt: new Date().toISOString(),
  };
  site.shareLinks.push(link);
  return link;
}

/**
 * Moves `moving` (kept in order) before or after the anchor's items, or to the end without a
 * position. `locate` maps an anchor to the items it designates in `list`.
 */
export function reorder<T>(
  list: T[],
  moving: T[],
  position: Position | undefined,
  locate: (anchor: Anchor) => T[] | undefined,
): T[] {
  const rest = list.filter((item) => !moving.includes(item));
  const anchor = position?.before ?? position?.after;
  if (!anchor) return [...rest, ...moving];
  const targets = locate(anchor);
  if (!targets || targets.length === 0)
    throw badRequest('position: the anchor names nothing in this site');
  if (targets.some((t) => moving.includes(t)))
    throw badRequest('position: cannot move something relative to itself');
  const indexes = targets.map((t) => rest.indexOf(t)).filter((i) => i >= 0);
  const at = position?.before ? Math.min(...indexes) : Math.max(...indexes) + 1;
  return [...rest.slice(0, at), ...moving, ...rest.slice(at)];
}
