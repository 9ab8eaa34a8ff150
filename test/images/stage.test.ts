/**
 * The image stage on real files made with sharp: which files get variants, the cache by content
 * (a second run makes none, a changed file makes only its own), only what something shows is
 * decoded, and the files it leaves as they are with one warning (unreadable, over the pixel
 * limit) or none (an animation), or whose variants are the original (cut short).
 */
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ImageFile, ImageStage, type ImageStageInput } from '../../src/images/index.ts';
import { MAX_PIXELS } from '../../src/images/limits.ts';
import { bombPng } from '../helpers/bomb-png.ts';
import { noisyPng } from '../helpers/noisy-png.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'offprint-images-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const noisy = noisyPng;

async function fileOf(name: string, bytes: Buffer, sha: string): Promise<ImageFile> {
  const file = path.join(dir, `${sha}.blob`);
  await writeFile(file, bytes);
  const hash = sha.padEnd(64, '0');
  return {
    sha256: hash,
    url: `/docs/assets/${hash.slice(0, 16)}/${encodeURIComponent(name)}`,
    outputFile: `assets/${hash.slice(0, 16)}/${name}`,
    file,
    size: bytes.length,
    name,
    contentType: name.endsWith('.gif') ? 'image/gif' : 'image/png',
    label: `file ${JSON.stringify(name)} (space s)`,
  };
}

/** The stage as a render drives it when every planned image is shown on some page. */
async function makeImages(input: ImageStageInput) {
  const stage = await ImageStage.plan(input);
  for (const id of stage.images.keys()) stage.want(id);
  const made = await stage.finish();
  const { images, logos, icons, warnings, printCopies } = stage;
  return { ...made, images, logos, icons, warnings, printCopies };
}

describe('the image stage', () => {
  it('makes WebP variants up to twice the column and the original width, once', async () => {
    const wide = await fileOf(
      'CleanShot 2024-03-12 at 12.23.01@2x.png',
      await noisy(2880, 400),
      'a1',
    );
    const narrow = await fileOf('image (1).png', await noisy(1000, 300), 'b2');
    const cacheDir = path.join(dir, 'cache');
    const first = await makeImages({ files: [wide, narrow], logos: [], cacheDir, print: true });
    expect(first.warnings).toEqual([]);
    expect(first.images.get(wide.sha256)?.variants.map((v) => v.width)).toEqual([
      480, 800, 1200, 1472,
    ]);
    expect(first.images.get(narrow.sha256)?.variants.map((v) => v.width)).toEqual([480, 800, 1000]);
    expect(first.images.get(wide.sha256)?.variants[0]?.url).toBe(
      `/docs/assets/${wide.sha256.slice(0, 16)}/480w-q80.webp`,
    );
    // And a print JPEG each, 1200 px wide at most.
    expect(first).toMatchObject({ made: 9, reused: 0 });
    expect(first.printCopies.get(narrow.url)).toMatch(/\/1000w-q75\.jpg$/);
    const variant = first.files.find((f) => f.to.endsWith('/1472w-q80.webp'));
    const made = await sharp(variant?.from).metadata();
    expect([made.format, made.width]).toEqual(['webp', 1472]);

    const again = await makeImages({ files: [wide, narrow], logos: [], cacheDir, print: true });
    expect(again).toMatchObject({ made: 0, reused: 9 });
    expect(again.images).toEqual(first.images);

    const changed = await fileOf('image (1).png', await noisy(1000, 300, 90), 'c3');
    const edited = await makeImages({ files: [wide, changed], logos: [], cacheDir, print: true });
    expect(edited).toMatchObject({ made: 4, reused: 5 });

    // A render that prints no PDFs makes no print JPEG.
    const screen = await makeImages({ files: [wide, changed], logos: [], cacheDir });
    expect(screen).toMatchObject({ made: 0, reused: 7 });
    expect(screen.files.filter((f) => f.to.endsWith('.jpg'))).toEqual([]);
    expect(screen.printCopies.size).toBe(0);
  });

  it('gives the logo copies the size the header shows it, and a fallback in its own format', async () => {
    const logo = await fileOf('logo.png', await noisy(3980, 1100), 'd4');
    const result = await makeImages({
      files: [logo],
      logos: [logo.url],
      icons: [logo.url],
      cacheDir: path.join(dir, 'c'),
    });
    const sized = result.logos.get(logo.url);
    // 32 px high: 116 px wide at 1×, 232 px at 2×.
    expect(sized).toMatchObject({ width: 116, height: 32 });
    expect(sized?.sources[0]?.srcset).toMatch(/\/116w-q80\.webp 1x, .*\/232w-q80\.webp 2x$/);
    expect(sized?.src).toMatch(/\/232w-q100\.png$/);
    // As the favicon: 64 px on its longer side, a PNG.
    expect(result.icons.get(logo.url)).toMatch(/\/64w-q100\.png$/);
    const copy = result.files.find((f) => f.to.endsWith('232w-q80.webp'));
    expect((await stat(copy?.from ?? '')).size).toBeLessThan(30 * 1024);
  });

  it('leaves small files, animations and files that are not images as they are', async () => {
    const small = await fileOf(
      'icon.png',
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      'e5',
    );
    const frames = await sharp(await noisy(240, 240), { pages: 1 }).toBuffer();
    const animated = await fileOf(
      'spinner.gif',
      await sharp([frames, await noisy(240, 240, 60)], { join: { animated: true } })
        .gif()
        .toBuffer(),
      'f6',
    );
    // Large enough to be considered (noise does not compress), small enough to encode quickly.
    expect(animated.size).toBeGreaterThan(24 * 1024);
    const result = await makeImages({
      files: [small, animated],
      logos: [],
      cacheDir: path.join(dir, 'c'),
    });
    expect(result.images.size).toBe(0);
    expect(result.warnings).toEqual([]);
  });

  it('warns once and serves as it is a file that cannot be read or is a bomb', async () => {
    const junk = await fileOf('broken.png', Buffer.alloc(40_000, 7), '17');
    const bomb = await fileOf('bomb.png', bombPng(30_000, 30_000), '28');
    const result = await makeImages({
      files: [junk, bomb],
      logos: [],
      cacheDir: path.join(dir, 'c'),
    });
    expect(result.images.size).toBe(0);
    expect(result.files).toEqual([]);
    const messages = result.warnings.map((w) => `${w.page}: ${w.message}`);
    expect(messages).toHaveLength(2);
    expect(messages.find((m) => m.includes('broken.png'))).toMatch(
      /not a readable image.*served as it is/,
    );
    expect(messages.find((m) => m.includes('bomb.png'))).toContain(
      `30000 × 30000 pixels, over the limit of ${MAX_PIXELS / 1_000_000} megapixels`,
    );
  });

  it('gives a file cut short, whose header pages already trust, copies of its original as variants', async () => {
    const whole = await noisy(1600, 900);
    const cut = await fileOf('cut.png', whole.subarray(0, Math.floor(whole.length / 2)), '39');
    const result = await makeImages({
      files: [cut],
      logos: [],
      cacheDir: path.join(dir, 'c'),
      print: true,
    });
    // Planned from its header: pages name its variants before it is decoded.
    const planned = result.images.get(cut.sha256);
    expect(planned?.variants.map((v) => v.width)).toEqual([480, 800, 1200, 1472]);
    expect(result.warnings.map((w) => `${w.page}: ${w.message}`)).toEqual([
      expect.stringMatching(
        /cut\.png.*cannot be decoded .*its variants are copies of the original$/,
      ),
    ]);
    // Every name a page may use is written, with the original's bytes.
    expect(result.files.map((f) => f.to).sort()).toEqual(
      [...(planned?.variants ?? []).map((v) => v.url), result.printCopies.get(cut.url)]
        .map((url) => (url ?? '').replace('/docs/', ''))
        .sort(),
    );
    for (const file of result.files) expect(file.from).toBe(cut.file);
    expect(result).toMatchObject({ made: 0, reused: 0 });
  });

  it('decodes only the files something shows', async () => {
    const shown = await fileOf('shown.png', await noisy(1600, 300), '4a');
    const linked = await fileOf('linked.png', await noisy(1600, 300, 90), '5b');
    const cacheDir = path.join(dir, 'c');
    const stage = await ImageStage.plan({
      files: [shown, linked],
      logos: [],
      cacheDir,
      print: true,
    });
    // Both are planned (a page may show either), only the one shown is made.
    expect([...stage.images.keys()].sort()).toEqual([shown.sha256, linked.sha256].sort());
    stage.want(shown.sha256);
    stage.want(shown.sha256);
    const made = await stage.finish();
    expect(made).toMatchObject({ made: 5, reused: 0 });
    expect(made.files.every((f) => f.to.startsWith(`assets/${shown.sha256.slice(0, 16)}/`))).toBe(
      true,
    );
    expect(await readdir(path.join(cacheDir, linked.sha256.slice(0, 2)))).toEqual([
      `${linked.sha256}-probe.json`,
    ]);
  });
});
