import { timingSafeEqual } from 'node:crypto';
import type {
  ChangeRequestRecord,
  FileEntry,
  FolderPage,
  LocalModel,
  OrganizationRecord,
  SectionRecord,
  SiteRecord,
  SiteSpaceRecord,
  SpaceRecord,
} from './model.ts';

/**
 * The live state behind a running local platform: lookups the routes share, the share-link
 * rules, and hooks for tests. `reload()` swaps `data`, so code holding this object keeps
 * seeing the current folder.
 */
export class LocalState {
  data: LocalModel;

  constructor(data: LocalModel) {
    this.data = data;
  }

  organizations(): OrganizationRecord[] {
    return [this.data.organization];
  }

  sites(): SiteRecord[] {
    return this.data.sites;
  }

  spaces(): SpaceRecord[] {
    return [...this.data.spaces.values()];
  }

  site(id: string): SiteRecord | undefined {
    return this.data.sites.find((site) => site.id === id);
  }

  space(id: string): SpaceRecord | undefined {
    return this.data.spaces.get(id);
  }

  /** A change request by id or by number, as `changeRequestId` accepts both. */
  changeRequest(space: SpaceRecord, idOrNumber: string): ChangeRequestRecord | undefined {
    const number = /^\d+$/.test(idOrNumber) ? Number(idOrNumber) : undefined;
    return space.changeRequests.find((cr) => cr.id === idOrNumber || cr.number === number);
  }

  /** Every site space of a site with the section holding it (undefined at the root). */
  siteSpacesOf(site: SiteRecord): Array<{ siteSpace: SiteSpaceRecord; section?: SectionRecord }> {
    return [
      ...site.siteSpaces.map((siteSpace) => ({ siteSpace })),
      ...site.sections.flatMap((section) =>
        section.siteSpaces.map((siteSpace) => ({ siteSpace, section })),
      ),
    ];
  }

  /** Whether `shareKey` opens the site: always for sites not behind share links. */
  siteReadable(site: SiteRecord, shareKey: string | null): boolean {
    if (site.visibility !== 'share-link') return true;
    return (
      shareKey !== null &&
      site.shareLinks.some((link) => link.active && sameSecret(link.key, shareKey))
    );
  }

  /**
   * A space published only through share-link sites is as secret as they are: readable with a
   * key of one of those sites. A space in any other site, or in none, is open to the token.
   */
  spaceReadable(spaceId: string, shareKey: string | null): boolean {
    const sites = this.data.sites.filter((site) =>
      this.siteSpacesOf(site).some(({ siteSpace }) => siteSpace.space === spaceId),
    );
    if (sites.length === 0 || sites.some((site) => site.visibility !== 'share-link')) return true;
    return sites.some((site) => this.siteReadable(site, shareKey));
  }

  // Test hooks: change records as they are, without the validation of the write routes, to
  // put the platform in states a client must survive (e.g. a path beyond the spec's bounds).

  mutateSite(siteId: string, patch: Partial<SiteRecord>): SiteRecord {
    const site = this.must(this.site(siteId), `site ${siteId}`);
    return Object.assign(site, patch);
  }

  mutateSection(siteId: string, sectionId: string, patch: Partial<SectionRecord>): SectionRecord {
    const site = this.must(this.site(siteId), `site ${siteId}`);
    const section = this.must(
      site.sections.find((s) => s.id === sectionId),
      `section ${sectionId}`,
    );
    return Object.assign(section, patch);
  }

  mutateSiteSpace(
    siteId: string,
    siteSpaceId: string,
    patch: Partial<SiteSpaceRecord>,
  ): SiteSpaceRecord {
    const site = this.must(this.site(siteId), `site ${siteId}`);
    const found = this.siteSpacesOf(site).find(({ siteSpace }) => siteSpace.id === siteSpaceId);
    return Object.assign(this.must(found, `site space ${siteSpaceId}`).siteSpace, patch);
  }

  mutateSpace(spaceId: string, patch: Partial<SpaceRecord>): SpaceRecord {
    return Object.assign(this.must(this.space(spaceId), `space ${spaceId}`), patch);
  }

  /**
   * A page of a space's main content, changed as it is: what a folder cannot express (a path
   * with NUL or `..`, a child that repeats an ancestor's id) for hostile-input tests.
   */
  mutatePage(spaceId: string, pageId: string, patch: Partial<FolderPage>): FolderPage {
    const space = this.must(this.space(spaceId), `space ${spaceId}`);
    const page = this.must(space.content.pagesById.get(pageId), `page ${pageId}`);
    return Object.assign(page, patch) as FolderPage;
  }

  /** A file of a space's main content, changed as it is (a lying `size` or `contentType`, a hostile `name`). */
  mutateFile(spaceId: string, fileId: string, patch: Partial<FileEntry>): FileEntry {
    const space = this.must(this.space(spaceId), `space ${spaceId}`);
    const file = this.must(space.content.filesById.get(fileId), `file ${fileId}`);
    return Object.assign(file, patch);
  }

  private must<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`local platform: no ${what}`);
    return value;
  }
}

/** Compares secrets in constant time, so response timing does not leak a key's prefix. */
export function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
