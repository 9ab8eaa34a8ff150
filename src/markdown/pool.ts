/**
 * A pool of worker threads that render pages in parallel, for the site renderer and the bench.
 * Each worker keeps its own Shiki highlighter and highlight cache, and builds its resolver once:
 * from plain data (`{ data: TableResolverData }`, copied to each worker) or from a module that
 * exports a factory (`{ module, exportName?, data? }`), since functions cannot cross threads.
 *
 * With `heapLimits`, each worker's heap is capped: a worker that runs out of heap on some page
 * is replaced, and the pages it held are rendered again, one at a time, in a worker without the
 * cap (so a page too large for the cap still renders; `stats().retried` counts them).
 *
 * ```ts
 * const pool = createRenderPool({ resolver: { data: table } });
 * const results = await Promise.all(pages.map((p) => pool.render({ markdown: p.markdown, currentPath: p.path })));
 * await pool.close();
 * ```
 */

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { onInterrupt } from '../utils/interrupt.ts';
import { workerUrl } from '../utils/worker-url.ts';
import type { TableResolverData } from './resolver.ts';
import { type PageRenderSettings, type SharedRenderSettings, shareSettings } from './settings.ts';
import type { MarkdownResult } from './types.ts';

export interface RenderJob {
  markdown: string;
  currentPath: string;
  pageTitle?: string;
  /**
   * Handed to the resolver factory's per-job function, when the factory returns one (a site
   * renderer resolves relative to the page being rendered: its key goes here).
   */
  context?: string;
  /** The markdown the page is marked against (`MarkdownOptions.previous`). */
  previous?: string;
}

export type ResolverSpec =
  | { data: TableResolverData }
  | {
      /**
       * URL or absolute path of an ES module exporting `exportName(data)`, which returns (or
       * resolves to) a Resolver, or a function from a job's `context` to a Resolver.
       */
      module: string;
      exportName?: string;
      data?: unknown;
    };

export interface RenderPoolOptions {
  resolver: ResolverSpec;
  /** Number of workers; default: the machine's available parallelism. */
  size?: number;
  /** `false` renders code without Shiki. */
  highlight?: boolean;
  /** Highlight cache entries per worker (0 disables the cache). Default 2,000. */
  cacheSize?: number;
  /** The render's settings, copied to each worker (its specs: each worker reads them itself). */
  settings?: PageRenderSettings;
  /**
   * Each worker's heap sizes in MB (V8's `resourceLimits`). Left to itself, a worker gets the
   * default caps (on a machine with 16 GB or more: 4 GB old generation, 192 MB young), and V8
   * lets a heap with a large cap grow to several times its live data before a full collection:
   * two workers rendering thousands of pages then hold over a gigabyte, mostly garbage. Under a
   * smaller cap V8 grows the heap by a smaller factor, so it collects sooner.
   */
  heapLimits?: HeapLimits;
}

export interface HeapLimits {
  /** The old generation's cap: a page that needs more is rendered again without it. */
  oldGenerationMb: number;
  /** The young generation's cap (objects that survive are promoted, never an error). */
  youngGenerationMb?: number;
}

export interface RenderPoolStats {
  /** Pages rendered again without the heap cap after a capped worker ran out of heap. */
  retried: number;
}

/** @internal What each worker receives as `workerData`. */
export interface WorkerSetup {
  resolver: ResolverSpec;
  highlight?: boolean;
  cacheSize?: number;
  settings: SharedRenderSettings;
}

/** @internal */
export interface PoolRequest {
  id: number;
  job: RenderJob;
}

/** @internal */
export type PoolResponse = { id: number; result: MarkdownResult } | { id: number; error: string };

interface Pending {
  job: RenderJob;
  resolve: (result: MarkdownResult) => void;
  reject: (error: Error) => void;
}

interface Queued {
  id: number;
  pending: Pending;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: Map<number, Pending>;
  /** The worker ended (crashed, ran out of heap, or was stopped on purpose). */
  gone: boolean;
  /** The worker runs under `heapLimits`. */
  capped: boolean;
  /** The worker had started (built its resolver). */
  started: boolean;
}

/** Jobs in flight per worker: two, so a worker never waits for the next message. */
const IN_FLIGHT = 2;

export class RenderPool {
  readonly size: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Queued[] = [];
  /** Pages a capped worker ran out of heap on, for the uncapped worker. */
  private readonly retries: Queued[] = [];
  /** The worker without the heap cap, while there are pages to render again. */
  private uncapped: Slot | undefined;
  private readonly setup: WorkerSetup;
  /** Dropped when a worker runs out of heap before it started: the cap is too small for the
   * resolver alone (a very large site), and every replacement would end the same way. */
  private heapLimits: HeapLimits | undefined;
  private readonly counts: RenderPoolStats = { retried: 0 };
  private nextId = 0;
  private closed = false;

  constructor(options: RenderPoolOptions) {
    this.size = Math.max(1, options.size ?? availableParallelism());
    this.setup = {
      resolver: options.resolver,
      ...(options.highlight !== undefined ? { highlight: options.highlight } : {}),
      ...(options.cacheSize !== undefined ? { cacheSize: options.cacheSize } : {}),
      settings: shareSettings(options.settings ?? {}),
    };
    this.heapLimits = options.heapLimits;
    for (let i = 0; i < this.size; i++) this.slots.push(this.start(this.heapLimits));
    this.#forget = onInterrupt(() => this.close());
  }

  /** An interrupted run stops the workers (src/utils/interrupt.ts). */
  readonly #forget: () => void;

  private start(limits: HeapLimits | undefined): Slot {
    const worker = new Worker(workerUrl(import.meta.url, 'worker'), {
      workerData: this.setup,
      ...(limits
        ? {
            resourceLimits: {
              maxOldGenerationSizeMb: limits.oldGenerationMb,
              ...(limits.youngGenerationMb
                ? { maxYoungGenerationSizeMb: limits.youngGenerationMb }
                : {}),
            },
          }
        : {}),
    });
    const busy = new Map<number, Pending>();
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    // Awaited only by `ready()`; a worker that fails is handled below.
    ready.catch(() => {});
    const slot: Slot = {
      worker,
      ready,
      busy,
      gone: false,
      capped: limits !== undefined,
      started: false,
    };
    worker.on('message', (message: PoolResponse | { ready: true }) => {
      slot.started = true;
      if (!('id' in message)) return;
      const pending = busy.get(message.id);
      if (!pending) return;
      busy.delete(message.id);
      if ('result' in message) pending.resolve(message.result);
      else pending.reject(new Error(message.error));
      this.dispatch();
    });
    worker.on('error', (error) => this.lost(slot, error));
    worker.on('exit', (code) =>
      this.lost(slot, new Error(`render worker exited with code ${code}`)),
    );
    return slot;
  }

  /** A worker ended. When a capped worker ran out of heap, a fresh one takes its place (capped
   * unless the cap was too small to start) and its pages are rendered again without the cap;
   * otherwise its pages fail. */
  private lost(slot: Slot, error: Error): void {
    if (slot.gone || this.closed) return;
    slot.gone = true;
    const wasUncapped = slot === this.uncapped;
    if (wasUncapped) this.uncapped = undefined;
    else this.slots.splice(this.slots.indexOf(slot), 1);
    const outOfHeap = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
    if (outOfHeap && slot.capped) {
      if (!slot.started) this.heapLimits = undefined;
      for (const [id, pending] of slot.busy) this.retries.push({ id, pending });
      this.counts.retried += slot.busy.size;
      slot.busy.clear();
      this.slots.push(this.start(this.heapLimits));
      this.dispatch();
      return;
    }
    for (const pending of slot.busy.values()) pending.reject(error);
    slot.busy.clear();
    if (this.slots.length === 0) {
      for (const { pending } of this.queue.splice(0)) pending.reject(error);
    }
    this.dispatch();
  }

  stats(): RenderPoolStats {
    return { ...this.counts };
  }

  /** Renders one page in a worker. */
  render(job: RenderJob): Promise<MarkdownResult> {
    if (this.closed) return Promise.reject(new Error('render pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: ++this.nextId, pending: { job, resolve, reject } });
      this.dispatch();
    });
  }

  /** Waits until every worker has started (resolver built). */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  private dispatch(): void {
    this.dispatchRetries();
    while (this.queue.length > 0) {
      let best: Slot | undefined;
      for (const slot of this.slots) {
        if (slot.busy.size < IN_FLIGHT && (!best || slot.busy.size < best.busy.size)) best = slot;
      }
      if (!best) return;
      send(best, this.queue.shift() as Queued);
    }
  }

  /** Pages to render again go to the uncapped worker one at a time (its heap holds one large
   * page, not two); it is stopped once there are none left, and its heap with it. */
  private dispatchRetries(): void {
    const uncapped = this.uncapped;
    if (this.retries.length === 0) {
      if (uncapped && uncapped.busy.size === 0) {
        uncapped.gone = true;
        this.uncapped = undefined;
        void uncapped.worker.terminate();
      }
      return;
    }
    this.uncapped ??= this.start(undefined);
    if (this.uncapped.busy.size === 0) send(this.uncapped, this.retries.shift() as Queued);
  }

  /** Stops the workers; jobs not finished are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    this.#forget();
    const closed = new Error('render pool closed');
    for (const { pending } of [...this.queue.splice(0), ...this.retries.splice(0)])
      pending.reject(closed);
    const slots = this.uncapped ? [...this.slots, this.uncapped] : this.slots;
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
    for (const slot of slots) {
      for (const pending of slot.busy.values()) pending.reject(closed);
      slot.busy.clear();
    }
  }
}

function send(slot: Slot, next: Queued): void {
  slot.busy.set(next.id, next.pending);
  slot.worker.postMessage({ id: next.id, job: next.pending.job } satisfies PoolRequest);
}

export function createRenderPool(options: RenderPoolOptions): RenderPool {
  return new RenderPool(options);
}
