import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { useExampleCache } from '../helpers/example-cache.ts';

/**
 * The example's share cards, on by default: in the example's build every page's head names its
 * card with its size and text, and the card is in the output as a 1200 × 630 PNG; a render from
 * the same cache draws none of them again, one whose cache lost its cards draws them all, and a
 * render with `--no-share-cards` writes none: `og:image` is the cover or the logo.
 */

const ORIGIN = 'https://docs.acme-rockets.example/docs/';

/** Every page of an output (its `index.html` files), by path relative to it. */
async function pages(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true });
  return entries.filter((entry) => entry === 'index.html' || entry.endsWith('/index.html'));
}

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1];

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('share cards of the example', () => {
  const scratch = useExampleCache('share-cards');

  it("gives every page of the example's build its own card, with og:image's size and alt", async () => {
    const { outDir } = inject('exampleBuild');
    const cards = new Map<string, string>();
    let checked = 0;
    for (const page of await pages(outDir)) {
      const html = await readFile(path.join(outDir, page), 'utf8');
      if (html.includes('http-equiv="refresh"')) continue; // an alias only redirects
      const image = meta(html, 'og:image');
      expect(image, page).toMatch(
        /^https:\/\/docs\.acme-rockets\.example\/docs\/_offprint\/cards\/[0-9a-f]{20}\.png$/,
      );
      expect(meta(html, 'og:image:width'), page).toBe('1200');
      expect(meta(html, 'og:image:height'), page).toBe('630');
      expect(meta(html, 'og:image:type'), page).toBe('image/png');
      expect(meta(html, 'og:image:alt'), page).toContain(meta(html, 'og:title'));
      expect(meta(html, 'twitter:card'), page).toBe('summary_large_image');
      const file = path.join(outDir, (image as string).slice(ORIGIN.length));
      expect(pngSize(await readFile(file)), page).toEqual({ width: 1200, height: 630 });
      cards.set(image as string, page);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
    // One card a page: no two pages of the example show the same title and description.
    expect(cards.size).toBe(checked);
    const home = await readFile(path.join(outDir, 'index.html'), 'utf8');
    expect(meta(home, 'og:image:alt')).toBe(
      'Welcome: Plan, book and fly small-satellite missions with Acme Rockets.',
    );
  }, 300_000);

  it('draws none again from the same cache, all of them into an empty one, and none with --no-share-cards', async () => {
    const out = path.join(scratch.dir, 'again');
    const again = await runCli(['render', '--cache', scratch.cache, '--out', out, '-v']).done;
    expect(again.code, again.stderr).toBe(0);
    const written = await readdir(path.join(out, '_offprint/cards'));
    expect(written.length).toBeGreaterThan(40);
    // The build's cards (it has the example's local pages too, which a render is not given).
    const built = await readdir(path.join(inject('exampleBuild').outDir, '_offprint/cards'));
    expect(built).toEqual(expect.arrayContaining(written));
    expect(again.stdout).toContain(`share cards: 0 drawn, ${written.length} reused from the cache`);

    await rm(path.join(scratch.cache, 'render/cards'), { recursive: true });
    const cold = path.join(scratch.dir, 'cold');
    const drawn = await runCli(['render', '--cache', scratch.cache, '--out', cold, '-v']).done;
    expect(drawn.code, drawn.stderr).toBe(0);
    expect(drawn.stdout).toContain(`share cards: ${written.length} drawn, 0 reused`);
    for (const card of written)
      expect(
        (await readFile(path.join(cold, '_offprint/cards', card))).equals(
          await readFile(path.join(out, '_offprint/cards', card)),
        ),
        card,
      ).toBe(true);

    const off = path.join(scratch.dir, 'off');
    const plain = await runCli([
      'render',
      '--cache',
      scratch.cache,
      '--out',
      off,
      '--no-share-cards',
      '-v',
    ]).done;
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).not.toContain('share cards:');
    expect(existsSync(path.join(off, '_offprint/cards'))).toBe(false);
    for (const page of await pages(off)) {
      const html = await readFile(path.join(off, page), 'utf8');
      expect(html, page).not.toContain('_offprint/cards/');
      expect(html, page).not.toContain('og:image:width');
    }
    // As before cards: the header logo, and a small card for a page without a cover.
    const install = await readFile(path.join(off, 'getting-started/install/index.html'), 'utf8');
    expect(meta(install, 'og:image')).toMatch(
      /^https:\/\/docs\.acme-rockets\.example\/docs\/assets\//,
    );
    expect(meta(install, 'twitter:card')).toBe('summary');
  }, 300_000);
});
