import { Worker } from 'node:worker_threads';
import { workerUrl } from '../utils/worker-url.ts';
import { SandboxError } from './pagefind-context.ts';
import type { FromThread, ToThread } from './sandbox-messages.ts';
import type { SiteReader } from './site-reader.ts';

export { SandboxError } from './pagefind-context.ts';

/**
 * The site's own Pagefind script, run in a sandbox (pagefind-context.ts) inside a worker thread
 * of its own (sandbox-thread.ts). The thread is what makes the time limit hold: a script that
 * spins never returns to its event loop, so only ending its thread stops it. A call that takes
 * longer than the limit ends the thread, and the search starts a new one on its next call.
 * The script's file reads come here, to the site reader, so they stay inside the site.
 */
export class PagefindSandbox {
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  #closed = false;
  /** Bytes of the site's files handed to the script: what its caches may hold at most. */
  bytesServed = 0;

  private readonly worker: Worker;
  private readonly reader: SiteReader;
  private readonly log: (line: string) => void;
  private readonly callTimeoutMs: number;

  private constructor(
    worker: Worker,
    reader: SiteReader,
    log: (line: string) => void,
    callTimeoutMs: number,
  ) {
    this.worker = worker;
    this.reader = reader;
    this.log = log;
    this.callTimeoutMs = callTimeoutMs;
  }

  /** Loads the site's worker script into a fresh sandbox. */
  static async start(
    reader: SiteReader,
    log: (line: string) => void,
    options: { callTimeoutMs?: number } = {},
  ): Promise<PagefindSandbox> {
    const script = await reader.get('pagefind/pagefind-worker.js');
    if (!script) throw new SandboxError('the site has no pagefind/pagefind-worker.js');
    const worker = new Worker(workerUrl(import.meta.url, 'sandbox-thread'), {
      workerData: { script: new TextDecoder().decode(script) },
      // What Pagefind caches of an index is bounded by the search's budget; this bounds the rest.
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    // A search waiting on the thread holds its own timer; the thread alone keeps nothing alive.
    worker.unref();
    const sandbox = new PagefindSandbox(
      worker,
      reader,
      log,
      options.callTimeoutMs ?? CALL_TIMEOUT_MS,
    );
    await sandbox.#started();
    return sandbox;
  }

  /** Sends one message to an instance of the worker script (one per bundle) and waits for its
   * answer. */
  call(instance: string, method: string, args: unknown[]): Promise<unknown> {
    if (this.#closed) return Promise.reject(new SandboxError('search stopped'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        this.close();
        reject(
          new SandboxError(`Pagefind did not answer ${method} within ${this.callTimeoutMs} ms`),
        );
      }, this.callTimeoutMs);
      this.#pending.set(id, { resolve, reject, timer });
      this.#post({ kind: 'call', id, instance, method, args });
    });
  }

  /** Ends the thread: the script's caches go with it, and pending calls fail. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    void this.worker.terminate();
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new SandboxError('search stopped'));
    }
    this.#pending.clear();
  }

  get closed(): boolean {
    return this.#closed;
  }

  #started(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.close();
        reject(new SandboxError(`Pagefind's script did not load within ${LOAD_TIMEOUT_MS} ms`));
      }, LOAD_TIMEOUT_MS);
      this.worker.on('message', (message: FromThread) => {
        if (message.kind === 'ready') {
          clearTimeout(timer);
          resolve();
        } else if (message.kind === 'failed') {
          clearTimeout(timer);
          this.close();
          reject(new SandboxError(`Pagefind's script did not load: ${message.error}`));
        } else this.#receive(message);
      });
      this.worker.on('error', (error) => {
        clearTimeout(timer);
        reject(new SandboxError(`Pagefind's sandbox stopped: ${error.message}`));
        this.close();
      });
      this.worker.on('exit', () => {
        clearTimeout(timer);
        reject(new SandboxError('search stopped'));
        this.close();
      });
    });
  }

  #receive(message: FromThread): void {
    if (message.kind === 'log') this.log(message.line);
    else if (message.kind === 'read') this.#serve(message.id, message.path);
    else if (message.kind === 'answer') {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error !== undefined) pending.reject(new SandboxError(message.error));
      else pending.resolve(message.result);
    }
  }

  #serve(id: number, path: string): void {
    this.reader.get(path).then(
      (bytes) => {
        this.bytesServed += bytes?.byteLength ?? 0;
        this.#post({ kind: 'file', id, ...(bytes ? { bytes } : {}) });
      },
      (error: Error) => this.#post({ kind: 'file', id, error: error.message }),
    );
  }

  #post(message: ToThread): void {
    if (!this.#closed) this.worker.postMessage(message);
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** How long the script may take to load, the thread's start included. */
const LOAD_TIMEOUT_MS = 15_000;
/** How long one call (a search, a result's data) may take, file reads included. */
const CALL_TIMEOUT_MS = 30_000;
/** The sandbox thread's heap. */
const THREAD_HEAP_MB = 512;
