import { rmSync } from 'node:fs';

/**
 * What this run must undo when it is interrupted (SIGINT, SIGTERM): one registry per process,
 * since a process runs one command. Stages register what they start (workers, Chromium,
 * Pagefind's process) with `onInterrupt` and the folders they write with `removeOnInterrupt`,
 * and drop them again when they are done; the command line (src/cli/signals.ts) turns a signal
 * into `interrupt()` and then exits. Astro runs in this process: exiting stops it.
 */

type Stop = () => unknown;

const stops = new Set<Stop>();
const folders = new Set<string>();
const controller = new AbortController();

/** Aborted when the run is interrupted: loops that wait or poll stop on it. */
export const interrupted: AbortSignal = controller.signal;

/** Registers what stops a running piece of work; call the result once it stopped by itself. */
export function onInterrupt(stop: Stop): () => void {
  stops.add(stop);
  return () => stops.delete(stop);
}

/** Registers a folder (or file) of this run to remove; call the result once it is kept or gone. */
export function removeOnInterrupt(target: string): () => void {
  folders.add(target);
  return () => folders.delete(target);
}

let replaced = false;

/** The render swapped its output in: an interrupt from now on leaves the new output. */
export function outputReplaced(): void {
  replaced = true;
}

export function hasReplacedOutput(): boolean {
  return replaced;
}

/** How long stopping the work may take before the folders go anyway. */
const STOP_WITHIN_MS = 5_000;

/**
 * Stops the registered work (at most a few seconds), then removes the registered folders.
 * The folders go synchronously, last: nothing of this run writes into them after that, as
 * nothing else runs before the caller exits.
 */
export async function interrupt(): Promise<void> {
  controller.abort();
  const stopping = [...stops].reverse().map(async (stop) => {
    try {
      await stop();
    } catch {
      // Stopping is best effort: exiting ends it anyway.
    }
  });
  stops.clear();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(stopping),
    new Promise((resolve) => {
      timer = setTimeout(resolve, STOP_WITHIN_MS);
    }),
  ]);
  clearTimeout(timer);
  removeFoldersNow();
}

/** Removes the registered folders at once, newest first (a lock file registered first goes last). */
export function removeFoldersNow(): void {
  for (const target of [...folders].reverse()) {
    try {
      rmSync(target, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // Left for the next run's sweep, which removes what a run that is gone left.
    }
  }
  folders.clear();
}
