import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * What Linux's /proc tells about processes. Every function answers undefined (or nothing) where
 * there is no /proc, or the process ended while it was read.
 */

interface ProcStat {
  /** The command name (at most 15 characters), between the parentheses. */
  command: string;
  /** The fields after the command name: [0] the state, [1] the parent's pid, [19] the start time. */
  fields: string[];
}

/** /proc/<pid>/stat, split past the command name (which may hold spaces and parentheses). */
export function procStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    return {
      command: stat.slice(stat.indexOf('(') + 1, close),
      fields: stat.slice(close + 2).split(' '),
    };
  } catch {
    return undefined;
  }
}

/** This process's children whose command name starts with `command`; undefined without /proc. */
export function childProcesses(command: string): number[] | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const parent = String(process.pid);
  return names
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const stat = procStat(pid);
      return stat?.fields[1] === parent && stat.command.startsWith(command);
    });
}

/** The files under `dir` that process `pid` holds open. */
export function openFilesUnder(pid: number, dir: string): string[] {
  const root = `${path.resolve(dir)}${path.sep}`;
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  const open: string[] = [];
  for (const fd of fds) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (target.startsWith(root)) open.push(target);
    } catch {
      // Closed between the listing and the read.
    }
  }
  return open;
}
