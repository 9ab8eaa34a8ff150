import type { SiteCustomization } from '../../api/schemas/customizations.ts';
import { siteOrigin } from '../../hosting/index.ts';
import { discoverLocalPages, type LocalPage, localFilesDigest } from '../../local-pages/index.ts';
import { SOURCE_VERSION } from '../../records/last-build.ts';
import { loadReview, loadSiteModel, type ReviewModel, type SiteModel } from '../../site/index.ts';
import { Snapshot } from '../../snapshot/read.ts';
import { SnapshotStore } from '../../snapshot/store.ts';
import { RenderError } from '../errors.ts';
import { renderInputsDigest, snapshotDigest } from '../inputs.ts';
import { type RenderOptions, writtenOptions } from '../options.ts';
import { findThemeOverrides, type ThemeOverrides } from '../theme-overrides.ts';
import { type PdfPlan, planPdfs } from './pdf.ts';

/**
 * What a render reads, before it writes anything: the current snapshot, the digest of all its
 * inputs (inputs.ts), and the site model with what goes with it (the model phase).
 */

/** The snapshot directory the last pull committed. */
export async function currentSnapshot(cacheDir: string): Promise<string> {
  const snapshotDir = await new SnapshotStore(cacheDir).current();
  if (!snapshotDir)
    throw new RenderError(
      `no snapshot in ${cacheDir}: run offprint pull (or offprint build) first`,
    );
  return snapshotDir;
}

/**
 * The digest of everything the render reads, that of the local files alone, and the identity
 * the parts of a sharded render share: the digest of the same inputs but for `--shard`.
 */
export async function digestInputs(
  options: RenderOptions,
  snapshotDir: string,
): Promise<{ inputs: string; localDigest: string; identity: string }> {
  // Local pages and theme overrides (and what they import) are compiled by Astro: an edit to
  // any of them must re-render.
  const localDigest = await localFilesDigest(
    [options.pagesDir, options.themeDir].filter((dir): dir is string => dir !== undefined),
  );
  const common = {
    snapshotDir,
    snapshotDigest: await snapshotDigest(snapshotDir),
    sourceVersion: SOURCE_VERSION,
    localFiles: localDigest,
  };
  const inputs = await renderInputsDigest({ ...common, options: writtenOptions(options) });
  const { shard: _shard, ...unsharded } = options;
  const identity = options.shard
    ? await renderInputsDigest({ ...common, options: writtenOptions(unsharded) })
    : inputs;
  return { inputs, localDigest, identity };
}

export interface RenderSource {
  snapshot: Snapshot;
  model: SiteModel;
  localPages: LocalPage[];
  themeOverrides: ThemeOverrides;
  pdfs: PdfPlan;
  customizations: SiteCustomization | undefined;
  /** The origin the site is hosted at, when known (absolute URLs, sitemap, link check). */
  origin: string | undefined;
  /** A change-request preview: what the request changed (src/site/review.ts). */
  review: ReviewModel | undefined;
}

/** The model phase: the snapshot opened, the local files found, the site model built. */
export async function loadSource(
  options: RenderOptions,
  snapshotDir: string,
): Promise<RenderSource> {
  const snapshot = await Snapshot.open(snapshotDir);
  const localPages = options.pagesDir ? await discoverLocalPages(options.pagesDir) : [];
  const themeOverrides = options.themeDir ? await findThemeOverrides(options.themeDir) : {};
  const model = await loadSiteModel(snapshot, { base: options.base, localPages });
  const pdfs = planPdfs(options, snapshot, model);
  const published = await snapshot.site();
  const origin = siteOrigin({
    flag: options.siteUrl,
    hostname: published.site.hostname,
    published: published.site.urls.published,
    base: model.base,
  });
  return {
    snapshot,
    model,
    localPages,
    themeOverrides,
    pdfs,
    customizations: published.customizations?.site,
    origin,
    review: await loadReview(snapshot, model),
  };
}
