import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunLock } from '../../src/cli/run-lock.ts';
import { thisProcess } from '../../src/utils/process-alive.ts';
import { tempDir } from '../helpers/fs.ts';

let temp: Awaited<ReturnType<typeof tempDir>>;
let file: string;
beforeEach(async () => {
  temp = await tempDir('offprint-lock-');
  file = path.join(temp.dir, '.offprint', 'offprint.lock');
});
afterEach(() => temp.cleanup());

function acquire(waitMs: number, lines: string[] = []) {
  return RunLock.acquire({
    file,
    what: '.offprint',
    command: 'build',
    waitMs,
    onWait: (line) => lines.push(line),
  });
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

const holderText = (holder: object) => `${JSON.stringify(holder)}\n`;

describe('the run lock', () => {
  it('records who holds it, and goes on release', async () => {
    const lock = await acquire(0);
    const held = JSON.parse(await readFile(file, 'utf8'));
    expect(held).toMatchObject({ pid: process.pid, host: os.hostname(), command: 'build' });
    await lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('makes a second run wait with one line, then fails naming the holder', async () => {
    const first = await acquire(0);
    const lines: string[] = [];
    await expect(acquire(600, lines)).rejects.toThrow(
      `gave up waiting for offprint build (pid ${process.pid}) on .offprint after 1 s`,
    );
    expect(lines).toEqual([`waiting for offprint build (pid ${process.pid}) on .offprint`]);
    await first.release();
  });

  it('hands over to a waiting run once released', async () => {
    const first = await acquire(0);
    const lines: string[] = [];
    const second = acquire(10_000, lines);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await first.release();
    const lock = await second;
    expect(lines).toHaveLength(1);
    expect(JSON.parse(await readFile(file, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('takes over a lock whose process is gone, or whose pid another process now has', async () => {
    await acquire(0); // creates the folder
    const me = thisProcess();
    for (const stale of [
      { ...me, pid: deadPid(), command: 'render', since: 'a' },
      // This pid, but not this process: its start time differs (a reused pid).
      ...(me.started !== undefined
        ? [{ ...me, started: me.started - 1, command: 'pull', since: 'b' }]
        : []),
    ]) {
      await writeFile(file, holderText(stale));
      const lines: string[] = [];
      const lock = await acquire(0, lines);
      expect(lines).toEqual([]);
      await lock.release();
    }
  });

  it('waits for a live holder on another host, and takes over an unreadable lock only once it is old', async () => {
    await (await acquire(0)).release();
    await writeFile(file, holderText({ pid: 1, host: 'elsewhere', command: 'build', since: 'x' }));
    await expect(acquire(0)).rejects.toThrow('offprint build (pid 1 on host elsewhere)');

    await writeFile(file, '');
    await expect(acquire(0)).rejects.toThrow('another offprint run on .offprint');
    const old = new Date(Date.now() - 60_000);
    await utimes(file, old, old);
    await (await acquire(0)).release();
  });
});
