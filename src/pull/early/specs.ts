import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Revision } from '../../api/schemas/index.ts';
import { prepareSpecsAhead, type SpecInputs } from '../../openapi/library.ts';
import { specReusable } from '../../render/reuse-policy.ts';
import { buildAssets, storedFilesOf } from '../../site/assets.ts';
import { blobPath, type SpaceEntry, spaceDir } from '../../snapshot/format.ts';
import type { OpenapiSources } from '../../snapshot/openapi.ts';

/**
 * OpenAPI specs loaded into the render's cache while the pull goes on, with the inputs the
 * render's `prepareOpenapi` will have (the stored files as the site model lists them, the
 * documents of `openapi.json`), so that it finds them reusable (`prepareSpecsAhead`): the specs
 * uploaded as files once every space is in the staging snapshot (while the pull fetches the
 * documents pages name by URL), then the rest once `openapi.json` is written. One spec at a
 * time; once the pull ends, the spec under way is finished and the rest left to the render.
 */
export class EarlySpecs {
  #job: Promise<void> = Promise.resolve();
  #files: Promise<SpecInputs['files']> | undefined;
  #ended = false;
  /** Specs loaded here. */
  loaded = 0;

  private readonly renderDir: string;
  /** The cache's link to the current snapshot (`<cache>/snapshot`). */
  private readonly snapshotLink: string;

  constructor(cacheDir: string) {
    this.renderDir = path.resolve(cacheDir, 'render');
    this.snapshotLink = path.resolve(cacheDir, 'snapshot');
  }

  /** Every space is in the staging snapshot `staged` (the manifest's `spaces`, in its order). */
  spacesPulled(staged: string, spaces: readonly SpaceEntry[]): void {
    const files = storedFiles(staged, spaces);
    files.catch(() => {});
    this.#files = files;
    this.#queue(staged, { documents: {}, named: {} }, false);
  }

  /** The documents of `openapi.json`, as the pull wrote it into `staged`. */
  specsPulled(staged: string, openapi: OpenapiSources): void {
    this.#queue(staged, openapi, true);
  }

  /** The pull ended: the spec under way is finished, no other is begun. */
  end(): Promise<void> {
    this.#ended = true;
    return this.#job;
  }

  #queue(staged: string, sources: Pick<SpecInputs, 'documents' | 'named'>, final: boolean) {
    const files = this.#files;
    if (this.#ended || !files) return;
    this.#job = this.#job
      .then(async () => {
        const inputs: SpecInputs = {
          files: await files,
          documents: sources.documents,
          named: sources.named,
          blobFile: (sha256) => this.#blobFile(staged, sha256),
        };
        this.loaded += await prepareSpecsAhead(inputs, this.renderDir, specReusable, {
          goOn: () => !this.#ended,
          documentsFinal: final,
        });
      })
      // Work ahead is a saving, never a failure: the render loads what is not there.
      .catch(() => {});
  }

  /**
   * A file's bytes: in the staging snapshot, or, once the pull moved it in place, through the
   * cache's link (bytes are named by their hash: any snapshot's copy is the same).
   */
  #blobFile(staged: string, sha256: string): string {
    const inStaging = path.join(staged, blobPath(sha256));
    return existsSync(inStaging) ? inStaging : path.join(this.snapshotLink, blobPath(sha256));
  }
}

/** The stored files as the render's site model lists them (`SiteModel.storedFiles`). */
async function storedFiles(
  staged: string,
  spaces: readonly SpaceEntry[],
): Promise<SpecInputs['files']> {
  const revisions = new Map(
    await Promise.all(
      spaces.map(async (space) => {
        const file = path.join(staged, spaceDir(space.key), 'revision.json');
        return [space.spaceId, Revision.parse(JSON.parse(await readFile(file, 'utf8')))] as const;
      }),
    ),
  );
  return storedFilesOf(buildAssets('/', { spaces }, revisions));
}
