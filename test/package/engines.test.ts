import { readFile } from 'node:fs/promises';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const read = async (file: string) =>
  JSON.parse(await readFile(new URL(`../../${file}`, import.meta.url), 'utf8'));

interface LockEntry {
  dev?: boolean;
  cpu?: string[];
  engines?: { node?: string };
}

/**
 * Node has published no 32-bit Windows build since 22 (the last line with one stays on
 * `^20.9.0` for sharp's binary): an install there is not one `engines` can promise.
 */
const NO_NODE_BUILD = (entry: LockEntry) => entry.cpu?.length === 1 && entry.cpu[0] === 'ia32';

describe('engines', () => {
  it('every package an install of Offprint brings accepts every Node that engines claims', async () => {
    const manifest = await read('package.json');
    const lock = await read('package-lock.json');
    const claimed: string = manifest.engines.node;
    const refusing = Object.entries(lock.packages as Record<string, LockEntry>)
      .filter(([name, entry]) => name && !entry.dev && entry.engines?.node && !NO_NODE_BUILD(entry))
      .filter(([, entry]) => !semver.subset(claimed, entry.engines?.node as string))
      .map(([name, entry]) => `${name} wants ${entry.engines?.node}`);
    // npm warns EBADENGINE for each of these on some Node that engines allows.
    expect(refusing).toEqual([]);
    expect(lock.packages[''].engines.node).toBe(claimed);
  });
});
