import { existsSync } from 'node:fs';
import { rmdir } from 'node:fs/promises';
import path from 'node:path';
import { type Command, Option } from 'commander';
import { OutputError, why } from '../render/output.ts';
import { sweepRenderDebris } from '../render/sweep.ts';
import { SnapshotStore } from '../snapshot/store.ts';
import { isDiskError } from '../utils/disk-errors.ts';
import { hasReplacedOutput } from '../utils/interrupt.ts';
import { takeDamagedFiles } from '../utils/sealed.ts';
import { parsedAsKey } from './options.ts';
import type { Output } from './output.ts';
import { refuseUnsafePaths } from './path-rules.ts';
import { RunLock } from './run-lock.ts';
import { handleSignals } from './signals.ts';

/** `--lock-wait`'s default: a cold build of a large site takes a few minutes. */
export const DEFAULT_LOCK_WAIT_SECONDS = 300;

/** `--lock-wait`, for the commands that write a cache or an output. */
export function addLockWaitOption(command: Command): Command {
  return command.addOption(
    parsedAsKey(
      new Option(
        '--lock-wait <seconds>',
        'how long to wait for another offprint run on the same cache or output (0: do not wait)',
      ).default(DEFAULT_LOCK_WAIT_SECONDS),
    ),
  );
}

/** `--config`, which every command but init takes (main.ts). */
export interface ConfigFlag {
  config?: string;
}

export interface GuardedRun {
  /** The command, as the lock and the waiting line name it. */
  command: string;
  cache: string;
  /** The output folder, for the commands that write one. */
  out?: string;
  /** The folders the render reads beside the snapshot, and `--config`: none may be replaced. */
  pages?: string | undefined;
  theme?: string | undefined;
  config?: string | undefined;
  lockWait?: number;
  output: Output;
}

/**
 * A run of a command that writes the cache (and an output): first its paths are checked
 * (path-rules.ts: an output that is not Offprint's, a cache among other files, a missing pages
 * folder stop it here, before any lock or request); then one run at a time on each (a lock
 * file, run-lock.ts), taken cache first, then output, so that two runs never wait on each other
 * in a circle; then what runs that are gone left is swept; a signal stops the run and removes
 * what it wrote (signals.ts). The locks go when the work ends, whatever happened.
 */
export async function guardRun<T>(run: GuardedRun, work: () => Promise<T>): Promise<T> {
  refuseUnsafePaths(run);
  // A first run that fails leaves no empty cache folder behind for the user to wonder about.
  const cacheIsNew = !existsSync(run.cache);
  const unhandle = handleSignals(() => interruptedLine(run));
  const locks: RunLock[] = [];
  try {
    const lock = (file: string, what: string) =>
      RunLock.acquire({
        file,
        what,
        command: run.command,
        waitMs: (run.lockWait ?? DEFAULT_LOCK_WAIT_SECONDS) * 1000,
        onWait: (line) => run.output.info(line),
      });
    // A lock is the first thing written in the cache and beside the output: a folder that
    // cannot be written is named here, as the render would name it.
    const unwritable = (flag: string, dir: string) => (error: NodeJS.ErrnoException) => {
      throw error.code ? new OutputError(`cannot write ${flag} ${dir}: ${why(error)}`) : error;
    };
    locks.push(
      await lock(cacheLockFile(run.cache), run.cache).catch(unwritable('--cache', run.cache)),
    );
    if (run.out)
      locks.push(await lock(outputLockFile(run.out), run.out).catch(unwritable('--out', run.out)));
    const swept = [
      ...(await new SnapshotStore(run.cache).sweep()),
      ...(await sweepRenderDebris({ renderDir: path.join(run.cache, 'render'), outDir: run.out })),
    ];
    if (swept.length > 0)
      run.output.info(`removed what interrupted runs left: ${swept.join(', ')}`);
    return await work();
  } catch (error) {
    if (!isDiskError(error)) throw error;
    // Loaded on use: only a full or unwritable disk needs it.
    const { diskErrorLine } = await import('./disk-error-line.ts');
    throw new Error(await diskErrorLine(error, run));
  } finally {
    const damaged = takeDamagedFiles();
    if (damaged.length > 0) run.output.warn(damagedLine(damaged));
    for (const held of locks.reverse()) await held.release();
    // rmdir removes only an empty folder: one the run wrote anything into stays.
    if (cacheIsNew) await rmdir(run.cache).catch(() => {});
    unhandle();
  }
}

/** The lock of a cache folder: Hugo's `.hugo_build.lock`, npm's and cargo's cache locks. */
export function cacheLockFile(cache: string): string {
  return path.join(cache, 'offprint.lock');
}

/** The lock of an output folder, beside it (its staging folders are there too). */
export function outputLockFile(out: string): string {
  const target = path.resolve(out);
  return path.join(path.dirname(target), `.${path.basename(target)}.lock`);
}

function interruptedLine(run: GuardedRun): string {
  if (!run.out) return `interrupted: ${path.join(run.cache, 'snapshot')} unchanged`;
  const out = `${run.out.replace(/\/+$/, '')}/`;
  return hasReplacedOutput()
    ? `interrupted: ${out} holds the new build`
    : `interrupted: ${out} unchanged`;
}

/** One line for every damaged cache file this run found (and made again). */
function damagedLine(files: string[]): string {
  const named = files.slice(0, 3).map((file) => path.relative(process.cwd(), file));
  const more = files.length > named.length ? ` and ${files.length - named.length} more` : '';
  return `damaged cache file${files.length > 1 ? 's' : ''} ignored and made again: ${named.join(', ')}${more}`;
}
