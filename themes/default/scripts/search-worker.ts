import type { WorkerCalls } from '../../../src/search/bundles-search.ts';

/**
 * Pagefind's worker script (`<base>pagefind/pagefind-worker.js`, shipped with every bundle)
 * spoken to directly, in a Web Worker of its own: one message a call (`{ id, instanceId,
 * method, args }`), one answer (`{ id, result }` or `{ id, error }`). Its `pagefind.js` wraps the
 * same script, but keeps from its callers what src/search/bundles-search.ts needs: an instance
 * per bundle in playground mode, which names the words each result matched.
 */
export interface PagefindWorker {
  call: WorkerCalls;
  /** Ends the worker: pending calls fail, and a later search starts a new one. */
  terminate(): void;
}

export function startPagefindWorker(bundle: URL): PagefindWorker {
  const worker = new Worker(new URL('pagefind-worker.js', bundle));
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  let failed: Error | undefined;
  const failAll = (error: Error) => {
    failed = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.addEventListener('message', (event: MessageEvent) => {
    const { id, result, error } = (event.data ?? {}) as {
      id?: unknown;
      result?: unknown;
      error?: unknown;
    };
    const waiting = typeof id === 'string' ? pending.get(id) : undefined;
    if (!waiting) return;
    pending.delete(id as string);
    if (error) waiting.reject(new Error(String(error)));
    else waiting.resolve(result);
  });
  worker.addEventListener('error', () => failAll(new Error('the search worker stopped')));
  return {
    call(instance, method, args) {
      if (failed) return Promise.reject(failed);
      // The script keys results' data by the message's id: ids are unique over all instances.
      const id = `op_${next++}`;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, instanceId: instance, method, args });
      });
    },
    terminate() {
      worker.terminate();
      failAll(new Error('the search was stopped'));
    },
  };
}
