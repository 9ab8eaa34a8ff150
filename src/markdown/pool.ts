/**
 * A pool of worker threads that render pages in parallel, for the site renderer and the bench.
 * Each worker keeps its own Shiki highlighter and highlight cache, and builds its resolver once:
 * from plain data (`{ data: TableResolverData }`, copied to each worker) or from a module that
 * exports a factory (`{ module, exportName?, data? }`), since functions cannot cross threads.
 *
 * ```ts
 * const pool = createRenderPool({ resolver: { data: table } });
 * const results = await Promise.all(pages.map((p) => pool.render({ markdown: p.markdown, currentPath: p.path })));
 * await pool.close();
 * ```
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TableResolverData } from './resolver.ts';
import type { RenderResult } from './types.ts';

export interface RenderJob {
  markdown: string;
  currentPath: string;
  pageTitle?: string;
  /**
   * Handed to the resolver factory's per-job function, when the factory returns one (a site
   * renderer resolves relative to the page being rendered: its key goes here).
   */
  context?: string;
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
  appOrigins?: readonly string[];
  iconStyle?: 'solid' | 'regular';
}

/** @internal What each worker receives as `workerData`. */
export interface WorkerSetup {
  resolver: ResolverSpec;
  highlight?: boolean;
  cacheSize?: number;
  appOrigins?: readonly string[];
  iconStyle?: 'solid' | 'regular';
}

/** @internal */
export interface PoolRequest {
  id: number;
  job: RenderJob;
}

/** @internal */
export type PoolResponse = { id: number; result: RenderResult } | { id: number; error: string };

interface Pending {
  job: RenderJob;
  resolve: (result: RenderResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: Map<number, Pending>;
}

/** Jobs in flight per worker: two, so a worker never waits for the next message. */
const IN_FLIGHT = 2;

/** Under tsx the worker is TypeScript: a tiny ES bootstrap registers tsx in the worker first. */
function workerSource(): { source: string | URL; eval: boolean } {
  const source = new URL(
    import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js',
    import.meta.url,
  );
  if (!source.pathname.endsWith('.ts')) return { source, eval: false };
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('tsx/package.json'));
  const exportsMap = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports as Record<
    string,
    { import?: { default?: string } }
  >;
  const api = pathToFileURL(
    join(root, exportsMap['./esm/api']?.import?.default ?? 'dist/esm/api/index.mjs'),
  ).href;
  const code = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); }).catch((error) => { console.error(error); process.exit(1); });`;
  return { source: code, eval: true };
}

export class RenderPool {
  readonly size: number;
  private readonly slots: Slot[] = [];
  private readonly queue: { id: number; pending: Pending }[] = [];
  private nextId = 0;
  private closed = false;

  constructor(options: RenderPoolOptions) {
    this.size = Math.max(1, options.size ?? availableParallelism());
    const setup: WorkerSetup = {
      resolver: options.resolver,
      ...(options.highlight !== undefined ? { highlight: options.highlight } : {}),
      ...(options.cacheSize !== undefined ? { cacheSize: options.cacheSize } : {}),
      ...(options.appOrigins ? { appOrigins: options.appOrigins } : {}),
      ...(options.iconStyle ? { iconStyle: options.iconStyle } : {}),
    };
    const { source, eval: isEval } = workerSource();
    for (let i = 0; i < this.size; i++) {
      const worker = new Worker(source, { eval: isEval, workerData: setup });
      const busy = new Map<number, Pending>();
      const ready = new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve());
        worker.once('error', reject);
      });
      const slot: Slot = { worker, ready, busy };
      worker.on('message', (message: PoolResponse | { ready: true }) => {
        if (!('id' in message)) return;
        const pending = busy.get(message.id);
        if (!pending) return;
        busy.delete(message.id);
        if ('result' in message) pending.resolve(message.result);
        else pending.reject(new Error(message.error));
        this.dispatch();
      });
      const fail = (error: Error) => {
        const index = this.slots.indexOf(slot);
        if (index >= 0) this.slots.splice(index, 1);
        for (const pending of busy.values()) pending.reject(error);
        busy.clear();
        if (this.slots.length === 0) {
          for (const { pending } of this.queue.splice(0)) pending.reject(error);
        }
      };
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (!this.closed) fail(new Error(`render worker exited with code ${code}`));
      });
      this.slots.push(slot);
    }
  }

  /** Renders one page in a worker. */
  render(job: RenderJob): Promise<RenderResult> {
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
    while (this.queue.length > 0) {
      let best: Slot | undefined;
      for (const slot of this.slots) {
        if (slot.busy.size < IN_FLIGHT && (!best || slot.busy.size < best.busy.size)) best = slot;
      }
      if (!best) return;
      const next = this.queue.shift() as { id: number; pending: Pending };
      best.busy.set(next.id, next.pending);
      best.worker.postMessage({ id: next.id, job: next.pending.job } satisfies PoolRequest);
    }
  }

  /** Stops the workers; jobs not finished are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const { pending } of this.queue.splice(0)) pending.reject(new Error('render pool closed'));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    for (const slot of this.slots) {
      for (const pending of slot.busy.values()) pending.reject(new Error('render pool closed'));
      slot.busy.clear();
    }
  }
}

export function createRenderPool(options: RenderPoolOptions): RenderPool {
  return new RenderPool(options);
}
