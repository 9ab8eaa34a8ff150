import path from 'node:path';
import { AddressPolicy } from '../api/address-policy.ts';
import { PlatformClient } from '../api/client.ts';
import { ApiError, RateLimitError } from '../api/errors.ts';
import type { RateWaitEvent } from '../api/rate-gate.ts';
import type {
  ChangeRequest,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  Space,
} from '../api/schemas/index.ts';
import { imageCacheOf } from '../images/cache.ts';
import { EarlyImages } from '../images/early.ts';
import type { ImageWorkshop } from '../images/workshop.ts';
import { MAX_SPEC_BYTES } from '../openapi/limits.ts';
import { shownSpaceIds } from '../site/load.ts';
import { assertCacheState, CacheStateError } from '../snapshot/cache-state.ts';
import {
  type Manifest,
  SNAPSHOT_FILES,
  SNAPSHOT_FORMAT,
  type SpaceEntry,
} from '../snapshot/format.ts';
import { OPENAPI_FILE } from '../snapshot/openapi.ts';
import { Snapshot } from '../snapshot/read.ts';
import { SnapshotStore } from '../snapshot/store.ts';
import { verifySnapshot } from '../snapshot/verify.ts';
import { SnapshotWriter } from '../snapshot/write.ts';
import { isDiskFull } from '../utils/disk-errors.ts';
import { pauseForTest } from '../utils/test-pause.ts';
import type { EarlyWork } from './early/index.ts';
import { PullError } from './errors.ts';
import { FileStore } from './files.ts';
import { pullLinkedSpaces } from './linked-spaces.ts';
import { stagedSpecUrls } from './openapi-scan.ts';
import { type NamedSpecs, namedSpecKeys, OpenapiSpecs, type SpecCounts } from './openapi-specs.ts';
import { type PullProgress, silentProgress } from './progress.ts';
import { allSettledOrThrow } from './settle.ts';
import { pullSpace, type SpaceCounters } from './space.ts';
import { SpecFetcher } from './spec-fetch.ts';
import { normalizeStructure } from './structure.ts';

export interface PullOptions {
  apiUrl: string;
  token?: string;
  shareKey?: string;
  organizationId: string;
  siteId: string;
  /** The cache directory; the snapshot is `<cacheDir>/snapshot`. */
  cacheDir: string;
  /** Pull this change request's content in place of its space's. */
  changeRequest?: { spaceId: string; changeRequestId: string };
  allowVisitorAuth?: boolean;
  concurrency?: number;
  timeoutMs?: number;
  retry?: ConstructorParameters<typeof PlatformClient>[0]['retry'];
  /** How long one request may wait on the platform's rate limit before the pull gives up (default 15 min). */
  rateLimitWaitMs?: number;
  /** Told when requests wait on the platform's rate limit (the CLI shows long waits). */
  onRateLimit?: (event: RateWaitEvent) => void;
  progress?: PullProgress;
  /** The largest file download accepted, in bytes (default 256 MiB); larger files are left out with a warning. */
  maxFileBytes?: number;
  /** Named OpenAPI specs (the config file's `openapi` map) and the folder their paths are in. */
  openapi?: NamedSpecs;
  /** The largest OpenAPI spec document fetched or read, in bytes (default MAX_SPEC_BYTES). */
  maxSpecBytes?: number;
  /** Warnings worth a line (an unpublished site, a snapshot that could not be reused). */
  onWarning?: (message: string) => void;
  /**
   * Make image variants as files land, on the cores the network leaves idle, into the render's
   * image cache (`print`: the render prints PDFs). What is not done when the pull is goes on in
   * `workshop`, which the caller closes (dropping what has not started) or hands to the render.
   * A failed pull drops what has not started.
   */
  images?: { workshop: ImageWorkshop; print?: boolean };
  /** Told what lands in the staging snapshot, to do the render's work ahead (src/pull/early). */
  early?: Pick<
    EarlyWork,
    'siteKnown' | 'revision' | 'fileLanded' | 'page' | 'spacesPulled' | 'specsPulled'
  >;
}

export interface PullResult {
  snapshotDir: string;
  manifest: Manifest;
  stats: {
    requests: number;
    spacesFetched: number;
    spacesReused: number;
    pages: number;
    /** Pages of fetched spaces whose markdown was reused from the previous snapshot. */
    pagesReused: number;
    filesDownloaded: number;
    filesReused: number;
    bytes: number;
    /** OpenAPI spec documents (`openapi.json`). */
    specs: SpecCounts;
    /** With `images`: downloaded images offered for variants, those done, and variants made. */
    images?: { offered: number; done: number; made: number };
    seconds: number;
  };
}

/**
 * Pulls one published site into a new snapshot, then swaps it in. Nothing is swapped in unless
 * every request succeeded: a failed or interrupted pull leaves the previous snapshot as it was.
 */
export async function pull(options: PullOptions): Promise<PullResult> {
  const started = Date.now();
  const warn = options.onWarning ?? (() => {});
  // A named spec outside the config's folder is a config error: refused before any request.
  const named = options.openapi ? namedSpecKeys(options.openapi) : { keys: {}, errors: [] };
  if (named.errors.length > 0) throw new PullError(named.errors.join('; '));
  // A cache that could not take the snapshot is told now, not after the whole pull.
  await assertCacheState(options.cacheDir);
  let requests = 0;
  const client = new PlatformClient({
    apiUrl: options.apiUrl,
    token: options.token,
    shareKey: options.shareKey,
    concurrency: options.concurrency,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
    rateLimitWaitMs: options.rateLimitWaitMs,
    onRateLimit: options.onRateLimit,
    maxDownloadBytes: options.maxFileBytes,
    onAttempt: () => {
      requests++;
    },
    onWarning: (message) => warn(message),
  });
  const progress = options.progress ?? silentProgress;
  const site = { organizationId: options.organizationId, siteId: options.siteId };

  const published = await explainShareKeyFailure(options, () =>
    client.request('getPublishedContentSite', site),
  );
  if (published.site.visibility === 'visitor-auth' && !options.allowVisitorAuth) {
    throw new PullError(
      `site ${options.siteId} uses visitor authentication, which a static site cannot enforce: every page would be public. ` +
        'Pass --allow-visitor-auth to build it anyway (and protect the host yourself), or publish it as share-link or unlisted.',
    );
  }
  if (!published.site.published)
    warn(`site ${options.siteId} is not published: building it anyway`);

  const [sections, sectionGroups, siteSpaces] = await Promise.all([
    client.list('listSiteSections', site) as Promise<SiteSection[]>,
    client.list('listSiteSectionGroups', site) as Promise<SiteSectionGroup[]>,
    client.list('listSiteSpaces', site) as Promise<SiteSpace[]>,
  ]);
  const adaptiveSchema = published.site.adaptiveContent?.enabled
    ? await client.request('getSiteAdaptiveSchema', site)
    : undefined;
  const structure = normalizeStructure(published, { sections, sectionGroups, siteSpaces });
  const spaceIds = shownSpaceIds(structure);
  options.early?.siteKnown(published, structure, spaceIds);
  if (options.changeRequest && !spaceIds.includes(options.changeRequest.spaceId)) {
    throw new PullError(
      `--change-request names space ${options.changeRequest.spaceId}, which is not part of site ${options.siteId}`,
    );
  }

  const store = new SnapshotStore(options.cacheDir);
  const previous = await openPrevious(store, options, warn);
  const staged = await store.stage();
  const images = options.images
    ? new EarlyImages({
        workshop: options.images.workshop,
        cacheDir: imageCacheOf(options.cacheDir),
        print: options.images.print,
        onProgress: () => counters.tick(),
        // The staging folder becomes the snapshot: images not started by then are read there.
        whereNow: (file) => (committed ? path.join(committed, path.relative(staged, file)) : file),
      })
    : undefined;
  let committed: string | undefined;
  const counters: SpaceCounters = {
    pagesReused: 0,
    pagesDone: 0,
    pagesTotal: 0,
    filesDone: 0,
    filesTotal: 0,
    tick: () =>
      progress.update(
        images ? { ...counters, imagesDone: images.done, imagesTotal: images.offered } : counters,
      ),
  };
  try {
    const writer = new SnapshotWriter(staged, (text) => client.transport.redact(text));
    const files = new FileStore(client, writer, previous, warn, (file) => {
      images?.landed(file);
      options.early?.fileLanded(file);
    });

    const entries = await allSettledOrThrow(
      spaceIds.map(async (spaceId) => {
        const space = (await client.request('getSpace', { spaceId })) as Space;
        const changeRequest =
          options.changeRequest?.spaceId === spaceId
            ? ((await client.request('getChangeRequest', options.changeRequest)) as ChangeRequest)
            : undefined;
        return pullSpace(
          client,
          { space, changeRequest },
          {
            writer,
            files,
            previous,
            partialDir: store.partialDir,
            counters,
            warn,
            covers: (spaceId, ids) => images?.covers(spaceId, ids),
            early: options.early,
          },
        );
      }),
    );
    progress.finish();
    options.early?.spacesPulled(staged, entries);
    await pauseForTest('pull');

    const maxSpecBytes = options.maxSpecBytes ?? MAX_SPEC_BYTES;
    const specs = new OpenapiSpecs({
      fetcher: new SpecFetcher(
        client.transport,
        new AddressPolicy({ apiUrl: client.transport.apiUrl }),
        maxSpecBytes,
      ),
      writer,
      previous,
      folder: options.openapi?.folder,
      maxBytes: maxSpecBytes,
      warn,
    });
    const specUrls = await stagedSpecUrls(
      staged,
      entries.map((entry) => entry.key),
    );
    const openapi = await specs.pull(specUrls, named.keys);
    if (Object.keys(openapi.documents).length > 0 || Object.keys(openapi.named).length > 0)
      await writer.json(OPENAPI_FILE, openapi);
    options.early?.specsPulled(staged, openapi);

    const linked = await pullLinkedSpaces(client, staged, entries);
    if (Object.keys(linked.spaces).length > 0)
      await writer.json(SNAPSHOT_FILES.linkedSpaces, linked);
    await writer.json(SNAPSHOT_FILES.site, published);
    await writer.json(SNAPSHOT_FILES.structure, structure);
    if (adaptiveSchema) await writer.json(SNAPSHOT_FILES.adaptiveSchema, adaptiveSchema);
    const spaces: SpaceEntry[] = entries.map(({ reused: _reused, ...entry }) => entry);
    const manifest: Manifest = {
      format: SNAPSHOT_FORMAT,
      generator: 'offprint',
      apiUrl: publicApiUrl(client.transport.apiUrl),
      organizationId: options.organizationId,
      siteId: options.siteId,
      siteTitle: published.site.title,
      visibility: published.site.visibility,
      published: published.site.published,
      viaShareLink: Boolean(options.shareKey),
      fetchedAt: new Date().toISOString(),
      spaces,
      counts: {
        sections: structure.sections.length,
        siteSpaces: structure.siteSpaces.length,
        spaces: spaces.length,
        pages: spaces.reduce((sum, s) => sum + s.pages, 0),
        files: spaces.reduce((sum, s) => sum + s.files.length, 0),
        fileBytes: spaces.reduce((sum, s) => sum + s.files.reduce((n, f) => n + f.size, 0), 0),
      },
    };
    // The manifest goes last: a staging directory without one is never a snapshot.
    await writer.json(SNAPSHOT_FILES.manifest, manifest);
    const snapshotDir = await store.commit(staged);
    committed = snapshotDir;
    for (const message of client.outOfSpecWarnings()) warn(message);
    return {
      snapshotDir,
      manifest,
      stats: {
        requests,
        spacesFetched: entries.filter((e) => !e.reused).length,
        spacesReused: entries.filter((e) => e.reused).length,
        pages: manifest.counts.pages,
        pagesReused: counters.pagesReused,
        filesDownloaded: files.downloaded,
        filesReused: files.reused,
        bytes: files.bytes,
        specs: specs.counts,
        ...(images
          ? { images: { offered: images.offered, done: images.done, made: images.made } }
          : {}),
        seconds: (Date.now() - started) / 1000,
      },
    };
  } catch (error) {
    images?.end();
    progress.finish();
    // What was fetched is kept for the next pull, unless the disk is full or the cache cannot
    // take a snapshot as it is: then it goes, and a retry does not pile up another copy.
    if (isDiskFull(error) || error instanceof CacheStateError)
      await store.discard(staged).catch(() => {});
    else await store.keepPartial(staged).catch(() => store.discard(staged));
    if (error instanceof RateLimitError) {
      throw new PullError(
        `${error.message}. The previous snapshot is unchanged; run the pull again later: ` +
          'pages already fetched (by this pull too) are reused, not fetched again.',
      );
    }
    throw error;
  }
}

/** The previous snapshot, if it is of the same site and readable; otherwise a fresh pull. */
async function openPrevious(
  store: SnapshotStore,
  options: PullOptions,
  warn: (message: string) => void,
): Promise<Snapshot | undefined> {
  const dir = await store.current();
  if (!dir) return undefined;
  try {
    const snapshot = await Snapshot.open(dir);
    const { organizationId, siteId } = snapshot.manifest;
    if (organizationId !== options.organizationId || siteId !== options.siteId) return undefined;
    // What is reused is linked into the new snapshot: a damaged file must not be carried on.
    await verifySnapshot(snapshot);
    return snapshot;
  } catch (error) {
    warn(`previous snapshot not reused, everything is fetched again: ${(error as Error).message}`);
    return undefined;
  }
}

/** A 404 with a share key usually means the key is wrong or its link inactive: say so. */
async function explainShareKeyFailure<T>(options: PullOptions, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && options.shareKey) {
      throw new PullError(
        `${error.message} — check --share-key: the key may be wrong, or its share link inactive`,
      );
    }
    throw error;
  }
}

function publicApiUrl(apiUrl: string): string {
  const url = new URL(apiUrl);
  url.username = '';
  url.password = '';
  url.search = '';
  return url.toString().replace(/\/$/, '');
}
