import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { procStat } from '../../src/utils/proc.ts';

/**
 * The live processes of process group `group` (a child started as its own group's leader),
 * as /proc tells: `pid command`. Zombies are dead, waiting for a parent to reap them: not counted.
 */
export function processesOfGroup(group: number): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      // Fields after the command: [0] the state, [2] the process group.
      const stat = procStat(Number(name));
      return stat && stat.fields[2] === String(group) && stat.fields[0] !== 'Z'
        ? [`${name} ${stat.command}`]
        : [];
    });
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
