/**
 * Variants made while the pull waits (src/images/early.ts): on real images made with sharp, what
 * the pull makes as files land is what the render would have made, byte for byte, and the render
 * then makes none of it again; a cover gets the cover's widths; what the pull guessed wrong costs
 * work, never bytes.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EarlyImages } from '../../src/images/early.ts';
import { type ImageFile, ImageStage } from '../../src/images/index.ts';
import { ImageWorkshop } from '../../src/images/workshop.ts';
import { noisyPng } from '../helpers/noisy-png.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'offprint-early-images-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const noisy = noisyPng;

interface Upload {
  file: ImageFile;
  fileId: string;
}

async function upload(name: string, bytes: Buffer, sha: string, fileId: string): Promise<Upload> {
  const file = path.join(dir, `${sha}.blob`);
  await writeFile(file, bytes);
  const hash = sha.padEnd(64, '0');
  return {
    fileId,
    file: {
      sha256: hash,
      url: `/docs/assets/${hash.slice(0, 16)}/${encodeURIComponent(name)}`,
      outputFile: `assets/${hash.slice(0, 16)}/${name}`,
      file,
      size: bytes.length,
      name,
      contentType: 'image/png',
      label: `file ${JSON.stringify(name)} (space s)`,
    },
  };
}

/** Every file under `root`, by its name, with its bytes. */
async function cached(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(entry.name, await readFile(path.join(entry.parentPath, entry.name)));
  }
  return files;
}

const downloadUrl = (fileId: string) => `https://files.example/${fileId}`;

/** What the pull does: each file landed in turn, the workshop's work waited for. */
async function pullImages(
  uploads: Upload[],
  cacheDir: string,
  covers: string[],
): Promise<EarlyImages> {
  const workshop = new ImageWorkshop();
  const early = new EarlyImages({ workshop, cacheDir });
  early.covers('space', covers);
  for (const { file, fileId } of uploads)
    early.landed({ ...file, spaceId: 'space', fileId, downloadURL: downloadUrl(fileId) });
  for (const { file } of uploads) await workshop.idle(file.sha256);
  await workshop.close();
  return early;
}

/** What the render does when every image is shown on some page. */
async function renderImages(uploads: Upload[], cacheDir: string, covers: string[]) {
  const stage = await ImageStage.plan({
    files: uploads.map(({ file }) => file),
    logos: [],
    covers: uploads.filter((u) => covers.includes(u.fileId)).map(({ file }) => file.url),
    cacheDir,
  });
  for (const id of stage.images.keys()) stage.want(id);
  const made = await stage.finish();
  await stage.stop();
  return made;
}

describe('image variants made while the pull waits', () => {
  it('are those the render makes, byte for byte, and the render makes none of them again', async () => {
    const uploads = [
      await upload('CleanShot 2024-03-12 at 12.23.01@2x.png', await noisy(2400, 900), 'aa', 'f1'),
      await upload('image (1).png', await noisy(1000, 600), 'bb', 'f2'),
      await upload('cover.png', await noisy(2600, 700), 'cc', 'f3'),
    ];
    const early = path.join(dir, 'early');
    const pulled = await pullImages(uploads, early, ['f3']);
    expect(pulled.offered).toBe(3);
    expect(pulled.done).toBe(3);
    expect(pulled.made).toBeGreaterThan(0);

    const after = await renderImages(uploads, early, ['f3']);
    expect(after.made).toBe(0);
    expect(after.reused).toBe(pulled.made);

    // The same images with nothing made beforehand: the same cache files, the same bytes.
    const alone = path.join(dir, 'alone');
    const byRender = await renderImages(uploads, alone, ['f3']);
    expect(byRender.made).toBe(pulled.made);
    expect(await cached(early)).toEqual(await cached(alone));
    // The cover has the cover's widths, made by the pull.
    const names = [...(await cached(early)).keys()];
    expect(names.filter((name) => name.startsWith('cc'))).toContain(
      `${'cc'.padEnd(64, '0')}-2560w-q80-e2-d2560.webp`,
    );
  });

  it('when the pull takes a cover for a content image, the render makes its own: same bytes as ever', async () => {
    const uploads = [await upload('hero.png', await noisy(2600, 700), 'dd', 'f4')];
    const early = path.join(dir, 'early');
    // The pull did not know the file is a page's cover (it is one in another space, say).
    await pullImages(uploads, early, []);
    const after = await renderImages(uploads, early, ['f4']);
    expect(after.made).toBe(6);
    const alone = path.join(dir, 'alone');
    await renderImages(uploads, alone, ['f4']);
    const fromRender = await cached(alone);
    const both = await cached(early);
    for (const [name, bytes] of fromRender) expect(both.get(name), name).toEqual(bytes);
  });

  it('leaves small files, files that are not images and the same content twice alone', async () => {
    const workshop = new ImageWorkshop();
    const early = new EarlyImages({ workshop, cacheDir: path.join(dir, 'early') });
    const big = await upload('a.png', await noisy(1200, 800), 'ee', 'f5');
    const land = (file: ImageFile, fileId: string) =>
      early.landed({ ...file, spaceId: 'space', fileId, downloadURL: downloadUrl(fileId) });
    land(big.file, 'f5');
    land({ ...big.file, name: 'copy of a.png' }, 'f6');
    land({ ...big.file, sha256: 'ff'.padEnd(64, '0'), size: 1000 }, 'f7');
    land(
      { ...big.file, sha256: '11'.padEnd(64, '0'), name: 'spec.yaml', contentType: 'text/yaml' },
      'f8',
    );
    await workshop.idle(big.file.sha256);
    await workshop.close();
    expect(early.offered).toBe(1);
    expect(early.done).toBe(1);
  });
});
