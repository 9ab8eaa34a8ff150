/**
 * The worker thread a site's Pagefind script runs in (pagefind-sandbox.ts starts it): it loads
 * the script into a `PagefindContext` and relays messages. Calls come in, answers and log lines
 * go out, and every file the script fetches is asked of the main thread, whose site reader
 * keeps it inside the site.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PagefindContext } from './pagefind-context.ts';
import type { FromThread, ToThread } from './sandbox-messages.ts';

const port = parentPort;
if (!port) throw new Error('sandbox-thread.ts runs as a worker thread only');
const post = (message: FromThread) => port.postMessage(message);

// The script starts loading an instance's bundle when told `init`, without waiting for it: a
// bundle that fails to load rejects there with no one to catch it, and later calls on that
// instance are refused with the reason. Node would end the thread on the first.
process.on('unhandledRejection', () => {});

const reads = new Map<number, (bytes: Uint8Array | undefined, error?: string) => void>();
let nextRead = 0;
function read(path: string): Promise<Uint8Array | undefined> {
  const id = nextRead++;
  return new Promise((resolve, reject) => {
    reads.set(id, (bytes, error) =>
      error === undefined ? resolve(bytes) : reject(new Error(error)),
    );
    post({ kind: 'read', id, path });
  });
}

try {
  const context = new PagefindContext((workerData as { script: string }).script, read, (line) =>
    post({ kind: 'log', line }),
  );
  port.on('message', (message: ToThread) => {
    if (message.kind === 'file') {
      const settle = reads.get(message.id);
      reads.delete(message.id);
      settle?.(message.bytes, message.error);
      return;
    }
    context.call(message.instance, message.method, message.args).then(
      (result) => post({ kind: 'answer', id: message.id, result }),
      (error: Error) => post({ kind: 'answer', id: message.id, error: error.message }),
    );
  });
  post({ kind: 'ready' });
} catch (error) {
  post({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
}
