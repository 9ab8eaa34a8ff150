import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { interrupted, removeOnInterrupt } from '../utils/interrupt.ts';
import { type ProcessIdentity, processIsGone, thisProcess } from '../utils/process-alive.ts';

/**
 * One run at a time on a cache folder (and on an output folder): a lock file created with
 * `open(…, 'wx')`, which fails when the file exists, holding who made it (pid, host, process
 * start time, command). A run that finds it waits; a lock whose process is provably gone (see
 * process-alive.ts) is taken over. No timer keeps the lock fresh, so a run whose event loop is
 * busy for a minute (Astro) never loses it; a crash leaves a file that the next run recognises
 * as stale from its pid.
 */

export interface LockHolder extends ProcessIdentity {
  command: string;
  since: string;
}

export class LockWaitError extends Error {
  override readonly name = 'LockWaitError';
}

/** How old an empty or unreadable lock file must be to be a crash's and not one being written. */
const UNREADABLE_STALE_MS = 10_000;
const POLL_MS = 250;

export class RunLock {
  readonly file: string;
  private readonly text: string;
  private readonly unregister: () => void;

  private constructor(file: string, text: string, unregister: () => void) {
    this.file = file;
    this.text = text;
    this.unregister = unregister;
  }

  /**
   * Takes the lock `file`, waiting up to `waitMs` for a live holder (`onWait` is told once),
   * and fails after that naming the holder. `what` names the folder in messages.
   */
  static async acquire(options: {
    file: string;
    what: string;
    command: string;
    waitMs: number;
    onWait: (line: string) => void;
  }): Promise<RunLock> {
    const { file } = options;
    const holder: LockHolder = {
      ...thisProcess(),
      command: options.command,
      since: new Date().toISOString(),
    };
    const text = `${JSON.stringify({ ...holder, run: randomBytes(6).toString('hex') })}\n`;
    await mkdir(path.dirname(file), { recursive: true });
    const deadline = Date.now() + options.waitMs;
    let told = false;
    for (;;) {
      // Registered once made: an interrupt while it is made leaves a stale lock, taken over next.
      if (await create(file, text)) return new RunLock(file, text, removeOnInterrupt(file));
      const found = await readHolder(file);
      if (found === 'missing') continue;
      if (found === 'unreadable' ? await olderThan(file, UNREADABLE_STALE_MS) : isGone(found)) {
        await takeOver(file, found === 'unreadable' ? undefined : found);
        continue;
      }
      const line = `${found === 'unreadable' ? 'another offprint run' : describe(found)} on ${options.what}`;
      if (!told) {
        options.onWait(`waiting for ${line}`);
        told = true;
      }
      if (Date.now() >= deadline)
        throw new LockWaitError(
          `gave up waiting for ${line} after ${Math.round(options.waitMs / 1000)} s (--lock-wait); ` +
            `if that run is no longer there, remove ${file}`,
        );
      // An interrupt ends the wait: the process exits once it has cleaned up.
      await sleep(POLL_MS, undefined, { signal: interrupted });
    }
  }

  /** Lets go of the lock, if it is still this run's. */
  async release(): Promise<void> {
    this.unregister();
    const current = await readFile(this.file, 'utf8').catch(() => undefined);
    if (current === this.text) await rm(this.file, { force: true });
  }
}

function describe(holder: LockHolder): string {
  const where = holder.host === os.hostname() ? '' : ` on host ${holder.host}`;
  return `offprint ${holder.command} (pid ${holder.pid}${where})`;
}

function isGone(holder: LockHolder): boolean {
  return processIsGone(holder);
}

async function create(file: string, text: string): Promise<boolean> {
  try {
    await writeFile(file, text, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function readHolder(file: string): Promise<LockHolder | 'missing' | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Partial<LockHolder>;
    if (typeof holder.pid === 'number' && typeof holder.host === 'string')
      return { command: 'run', since: '', ...holder } as LockHolder;
  } catch {}
  return 'unreadable';
}

async function olderThan(file: string, ms: number): Promise<boolean> {
  const stats = await stat(file).catch(() => undefined);
  return stats !== undefined && Date.now() - stats.mtimeMs > ms;
}

/**
 * Removes a stale lock, and only that one: it is moved aside first, and put back if what was
 * moved turns out to be a lock another run took meanwhile.
 */
async function takeOver(file: string, stale: LockHolder | undefined): Promise<void> {
  const aside = `${file}.stale-${process.pid}-${randomBytes(3).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readHolder(aside);
  const same =
    moved === 'unreadable'
      ? stale === undefined
      : moved !== 'missing' &&
        stale !== undefined &&
        moved.pid === stale.pid &&
        moved.since === stale.since;
  if (!same) await link(aside, file).catch(() => {});
  await rm(aside, { force: true });
}
