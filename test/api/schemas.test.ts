import { describe, expect, it } from 'vitest';
import {
  OutOfSpecNotes,
  Page,
  PublishedContentSite,
  parseTolerantly,
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

  it("note values outside the spec's bounds and keep them, as sent", () => {
    const long = 'A space title well over the fifty characters the spec allows';
    const input = {
      ...section,
      path: '',
      title: 'x',
      icon: 'i'.repeat(51),
      siteSpaces: [{ ...siteSpace, space: { ...siteSpace.space, title: long } }],
    };
    // Strict zod alone refuses it: the bounds are real checks, only made advisory.
    expect(SiteSection.safeParse(input).success).toBe(false);
    const result = parseTolerantly(SiteSection, input);
    if (!result.success) throw result.error;
    expect(result.data.siteSpaces[0]?.space.title).toBe(long);
    expect(result.data.icon).toBe('i'.repeat(51));
    expect(result.outOfSpec).toEqual([
      { kind: "section title outside the spec's 2..128 characters", path: 'title' },
      { kind: "section path outside the spec's 1..100 characters", path: 'path' },
      {
        kind: "space title longer than the spec's 50 characters",
        path: 'siteSpaces[0].space.title',
      },
      { kind: "section icon longer than the spec's 50 characters", path: 'icon' },
    ]);
  });

  it('still fail on a wrong shape, type or kind, naming only what failed', () => {
    const result = parseTolerantly(SiteSection, {
      ...section,
      title: 'x',
      siteSpaces: [{ ...siteSpace, id: 7 }],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues.map((issue) => issue.path.join('.'))).toEqual(['siteSpaces.0.id']);
  });

  it('report each kind once, with its first three places and a count', () => {
    const notes = new OutOfSpecNotes();
    const kind = "space title longer than the spec's 50 characters";
    notes.add('GET /spaces/a', [{ kind, path: 'title' }]);
    notes.add('GET /spaces/b', [
      { kind, path: 'title' },
      { kind: 'other', path: '' },
    ]);
    notes.add('GET /spaces/c', [{ kind, path: 'title' }]);
    notes.add('GET /spaces/d', [{ kind, path: 'title' }]);
    expect(notes.messages()).toEqual([
      `${kind}, kept as sent (4): GET /spaces/a title; GET /spaces/b title; GET /spaces/c title; and 1 more`,
      'other, kept as sent (1): GET /spaces/b (root)',
    ]);
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
