import type { PublishedContentSite, Revision } from '../api/schemas/index.ts';
import type { Structure } from '../snapshot/format.ts';
import type { Snapshot } from '../snapshot/read.ts';
import type { GitSource } from './edit-links.ts';
import { buildSiteModel, type SiteModel } from './model.ts';
import { buildReview, changeMarks, type ReviewModel } from './review.ts';
import type { LocalPageInput, SiteModelInput } from './types.ts';

export interface LoadSiteModelOptions {
  /** `--base`: overrides the site's `basename`. */
  base?: string;
  /** Pages from the user's repository (`--pages`), placed among the platform's. */
  localPages?: readonly LocalPageInput[];
}

/** Reads what the site model needs from a snapshot (the shown spaces' revisions), then builds it. */
export async function loadSiteModel(
  snapshot: Snapshot,
  options: LoadSiteModelOptions = {},
): Promise<SiteModel> {
  const [published, structure] = await Promise.all([snapshot.site(), snapshot.structure()]);
  const spaceIds = shownSpaceIds(structure);
  const revisions = new Map<string, Revision>(
    await Promise.all(
      spaceIds.map(async (id) => [id, await snapshot.revision(id)] as [string, Revision]),
    ),
  );
  const git = await gitSources(snapshot, revisions);
  const [review, linkedSpaces] = await Promise.all([
    requestChanges(snapshot),
    snapshot.linkedSpaces(),
  ]);
  return buildSiteModel({
    site: modelSite(published),
    structure,
    manifest: snapshot.manifest,
    revisions,
    ...(git.size > 0 ? { git } : {}),
    ...(options.base !== undefined ? { base: options.base } : {}),
    ...(options.localPages ? { localPages: options.localPages } : {}),
    ...(review ? { changes: changeMarks(review.spaceId, review.changes) } : {}),
    ...(Object.keys(linkedSpaces).length > 0 ? { linkedSpaces } : {}),
  });
}

/** The spaces whose content is pulled: hidden and draft site spaces' are not. */
export function shownSpaceIds(structure: Structure): string[] {
  return [
    ...new Set(structure.siteSpaces.filter((s) => !s.hidden && !s.draft).map((s) => s.spaceId)),
  ];
}

/** The site as the model takes it: its title and language as the customization sets them. */
export function modelSite(published: PublishedContentSite): SiteModelInput['site'] {
  const { site } = published;
  const locale = published.customizations?.site?.internationalization?.locale;
  return {
    id: site.id,
    title: published.customizations?.site?.title ?? site.title,
    ...(site.basename ? { basename: site.basename } : {}),
    visibility: site.visibility,
    ...(locale ? { language: locale } : {}),
  };
}

/** The git data of the Git-synced spaces among `spaceIds` (edit links), by space id. */
async function gitSources(snapshot: Snapshot, revisions: ReadonlyMap<string, Revision>) {
  const sources = new Map<string, GitSource>();
  const ids = [...revisions.keys()];
  const spaces = await Promise.all(ids.map((id) => snapshot.space(id)));
  for (const [at, space] of spaces.entries()) {
    const id = ids[at] as string;
    const revision = revisions.get(id);
    if (!space.gitSync?.url || !revision) continue;
    sources.set(id, {
      gitSync: space.gitSync,
      ...(revision.git ? { revisionGit: revision.git } : {}),
    });
  }
  return sources;
}

/** A change-request preview's changes, as the pull recorded them; undefined for a published build. */
async function requestChanges(snapshot: Snapshot) {
  const entry = snapshot.manifest.spaces.find((space) => space.changeRequest);
  if (!entry?.changeRequest) return undefined;
  const changes = await snapshot.changes(entry.spaceId);
  return changes
    ? { spaceId: entry.spaceId, changeRequest: entry.changeRequest, changes }
    : undefined;
}

/** The review of a change-request preview (src/site/review.ts); undefined for a published build. */
export async function loadReview(
  snapshot: Snapshot,
  model: SiteModel,
): Promise<ReviewModel | undefined> {
  const found = await requestChanges(snapshot);
  return found && buildReview(model, found.spaceId, found.changeRequest, found.changes);
}
