import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import { procStat } from './proc.ts';

/**
 * Whether a process that left something behind (a lock, a staging folder) is still running. A
 * pid alone is not enough: pids are reused, so where the platform tells (Linux's /proc) the
 * process's start time is compared too. A process on another host cannot be asked: it counts
 * as running.
 */

export interface ProcessIdentity {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), where known. */
  started?: number;
}

/** This process, as another run will check it. */
export function thisProcess(): ProcessIdentity {
  const started = startTicks(process.pid);
  return {
    pid: process.pid,
    host: os.hostname(),
    ...(started !== undefined ? { started } : {}),
  };
}

/** True when the process is provably gone: not running on this host, or its pid reused. */
export function processIsGone(holder: ProcessIdentity): boolean {
  if (holder.host !== os.hostname()) return false;
  if (holder.pid === process.pid) return holder.started !== startTicks(process.pid);
  if (!pidRuns(holder.pid)) return true;
  if (holder.started === undefined) return false;
  const started = startTicks(holder.pid);
  return started !== undefined && started !== holder.started;
}

/**
 * For a folder named with the pid of the run that made it: true when that run is gone, that is
 * the pid does not run, or the process that has it now started after the folder was made.
 */
export function folderOwnerIsGone(pid: number, folder: string): boolean {
  if (pid === process.pid) return false;
  if (!pidRuns(pid)) return true;
  const started = startTime(pid);
  if (started === undefined) return false;
  try {
    const stats = statSync(folder);
    const made = stats.birthtimeMs > 0 ? stats.birthtimeMs : stats.mtimeMs;
    // /proc's times are in ticks since a boot time given in whole seconds: a margin for both.
    return started > made + 2_000;
  } catch {
    return true;
  }
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of /proc/<pid>/stat: the process's start in clock ticks since boot. */
function startTicks(pid: number): number | undefined {
  const ticks = Number(procStat(pid)?.fields[19]);
  return Number.isFinite(ticks) ? ticks : undefined;
}

/** Clock ticks per second: 100 on every Linux Node runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** When the process started, in ms since the epoch, where the platform tells. */
function startTime(pid: number): number | undefined {
  const ticks = startTicks(pid);
  if (ticks === undefined) return undefined;
  try {
    const boot = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    if (!boot) return undefined;
    return Number(boot[1]) * 1000 + (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
