import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleWritten } from '../../src/search/bundle-written.ts';

/**
 * A stand-in for Pagefind's last write: a process that writes the first half of a file, holds it
 * open, writes the rest 400 ms later and closes it, then lives on (as Pagefind does until it is
 * stopped). Resolves once the first half is on disk.
 */
async function slowWriter(file: string, entry?: string) {
  const script = `
    const fs = require('node:fs');
    const fd = fs.openSync(${JSON.stringify(file)}, 'w');
    fs.writeSync(fd, 'first half,');
    setTimeout(() => {
      fs.writeSync(fd, 'second half');
      fs.closeSync(fd);
      ${entry ? `fs.writeFileSync(${JSON.stringify(entry)}, '{"languages":{}}');` : ''}
    }, 400);
    setTimeout(() => {}, 10_000);
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (text.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return child;
}

describe('waiting for the search bundle to be on disk', () => {
  let dir: string;
  const children: { kill(): void }[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'offprint-bundle-'));
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill();
    await rm(dir, { recursive: true, force: true });
  });

  it.runIf(process.platform === 'linux')(
    'waits while the writing process holds a file of the bundle open',
    async () => {
      const file = path.join(dir, 'fragment', 'a.pf_fragment');
      await mkdir(path.dirname(file));
      const child = await slowWriter(file);
      children.push(child);
      expect(await readFile(file, 'utf8')).toBe('first half,');
      expect(await bundleWritten(dir, { writers: [child.pid as number] })).toEqual([]);
      expect(await readFile(file, 'utf8')).toBe('first half,second half');
    },
  );

  it.runIf(process.platform === 'linux')(
    'names the files still open when it gives up',
    async () => {
      const file = path.join(dir, 'pagefind-entry.json');
      const child = await slowWriter(file);
      children.push(child);
      expect(await bundleWritten(dir, { writers: [child.pid as number], timeoutMs: 50 })).toEqual([
        file,
      ]);
    },
  );

  it('without /proc, waits for the entry file to read whole and the sizes to settle', async () => {
    const file = path.join(dir, 'index.pf_index');
    const entry = path.join(dir, 'pagefind-entry.json');
    await writeFile(entry, '');
    children.push(await slowWriter(file, entry));
    expect(await bundleWritten(dir, { writers: null })).toEqual([]);
    expect(await readFile(file, 'utf8')).toBe('first half,second half');
    expect(JSON.parse(await readFile(entry, 'utf8'))).toEqual({ languages: {} });
  });
});
