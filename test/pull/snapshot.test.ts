import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SNAPSHOT_FORMAT, storageKey } from '../../src/snapshot/format.ts';
import { Snapshot, SnapshotError } from '../../src/snapshot/read.ts';
import { tempDir } from '../helpers/fs.ts';

describe('storageKey', () => {
  it('keeps plain lowercase ids readable', () => {
    expect(storageKey('guides-v2')).toBe('guides-v2');
  });

  it('makes every other id safe and distinct, even across case', () => {
    const ids = [
      '../../etc/passwd',
      'a/b',
      'A',
      'a',
      'Nk3ZP',
      'nk3zp',
      'x\u0000y',
      '..',
      '',
      'CON',
    ];
    const keys = ids.map(storageKey);
    expect(new Set(keys.map((k) => k.toLowerCase())).size).toBe(ids.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9_=-]+$/);
  });

  it('cannot be made to collide by a crafted plain id', () => {
    const hashed = storageKey('Abc');
    expect(hashed).toContain('=');
    expect(storageKey(hashed)).not.toBe(hashed);
  });
});

describe('reading a snapshot', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(() => cleanup?.());

  async function withManifest(manifest: unknown): Promise<string> {
    const t = await tempDir();
    cleanup = t.cleanup;
    await mkdir(t.dir, { recursive: true });
    await writeFile(
      path.join(t.dir, 'manifest.json'),
      typeof manifest === 'string' ? manifest : JSON.stringify(manifest),
    );
    return t.dir;
  }

  it('says a directory without a manifest is not a snapshot', async () => {
    const t = await tempDir();
    cleanup = t.cleanup;
    await expect(Snapshot.open(t.dir)).rejects.toThrow(/not an Offprint snapshot/);
  });

  it('names the damaged file when the manifest is not JSON', async () => {
    const dir = await withManifest('{ nope');
    await expect(Snapshot.open(dir)).rejects.toThrow(/manifest.json is not valid JSON/);
  });

  it('names the failing field of a foreign manifest', async () => {
    const dir = await withManifest({ format: SNAPSHOT_FORMAT, siteId: 42 });
    const error = await Snapshot.open(dir).catch((e) => e);
    expect(error).toBeInstanceOf(SnapshotError);
    expect(error.message).toMatch(/manifest.json: \w+/);
  });

  it('asks for a new pull when the format is newer than it reads', async () => {
    const dir = await withManifest({ format: SNAPSHOT_FORMAT + 1 });
    await expect(Snapshot.open(dir)).rejects.toThrow(/newer than this Offprint reads/);
  });
});
