import { readFile } from 'node:fs/promises';
import { cacheFileOf, plannedBatch, variantsToMake } from './cache.ts';
import { encodeVariants } from './encode.ts';
import {
  contentPlan,
  type ImageAsset,
  isOverPixelLimit,
  isStillRaster,
  mayGetVariants,
} from './plan.ts';
import { probe } from './probe.ts';
import type { ImageWorkshop } from './workshop.ts';

/** A file the pull just stored: its bytes, and what tells whether it may be an image. */
export interface LandedFile {
  sha256: string;
  /** The stored bytes (the staging snapshot's blob). */
  file: string;
  name: string;
  size: number;
  contentType?: string;
  spaceId: string;
  fileId: string;
  /** Where the platform serves it: a customization's logo names it so. */
  downloadURL: string;
}

export interface EarlyImagesOptions {
  workshop: ImageWorkshop;
  /** `<cache>/render/images`: the render's image cache. */
  cacheDir: string;
  /** The render will print PDFs: the print JPEG is made too. */
  print?: boolean;
  /** Told as images are offered and done (the pull's progress line counts them). */
  onProgress?: () => void;
  /** Where a landed file is now (the pull's staging folder becomes the snapshot). */
  whereNow?: (file: string) => string;
}

/**
 * Image variants made while the pull waits on the network: as each downloaded file lands, its
 * header is probed and the content variants the render will plan for it (a page cover's wider
 * set when a page of its space has it as cover; the print JPEG when PDFs are printed) are offered
 * to the workshop, which makes them on a core the pull leaves idle, into the render's cache. In
 * `build` what is left when the pull is done goes on beside the render, until its pages are
 * written (then every image they show was asked for, and what is left is not shown).
 *
 * Nothing here decides what a page shows: the render plans every image itself and finds these
 * variants in its cache by name, and a variant's cache name says the width its pixels were
 * decoded at (cache.ts), so a guess made here that the render does not share (a file that is a
 * cover in another space, say) costs only the work, never the bytes of the output. Failures are
 * left to the render, which reports them; what the pull did not get to, the render makes.
 */
export class EarlyImages {
  /** Images offered, and of those, done (made, found in the cache, or found to need none). */
  offered = 0;
  done = 0;
  /** Variants encoded. */
  made = 0;
  readonly #covers = new Set<string>();
  readonly #seen = new Set<string>();
  private readonly options: EarlyImagesOptions;

  constructor(options: EarlyImagesOptions) {
    this.options = options;
  }

  /** The files a space's pages show as their cover (before its files land). */
  covers(spaceId: string, fileIds: Iterable<string>): void {
    for (const fileId of fileIds) this.#covers.add(coverKey(spaceId, fileId));
  }

  landed(file: LandedFile): void {
    if (!mayGetVariants(file) || this.#seen.has(file.sha256)) return;
    this.#seen.add(file.sha256);
    this.offered++;
    this.options.onProgress?.();
    const cover = this.#covers.has(coverKey(file.spaceId, file.fileId));
    this.options.workshop.offer(file.sha256, async () => {
      try {
        const made = await this.#make(file, cover);
        this.made += made;
      } catch {
        // The render tries again, and says what went wrong.
      } finally {
        this.done++;
        this.options.onProgress?.();
      }
    });
  }

  /** The pull failed: what has not started is dropped. */
  end(): void {
    this.options.workshop.dropOffers();
  }

  async #make(file: LandedFile, cover: boolean): Promise<number> {
    const { cacheDir, print = false } = this.options;
    // Read whole first: the staging folder is renamed when the pull is done, and a file gone
    // half-way must not be cached as unreadable (the probe keeps what it found).
    const bytes = await readFile(this.options.whereNow?.(file.file) ?? file.file);
    const probed = await probe(bytes, cacheFileOf(cacheDir, file.sha256, 'probe.json'));
    if ('error' in probed) return 0;
    const { meta } = probed;
    if (!isStillRaster(meta) || isOverPixelLimit(meta)) return 0;
    // Where a variant is served is the render's business: its cache name is its file name.
    const nameOnly: ImageAsset = { sha256: file.sha256, url: '', outputFile: '' };
    const plan = contentPlan(nameOnly, meta, { cover, print });
    const batch = plannedBatch(cacheDir, file.sha256, [
      ...plan.webp,
      ...(plan.print ? [plan.print] : []),
    ]);
    const missing = await variantsToMake(batch.variants);
    await encodeVariants(bytes, missing, batch.decodeWidth);
    return missing.length;
  }
}

function coverKey(spaceId: string, fileId: string): string {
  return `${spaceId}\u0000${fileId}`;
}
