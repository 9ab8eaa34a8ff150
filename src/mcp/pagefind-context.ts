import vm from 'node:vm';
import { SANDBOX_GLOBALS } from './sandbox-globals.ts';

/**
 * The site's own Pagefind search, run in Node: the `pagefind/pagefind-worker.js` the site ships
 * (the script browsers run in a Web Worker, the same ranking readers get) is evaluated in a
 * `node:vm` context of its own, furnished by sandbox-globals.ts, and driven through the worker's
 * message protocol (`init`, `mergeIndex`, `search`, `getData`, `releaseData`).
 *
 * The script is the site's code, and a URL can serve anything: so it gets no Node global, and
 * its `fetch` reaches only the site's `pagefind/` folder through the site reader (the same
 * containment as every tool). Code generation from strings is off. A `node:vm` context is not
 * a process boundary (Node says so), but nothing of the host realm is reachable from it: only
 * strings and numbers cross. What such a script could still do is spin the CPU or never answer:
 * so the context lives in a worker thread of its own (sandbox-thread.ts), which
 * pagefind-sandbox.ts ends when a call takes too long.
 */
export class PagefindContext {
  readonly #pending = new Map<string, (answer: WorkerAnswer) => void>();
  readonly #deliver: (json: string) => void;
  #nextId = 0;

  /** Loads `script`, the site's `pagefind/pagefind-worker.js`, into a fresh context. */
  private readonly read: (path: string) => Promise<Uint8Array | undefined>;
  private readonly log: (line: string) => void;

  constructor(
    script: string,
    read: (path: string) => Promise<Uint8Array | undefined>,
    log: (line: string) => void,
  ) {
    this.read = read;
    this.log = log;
    this.#deliver = this.#load(script);
  }

  /** Sends one message to an instance of the worker script and waits for its answer. */
  call(instance: string, method: string, args: unknown[]): Promise<unknown> {
    const id = `mcp_${this.#nextId++}`;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, (answer) => {
        if (answer.error !== undefined) reject(new SandboxError(`Pagefind: ${answer.error}`));
        else resolve(answer.result);
      });
      this.#deliver(JSON.stringify({ id, instanceId: `mcp_${instance}`, method, args }));
    });
  }

  /** Loads the script into a new context; returns how to hand the script a message. */
  #load(workerScript: string): (json: string) => void {
    // An ordinary global object of the context's own realm: no host object behind it.
    const context = vm.createContext(vm.constants.DONT_CONTEXTIFY, {
      name: 'pagefind',
      codeGeneration: { strings: false, wasm: true },
    });
    const furnish = new vm.Script(SANDBOX_GLOBALS, { filename: 'offprint-mcp-sandbox.js' });
    const install = furnish.runInContext(context, { timeout: LOAD_TIMEOUT_MS });
    // Each host function is called from the context with primitives only, answers with
    // primitives only, and never throws into it (a host Error would carry the host realm in).
    const deliver = install(
      (url: unknown, done: (error: string | null, status?: number, bytes?: string) => void) =>
        this.#read(url, done),
      (ms: unknown, done: () => void) => {
        const wait = Math.min(Math.max(Number(ms) || 0, 0), 1000);
        setTimeout(() => {
          callQuietly(done);
        }, wait).unref();
      },
      (level: unknown, line: unknown) => {
        if (level === 'warn' || level === 'error')
          this.log(`pagefind: ${String(line).slice(0, 500)}`);
      },
      (json: unknown) => this.#answer(json),
    ) as (json: string) => void;
    new vm.Script(workerScript, { filename: 'pagefind-worker.js' }).runInContext(context, {
      timeout: LOAD_TIMEOUT_MS,
    });
    return (json) => callQuietly(() => deliver(json));
  }

  /** The script's fetch: a path under the site's `pagefind/` folder, nothing else. */
  #read(url: unknown, done: (error: string | null, status?: number, bytes?: string) => void): void {
    const path = bundlePath(url);
    if (path === undefined) {
      callQuietly(() => done('Pagefind may read only its own pagefind/ folder'));
      return;
    }
    this.read(path).then(
      (bytes) => {
        const latin1 = bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : '';
        callQuietly(() => done(null, bytes ? 200 : 404, latin1.toString('latin1')));
      },
      (error: Error) => {
        callQuietly(() => done(error.message));
      },
    );
  }

  #answer(json: unknown): void {
    if (typeof json !== 'string') return;
    let answer: { id?: unknown; result?: unknown; error?: unknown };
    try {
      answer = JSON.parse(json);
    } catch {
      return;
    }
    if (typeof answer?.id !== 'string') return;
    const settle = this.#pending.get(answer.id);
    if (!settle) return;
    this.#pending.delete(answer.id);
    settle(
      answer.error !== undefined && answer.error !== null
        ? { error: String(answer.error).slice(0, 500) }
        : { result: answer.result },
    );
  }
}

export class SandboxError extends Error {
  override readonly name = 'SandboxError';
}

interface WorkerAnswer {
  result?: unknown;
  error?: string;
}

/** How long the script's top level may run when loaded. */
const LOAD_TIMEOUT_MS = 5_000;

/** The site path a URL the script fetched names, if it is in `pagefind/`. */
function bundlePath(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  // The script is initialised with basePath /pagefind/, and a site rendered in parts merges
  // its other bundles from folders under it (/pagefind/parts/2/): its URLs are such a path plus
  // a file name, and a cache-busting query on the entry file.
  const match = /^\/pagefind\/([^?#]+)(?:\?[^#]*)?$/.exec(url);
  if (!match) return undefined;
  // The reader checks the segments (`..`, encoded or not, is refused there).
  return `pagefind/${match[1]}`;
}

/** Calls into the context, swallowing whatever it throws (a value of the context's realm). */
function callQuietly(fn: () => void): void {
  try {
    fn();
  } catch {
    // Thrown by the site's script: nothing of it is used on this side.
  }
}
