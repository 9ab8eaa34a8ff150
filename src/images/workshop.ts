import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { onInterrupt } from '../utils/interrupt.ts';

/**
 * The cores that make image variants in this process, shared by the pull and the render.
 *
 * sharp decodes and encodes on libuv's threads, outside JavaScript: one image a core at a time
 * keeps every core busy (its own concurrency() is 1 on glibc without jemalloc). Two kinds of
 * work come here:
 * - **asked** (`run`): what a render's pages show; queued until a core is free, never dropped;
 * - **offered** (`offer`): what the pull makes of a file as it lands, while the network keeps
 *   the cores idle; started only when a core is free and nothing asked waits for one, and
 *   dropped, if it has not started, once the render's pages are written (`dropOffers`): every
 *   image they show was asked for by then, and what is left is not shown.
 *
 * Work on one image (by content hash) never runs twice at once: work asked while an offer of the
 * same image runs waits for it, then finds in the cache what it made.
 */
export class ImageWorkshop {
  readonly #limit: ReturnType<typeof pLimit>;
  /** Work handed to the limit and not started yet (asked, or an offer about to start). */
  #waiting = 0;
  #running = 0;
  /** The last work queued or running per image: the next waits for it. */
  readonly #byImage = new Map<string, Promise<void>>();
  /** Offers not started yet, by image, oldest first. */
  readonly #offers = new Map<string, () => Promise<void>>();
  readonly #forget: () => void;

  constructor(cores = availableParallelism()) {
    // Cleared work rejects, so whoever waits for it is not left waiting.
    this.#limit = pLimit({ concurrency: cores, rejectOnClear: true });
    this.#forget = onInterrupt(() => this.close());
  }

  /** Runs `work` on the image `image` (its content hash) once a core is free. */
  run<T>(image: string, work: () => Promise<T>): Promise<T> {
    // What was offered of this image is done by this work.
    this.#offers.delete(image);
    const queue = () => {
      this.#waiting++;
      return this.#limit(async () => {
        this.#waiting--;
        this.#running++;
        this.#pump();
        try {
          return await work();
        } finally {
          this.#running--;
          this.#pump();
        }
      });
    };
    const before = this.#byImage.get(image);
    const job = before ? before.then(queue) : queue();
    this.#track(image, job);
    return job;
  }

  /** Resolves once no work on `image` is queued or running. */
  async idle(image: string): Promise<void> {
    for (let last = this.#byImage.get(image); last; last = this.#byImage.get(image)) await last;
  }

  /**
   * Work that may be done now or never: started once a core is free and nothing asked waits,
   * skipped when something already works on the same image. Its failure is its own to report.
   */
  offer(image: string, work: () => Promise<void>): void {
    if (!this.#offers.has(image)) this.#offers.set(image, work);
    this.#pump();
  }

  /** Offers not started are dropped; what runs goes on (and is waited for by `close`). */
  dropOffers(): number {
    const dropped = this.#offers.size;
    this.#offers.clear();
    return dropped;
  }

  /** Offers dropped, asked work not started dropped too, and what runs waited for. */
  async close(): Promise<void> {
    this.dropOffers();
    this.#limit.clearQueue();
    this.#waiting = 0;
    await Promise.allSettled([...this.#byImage.values()]);
    this.#forget();
  }

  /** Starts offers while a core is free and no asked work waits for one. */
  #pump(): void {
    while (
      this.#offers.size > 0 &&
      this.#waiting === 0 &&
      this.#running < this.#limit.concurrency
    ) {
      const [image, work] = this.#offers.entries().next().value as [string, () => Promise<void>];
      this.#offers.delete(image);
      if (this.#byImage.has(image)) continue;
      this.run(image, work).catch(() => {});
    }
  }

  #track(image: string, job: Promise<unknown>): void {
    const settled = job.then(
      () => {},
      () => {},
    );
    this.#byImage.set(image, settled);
    void settled.then(() => {
      if (this.#byImage.get(image) === settled) this.#byImage.delete(image);
    });
  }
}
