/**
 * `src/images`: the image stage of a render, in two steps.
 *
 * 1. **Plan** (before the pages): every raster file of the snapshot large enough to matter is
 *    probed (its header only, cached) and given its variants (plan.ts). The plans are what the
 *    markdown shows in `<picture>`, the header its logo in copies its size: every variant's URL
 *    and size is known before a pixel is decoded.
 * 2. **Make** (beside the pages): a file's variants are encoded once something shows it — a page
 *    whose HTML holds its `<picture>` (`want`), a page cover, the logo, the favicon — on every core, while the
 *    markdown and Astro stages run. `finish` waits for them before the assets are written.
 *
 * Files only linked or downloaded are never decoded. The cache (`<cache>/render/images/`) holds
 * each file's probe and each variant by content hash, variant and encoder settings: a render with
 * nothing new makes none, and a changed image makes only its own. A file that cannot be read or
 * is over the pixel limit is served as it is with one warning; one that fails to decode (cut
 * short, say) after pages named its variants has copies of its original under those names, so
 * no page names a file that is missing ([docs/images.md](../../docs/images.md)).
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import type { ResponsiveImage } from '../markdown/index.ts';
import { firstLine } from '../utils/issues.ts';
import type { SizedImage } from '../view/view.ts';
import { cacheFileOf, plannedBatch, type VariantBatch, variantsToMake } from './cache.ts';
import { encodeVariants } from './encode.ts';
import { FORMAT, MAX_PIXELS } from './limits.ts';
import {
  contentPlan,
  type ImageAsset,
  type ImageMeta,
  iconVariant,
  isOverPixelLimit,
  isStillRaster,
  logoVariants,
  mayGetVariants,
  responsiveImage,
  type Variant,
} from './plan.ts';
import { probe } from './probe.ts';
import { ImageWorkshop } from './workshop.ts';

export { WIDTHS } from './limits.ts';

/** A file of the snapshot: where its bytes are, and what warnings name it by. */
export interface ImageFile extends ImageAsset {
  /** The stored file (the snapshot's blob). */
  file: string;
  size: number;
  name: string;
  contentType?: string;
  /** How warnings name it: `file "x.png" (space S)`. */
  label: string;
}

export interface ImageStageInput {
  files: ImageFile[];
  /** URLs of the files shown as the header logo (light and dark). */
  logos: string[];
  /** URLs of the files that are the site's favicon. */
  icons?: string[];
  /**
   * URLs of the files shown as a page's cover: they get the wider cover widths, made at once
   * (a page shows its cover from its front matter, not from its markdown).
   */
  covers?: string[];
  /** `<cache>/render/images` */
  cacheDir: string;
  /**
   * Make each content image's print JPEG too: a render that prints PDFs (Chromium embeds a
   * JPEG's bytes, and stores any other image as its pixels). Nothing else fetches it.
   */
  print?: boolean;
  /** Called as each image's variants are wanted and done (a progress line counts them). */
  onProgress?: (done: number, total: number) => void;
  /**
   * The cores to make variants on, shared with the pull that ran before in this process (which
   * made variants as files landed, into the same cache); a workshop of its own without.
   */
  workshop?: ImageWorkshop;
}

export interface ImageWarning {
  page: string;
  message: string;
}

/** What the stage made, once `finish` is done. */
export interface ImagesMade {
  /** Every variant to write: its cached file (or the original) and its path in the output. */
  files: { from: string; to: string }[];
  made: number;
  reused: number;
  /** Wall seconds during which some image was being made (or read from the cache). */
  seconds: number;
}

/** One content hash's plan: its first file and the variants pages show of it. */
interface ImagePlan {
  file: ImageFile;
  /** What is made once a page shows it: the WebP widths and, for PDFs, the print JPEG. */
  content: VariantBatch;
}

export class ImageStage {
  /** Content images' variants, by the file's content hash (what the resolver answers with). */
  readonly images = new Map<string, ResponsiveImage>();
  /** The header logo's copies, by the logo's URL. */
  readonly logos = new Map<string, SizedImage>();
  /** The favicon's copy (its URL), by the favicon's URL. */
  readonly icons = new Map<string, string>();
  /**
   * With `print`: each content image's print JPEG (its URL), by the original's URL. Pages never
   * name it, so they are the same with PDFs or without; the PDF stage prints it in their place.
   */
  readonly printCopies = new Map<string, string>();
  readonly warnings: ImageWarning[] = [];
  readonly #plans = new Map<string, ImagePlan>();
  readonly #making = new Map<string, Promise<Omit<ImagesMade, 'seconds'>>>();
  readonly #chrome: Promise<Omit<ImagesMade, 'seconds'>>[] = [];
  readonly #workshop: ImageWorkshop;
  readonly #busy = new BusyClock();
  #wanted = 0;
  #done = 0;

  private readonly cacheDir: string;
  private readonly print: boolean;
  private readonly onProgress: ImageStageInput['onProgress'];

  private constructor(input: ImageStageInput) {
    this.cacheDir = input.cacheDir;
    this.print = input.print === true;
    this.onProgress = input.onProgress;
    this.#workshop = input.workshop ?? new ImageWorkshop();
  }

  /** Probes every candidate file and plans its variants; makes the logo's and favicon's. */
  static async plan(input: ImageStageInput): Promise<ImageStage> {
    const stage = new ImageStage(input);
    const shown = {
      logos: new Set(input.logos),
      icons: new Set(input.icons ?? []),
      covers: new Set(input.covers ?? []),
    };
    const bySha = new Map<string, ImageFile[]>();
    for (const file of input.files) {
      if (!mayGetVariants(file)) continue;
      const same = bySha.get(file.sha256);
      if (same) same.push(file);
      else bySha.set(file.sha256, [file]);
    }
    // Headers only, and most read from the cache: a core each, beside the variants being made.
    const probing = pLimit(availableParallelism());
    await Promise.all(
      [...bySha.values()].map((files) => probing(() => stage.#planOne(files, shown))),
    );
    for (const files of bySha.values()) {
      const [first] = files;
      if (first && files.some((file) => shown.covers.has(file.url))) stage.want(first.sha256);
    }
    return stage;
  }

  /** A page shows the file with this content hash: its variants are made (once). */
  want(sha256: string): void {
    const plan = this.#plans.get(sha256);
    if (!plan || this.#making.has(sha256)) return;
    this.#making.set(sha256, this.#make(plan.file, plan.content));
  }

  /**
   * Every page is written, so every image a page shows was wanted: what the pull offered and did
   * not get to is not shown, and is dropped.
   */
  pagesWritten(): void {
    this.#workshop.dropOffers();
  }

  /** Waits for every variant wanted so far. */
  async finish(): Promise<ImagesMade> {
    const done = await Promise.all([...this.#chrome, ...this.#making.values()]);
    return {
      files: done.flatMap((one) => one.files),
      made: done.reduce((sum, one) => sum + one.made, 0),
      reused: done.reduce((sum, one) => sum + one.reused, 0),
      seconds: this.#busy.seconds,
    };
  }

  /** The render is over (or failed): nothing more is started, and what runs is waited for. */
  async stop(): Promise<void> {
    await this.#workshop.close();
    await Promise.allSettled([...this.#chrome, ...this.#making.values()]);
  }

  async #planOne(
    files: ImageFile[],
    shown: { logos: ReadonlySet<string>; icons: ReadonlySet<string>; covers: ReadonlySet<string> },
  ): Promise<void> {
    const [first] = files;
    if (!first) return;
    // The pull may be making this image's variants (and writing its probe) right now.
    await this.#workshop.idle(first.sha256);
    const meta = await this.#probe(first);
    if (!meta || !isStillRaster(meta)) return;
    const cover = files.some((file) => shown.covers.has(file.url));
    const { webp, print } = contentPlan(first, meta, { cover, print: this.print });
    this.#plans.set(first.sha256, {
      file: first,
      content: this.#planned(first, print ? [...webp, print] : webp),
    });
    this.images.set(first.sha256, responsiveImage(first.sha256, meta, webp));
    if (print) for (const file of files) this.printCopies.set(file.url, print.url);
    const chrome: Variant[] = [];
    for (const file of files) {
      if (shown.logos.has(file.url)) {
        const logo = logoVariants(file, meta);
        this.logos.set(file.url, sizedLogo(logo));
        chrome.push(...logo.webp, logo.fallback);
      }
      if (shown.icons.has(file.url)) {
        const icon = iconVariant(file, meta);
        this.icons.set(file.url, icon.url);
        chrome.push(icon);
      }
    }
    if (chrome.length > 0) this.#chrome.push(this.#make(first, this.#planned(first, chrome)));
  }

  /** The header, or a warning when the file is served as it is. */
  async #probe(file: ImageFile): Promise<ImageMeta | undefined> {
    const probed = await probe(file.file, this.#cached(file, 'probe.json'));
    if ('error' in probed) {
      this.#warn(file, `${probed.error}; served as it is`);
      return undefined;
    }
    const { meta } = probed;
    if (isOverPixelLimit(meta)) {
      this.#warn(
        file,
        `${meta.width} × ${meta.height} pixels, over the limit of ${MAX_PIXELS / 1_000_000} megapixels; served as it is`,
      );
      return undefined;
    }
    return meta;
  }

  #planned(file: ImageFile, variants: Variant[]): VariantBatch {
    return plannedBatch(this.cacheDir, file.sha256, variants);
  }

  /** Makes `planned` (once a core is free), counted for progress and busy time. */
  #make(file: ImageFile, planned: VariantBatch): Promise<Omit<ImagesMade, 'seconds'>> {
    this.onProgress?.(this.#done, ++this.#wanted);
    return this.#workshop.run(file.sha256, async () => {
      const stop = this.#busy.start();
      try {
        return await this.#encode(file, planned);
      } finally {
        stop();
        this.onProgress?.(++this.#done, this.#wanted);
      }
    });
  }

  /** The variants the cache lacks, encoded from one decode of the file. */
  async #encode(file: ImageFile, planned: VariantBatch): Promise<Omit<ImagesMade, 'seconds'>> {
    const missing = await variantsToMake(planned.variants);
    const files = planned.variants.map(({ variant, cacheFile }) => ({
      from: cacheFile,
      to: variant.outputFile,
    }));
    try {
      await encodeVariants(file.file, missing, planned.decodeWidth);
    } catch (error) {
      // Pages already name these variants: each is the original, which is what a browser
      // would have shown without them (browsers read an image's format from its bytes).
      this.#warn(
        file,
        `cannot be decoded (${firstLine(error)}); its variants are copies of the original`,
      );
      return { files: files.map(({ to }) => ({ from: file.file, to })), made: 0, reused: 0 };
    }
    return { files, made: missing.length, reused: planned.variants.length - missing.length };
  }

  #cached(file: ImageFile, name: string): string {
    return cacheFileOf(this.cacheDir, file.sha256, name);
  }

  #warn(file: ImageFile, message: string): void {
    this.warnings.push({ page: file.label, message });
  }
}

/** The wall time during which at least one piece of work was under way. */
class BusyClock {
  #running = 0;
  #since = 0;
  #total = 0;

  start(): () => void {
    if (this.#running++ === 0) this.#since = performance.now();
    return () => {
      if (--this.#running === 0) this.#total += performance.now() - this.#since;
    };
  }

  get seconds(): number {
    return this.#total / 1000;
  }
}

function sizedLogo(logo: ReturnType<typeof logoVariants>): SizedImage {
  const [one, two] = logo.webp;
  const srcset = [one ? `${one.url} 1x` : '', two ? `${two.url} 2x` : '']
    .filter(Boolean)
    .join(', ');
  return {
    src: logo.fallback.url,
    width: logo.width,
    height: logo.height,
    sources: [{ type: FORMAT.type, srcset }],
  };
}

/** The variants into the output, at the paths their URLs name (beside each original). */
export async function writeVariants(
  files: ImagesMade['files'],
  inside: (relative: string) => string | undefined,
): Promise<void> {
  const limit = pLimit(16);
  await Promise.all(
    files.map(({ from, to }) =>
      limit(async () => {
        const target = inside(to);
        if (!target) throw new Error(`image variant path escapes the output: ${to}`);
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(from, target);
      }),
    ),
  );
}

export type { ImageMeta };
