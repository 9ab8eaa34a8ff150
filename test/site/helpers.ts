import { createHash } from 'node:crypto';
import type { ContentRef, File, Page, ReusableContent } from '../../src/api/schemas/index.ts';
import type { RevisionContent, SiteModelInput } from '../../src/site/index.ts';
import type { StoredFile } from '../../src/snapshot/format.ts';
import type { ChangeRequestView } from '../../src/snapshot/records.ts';

/** A document page; `id` defaults to its path, its git path to `<path>.md`. */
export function doc(path: string, title: string, extra: Partial<Page> = {}, pages?: Page[]): Page {
  return {
    id: extra.id ?? `p-${path.replace(/[^A-Za-z0-9_-]/g, '_') || 'root'}`,
    title,
    type: 'document',
    path,
    git: { path: `${path}.md` },
    ...extra,
    ...(pages ? { pages } : {}),
  };
}

export function group(title: string, pages: Page[], extra: Partial<Page> = {}): Page {
  return { id: `g-${title}`, title, type: 'group', pages, ...extra };
}

export function link(title: string, target: ContentRef, extra: Partial<Page> = {}) {
  return { id: `l-${title}`, title, type: 'link', target, ...extra } satisfies Page;
}

export interface FileSpec {
  id: string;
  name: string;
  path?: string;
  downloadURL?: string;
}

export interface SpaceSpec {
  id: string;
  spaceId?: string;
  path: string;
  title?: string;
  default?: boolean;
  hidden?: boolean;
  draft?: boolean;
  pages: Page[];
  files?: FileSpec[];
  reusable?: ReusableContent[];
  changeRequest?: ChangeRequestView;
}

export interface SectionSpec {
  id: string;
  path: string;
  title?: string;
  default?: boolean;
  icon?: string;
  groupId?: string;
  spaces: SpaceSpec[];
}

export interface SiteSpec {
  sections?: SectionSpec[];
  spaces?: SpaceSpec[];
  groups?: { id: string; title: string; icon?: string }[];
  base?: string;
  basename?: string;
  visibility?: string;
}

export const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** Snapshot data in memory, as `loadSiteModel` would read it. */
export function makeSite(spec: SiteSpec): SiteModelInput {
  const sectionsSpec = spec.sections ?? [];
  const all = [
    ...sectionsSpec.flatMap((s) => s.spaces.map((space) => ({ space, section: s.id }))),
    ...(spec.spaces ?? []).map((space) => ({ space, section: undefined })),
  ];
  const revisions = new Map<string, RevisionContent>();
  const manifestSpaces: SiteModelInput['manifest']['spaces'][number][] = [];
  for (const { space } of all) {
    const spaceId = space.spaceId ?? space.id;
    if (revisions.has(spaceId)) continue;
    const files: File[] = (space.files ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      downloadURL: f.downloadURL ?? `https://files.example/${spaceId}/${f.id}/${f.name}`,
      git: { path: f.path ?? `.gitbook/assets/${f.name}` },
    }));
    revisions.set(spaceId, {
      pages: space.pages,
      files,
      reusableContents: space.reusable ?? [],
    });
    const stored: StoredFile[] = files.map((f) => ({
      id: f.id,
      name: f.name,
      size: 10,
      sha256: sha(`${spaceId}/${f.id}`),
      fingerprint: f.id,
    }));
    manifestSpaces.push({
      spaceId,
      files: stored,
      ...(space.changeRequest ? { changeRequest: space.changeRequest } : {}),
    });
  }
  return {
    site: {
      title: 'Test site',
      ...(spec.basename ? { basename: spec.basename } : {}),
      ...(spec.visibility ? { visibility: spec.visibility } : {}),
    },
    structure: {
      sections: sectionsSpec.map((s) => ({
        id: s.id,
        title: s.title ?? s.id,
        path: s.path,
        default: s.default === true,
        ...(s.icon ? { icon: s.icon } : {}),
        ...(s.groupId ? { groupId: s.groupId } : {}),
        siteSpaceIds: s.spaces.map((space) => space.id),
      })),
      sectionGroups: (spec.groups ?? []).map((g) => ({
        ...g,
        sectionIds: sectionsSpec.filter((s) => s.groupId === g.id).map((s) => s.id),
      })),
      siteSpaces: all.map(({ space, section }) => ({
        id: space.id,
        ...(section ? { sectionId: section } : {}),
        spaceId: space.spaceId ?? space.id,
        title: space.title ?? space.id,
        path: space.path,
        default: space.default === true,
        hidden: space.hidden === true,
        draft: space.draft === true,
      })),
    },
    manifest: { spaces: manifestSpaces },
    revisions,
    ...(spec.base !== undefined ? { base: spec.base } : {}),
  };
}

/** The example-like site most tests use: a default section with two variants, and an API. */
export function guidesSite(extra: Partial<SiteSpec> = {}): SiteModelInput {
  const guidesPages = (v: string) => [
    doc('readme', 'Welcome', { git: { path: 'README.md' } }),
    doc('getting-started', 'Getting started', { git: { path: 'getting-started/README.md' } }, [
      doc('getting-started/install', `Install ${v}`),
      doc('getting-started/first-launch', 'First launch', {}, [
        doc('getting-started/first-launch/checklist', 'Checklist'),
      ]),
    ]),
    group('Operations', [
      doc('operations/telemetry', 'Telemetry'),
      doc('operations/runbook', 'Runbook', { hidden: true, noIndex: true, noRobotsIndex: true }),
      link('Status', { kind: 'url', url: 'https://status.example' }),
    ]),
  ];
  return makeSite({
    sections: [
      {
        id: 'guides',
        path: 'guides',
        title: 'Guides',
        default: true,
        icon: 'book',
        spaces: [
          { id: 'guides-v2', path: 'v2', title: 'v2', default: true, pages: guidesPages('v2') },
          {
            id: 'guides-v1',
            path: 'v1',
            title: 'v1',
            pages: guidesPages('v1').slice(0, 2),
          },
        ],
      },
      {
        id: 'api',
        path: 'api',
        title: 'API',
        spaces: [
          {
            id: 'api-ref',
            spaceId: 'api',
            path: 'launch-api',
            default: true,
            pages: [
              doc('readme', 'API overview', { git: { path: 'README.md' } }),
              doc('auth', 'Authentication'),
            ],
          },
        ],
      },
      {
        id: 'telemetry',
        path: 'telemetry',
        title: 'Telemetry',
        groupId: 'hardware',
        spaces: [
          {
            id: 'kit',
            path: 'kit',
            default: true,
            pages: [doc('readme', 'Kit', { git: { path: 'README.md' } })],
          },
        ],
      },
    ],
    groups: [{ id: 'hardware', title: 'Hardware', icon: 'chip' }],
    ...extra,
  });
}
