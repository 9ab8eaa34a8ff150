import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The live processes of process group `group` (a child started as its own group's leader),
 * as /proc tells: `pid command`. Zombies are dead, waiting for a parent to reap them: not counted.
 */
export function processesOfGroup(group: number): string[] {
  const found: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended while listed
    }
    const close = stat.lastIndexOf(')');
    const [state, , pgrp] = stat.slice(close + 2).split(' ');
    if (pgrp === String(group) && state !== 'Z')
      found.push(`${name} ${stat.slice(stat.indexOf('(') + 1, close)}`);
  }
  return found;
}

/**
 * What is left of group `group` once its leader has exited: a process that is ending may take
 * a moment to go, so the group is read again until it is empty or `ms` have passed.
 */
export async function leftInGroup(group: number, ms = 5_000): Promise<string[]> {
  const until = Date.now() + ms;
  for (;;) {
    const left = processesOfGroup(group);
    if (left.length === 0 || Date.now() > until) return left;
    await sleep(100);
  }
}
