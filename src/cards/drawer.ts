/**
 * The thread share cards are drawn on. satori's layout is JavaScript: on the render's main
 * thread it would take turns with the pages' views and Astro, so the whole drawing (satori's
 * layout, resvg's pixels and PNG) runs in one worker thread of its own, at the lowest priority
 * while the render goes on (`idle`), which reads its own fonts (worker.ts) and is sent each
 * card's tree, plain data. Started on the first card asked for, ended by `close`.
 */
import { Worker } from 'node:worker_threads';
import { onInterrupt } from '../utils/interrupt.ts';
import { workerUrl } from '../utils/worker-url.ts';
import type { CardFontSource } from './fonts.ts';
import type { CardElement } from './tree.ts';

export type DrawRequest = { id: number; tree: CardElement };
/** What a drawing thread starts from. */
export interface DrawerData {
  fonts: CardFontSource;
  /** At the lowest priority (Linux): drawing only on cores nothing else wants. */
  idle: boolean;
}
export type DrawResponse = { id: number; png: Uint8Array } | { id: number; error: string };

interface Pending {
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

export class CardDrawer {
  readonly #data: DrawerData;
  readonly #pending = new Map<number, Pending>();
  #worker: Worker | undefined;
  #forget: (() => void) | undefined;
  #next = 0;

  /**
   * `fonts`: what the thread builds its `CardFonts` from (`CardFonts.source`); `idle`: the thread
   * runs at the lowest priority.
   */
  constructor(fonts: CardFontSource, options: { idle: boolean }) {
    this.#data = { fonts, idle: options.idle };
  }

  /** The card of `tree` as a PNG; a card that fails, or a thread that dies, rejects. */
  draw(tree: CardElement): Promise<Buffer> {
    const worker = this.#thread();
    const id = this.#next++;
    return new Promise<Buffer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, tree } satisfies DrawRequest);
    });
  }

  /** Ends the thread; a card still asked for rejects. */
  async close(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    this.#lost(worker, new Error('share cards: the drawing thread was closed'));
    await worker.terminate();
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(workerUrl(import.meta.url, 'worker'), {
      workerData: this.#data satisfies DrawerData,
    });
    worker.on('message', (message: DrawResponse) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if ('error' in message) pending.reject(new Error(message.error));
      else
        pending.resolve(
          Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength),
        );
    });
    worker.on('error', (error) => this.#lost(worker, error));
    worker.on('exit', (code) =>
      this.#lost(worker, new Error(`share cards: the drawing thread exited with code ${code}`)),
    );
    this.#worker = worker;
    this.#forget = onInterrupt(() => this.close());
    return worker;
  }

  /** The thread is gone: what it was asked fails, and the next card starts another. */
  #lost(worker: Worker, error: Error): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    this.#forget?.();
    this.#forget = undefined;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
