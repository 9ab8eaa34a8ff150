import { describe, expect, it } from 'vitest';
import {
  Page,
  PublishedContentSite,
  SiteSection,
  StructureEntry,
} from '../../src/api/schemas/index.ts';

const siteSpace = {
  object: 'site-space',
  id: 'ss1',
  path: 'v2',
  title: 'v2',
  urls: {},
  space: {
    object: 'space',
    id: 's1',
    title: 'Guides',
    emoji: '',
    visibility: 'public',
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    urls: { location: 'x', app: 'y' },
    organization: 'o',
    revision: 'r1',
    defaultLevel: 'read',
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    permissions: {},
  },
};
const section = {
  object: 'site-section',
  id: 'sec',
  title: 'Docs',
  path: 'docs',
  siteSpaces: [siteSpace],
  urls: {},
};

describe('schemas', () => {
  it('keep fields the spec does not list', () => {
    const parsed = SiteSection.parse({ ...section, futureField: { nested: true } });
    expect((parsed as Record<string, unknown>).futureField).toEqual({ nested: true });
  });

  it('check the object kind', () => {
    const result = SiteSection.safeParse({ ...section, object: 'site-space' });
    expect(result.success).toBe(false);
  });

  it("enforce the spec's bounds on paths and titles", () => {
    expect(SiteSection.safeParse({ ...section, path: '' }).success).toBe(false);
    expect(SiteSection.safeParse({ ...section, path: 'p'.repeat(101) }).success).toBe(false);
    expect(SiteSection.safeParse({ ...section, title: 'x' }).success).toBe(false);
  });

  it('accept enum values the spec does not show', () => {
    const published = PublishedContentSite.safeParse({
      object: 'published-content-site',
      site: {
        object: 'site',
        id: 'site',
        type: 'premium-future-type',
        title: 'Docs',
        visibility: 'public',
        published: true,
        siteSpaces: 1,
        createdAt: '2024-01-01T00:00:00Z',
        features: [],
        urls: { location: 'x', app: 'y' },
      },
      structure: { type: 'sections', structure: [section] },
      customizations: { site: { styling: { corners: 'wobbly', theme: 'neon' } } },
    });
    expect(published.success).toBe(true);
  });

  it('accept the structure shapes of a live API: nested groups and bare site spaces', () => {
    expect(
      StructureEntry.safeParse({
        object: 'site-section-group',
        id: 'g',
        title: 'G',
        children: [section],
      }).success,
    ).toBe(true);
    expect(StructureEntry.safeParse(siteSpace).success).toBe(true);
  });

  it('read a recursive page tree', () => {
    const tree = {
      id: 'a',
      title: 'A',
      pages: [{ id: 'b', title: 'B', pages: [{ id: 'c', title: 'C', type: 'group' }] }],
    };
    const parsed = Page.parse(tree);
    expect(parsed.pages?.[0]?.pages?.[0]?.id).toBe('c');
    expect(Page.safeParse({ id: 'a', title: 'A', pages: [{ title: 'no id' }] }).success).toBe(
      false,
    );
  });
});
