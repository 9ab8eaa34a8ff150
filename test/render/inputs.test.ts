import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInputsDigest, snapshotDigest } from '../../src/render/inputs.ts';
import { tempDir } from '../helpers/fs.ts';

describe('render inputs digest', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let snapshot: string;
  beforeAll(async () => {
    temp = await tempDir();
    snapshot = path.join(temp.dir, 'a');
    await mkdir(path.join(snapshot, 'spaces/s/pages'), { recursive: true });
    await writeFile(
      path.join(snapshot, 'manifest.json'),
      JSON.stringify({ format: 1, siteId: 'site', fetchedAt: '2026-01-01T00:00:00.000Z' }),
    );
    await writeFile(path.join(snapshot, 'spaces/s/pages/p.md'), '# Page\n\nText.\n');
  });
  afterAll(async () => {
    await temp?.cleanup();
  });

  const copy = async (name: string) => {
    const dir = path.join(temp.dir, name);
    await cp(snapshot, dir, { recursive: true });
    return dir;
  };

  it('is the same for a snapshot pulled again with nothing new', async () => {
    const again = await copy('again');
    const manifest = JSON.parse(await readFile(path.join(again, 'manifest.json'), 'utf8'));
    manifest.fetchedAt = '2026-02-02T00:00:00.000Z';
    await writeFile(path.join(again, 'manifest.json'), JSON.stringify(manifest));
    expect(await snapshotDigest(again)).toBe(await snapshotDigest(snapshot));
  });

  it('changes with a page, a new file, or the manifest', async () => {
    const base = await snapshotDigest(snapshot);
    const edited = await copy('edited');
    await writeFile(path.join(edited, 'spaces/s/pages/p.md'), '# Page\n\nText!\n');
    const added = await copy('added');
    await writeFile(path.join(added, 'spaces/s/pages/q.md'), '');
    const renamed = await copy('renamed');
    const manifest = JSON.parse(await readFile(path.join(renamed, 'manifest.json'), 'utf8'));
    manifest.siteId = 'other';
    await writeFile(path.join(renamed, 'manifest.json'), JSON.stringify(manifest));
    const digests = await Promise.all([edited, added, renamed].map((dir) => snapshotDigest(dir)));
    expect(new Set([base, ...digests]).size).toBe(4);
  });

  it('takes a stored file by its content-addressed name, and changes when another is stored', async () => {
    const stored = await copy('stored');
    const sha = 'ab'.repeat(32);
    await mkdir(path.join(stored, 'files'), { recursive: true });
    await writeFile(path.join(stored, 'files', sha), 'the bytes of an upload');
    const base = await snapshotDigest(stored);
    // Its name is its digest: the bytes are not read again (a render with nothing to do would
    // otherwise read every upload of the site).
    await writeFile(path.join(stored, 'files', sha), 'bytes the name does not stand for');
    expect(await snapshotDigest(stored)).toBe(base);
    await writeFile(path.join(stored, 'files', 'cd'.repeat(32)), 'another upload');
    expect(await snapshotDigest(stored)).not.toBe(base);
  });

  it('changes with an option, the source version, or the local files', async () => {
    const inputs = {
      snapshotDir: snapshot,
      sourceVersion: 'v1',
      options: { base: '/', siteUrl: undefined },
      localFiles: 'none',
    };
    const base = await renderInputsDigest(inputs);
    expect(await renderInputsDigest({ ...inputs })).toBe(base);
    const variants = await Promise.all([
      renderInputsDigest({ ...inputs, options: { base: '/docs/', siteUrl: undefined } }),
      renderInputsDigest({ ...inputs, options: { base: '/', siteUrl: 'https://x.example' } }),
      renderInputsDigest({ ...inputs, sourceVersion: 'v2' }),
      renderInputsDigest({ ...inputs, localFiles: 'abc' }),
    ]);
    expect(new Set([base, ...variants]).size).toBe(5);
  });
});
