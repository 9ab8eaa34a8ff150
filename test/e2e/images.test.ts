/**
 * What a reader's browser fetches of a page's images (issue 37), measured in Chromium at 1280 px
 * and a pixel ratio of 2, scrolled to the end: on the example, and on a copy of it with a
 * 3,980 px header logo and two retina screenshots, each against the same snapshot rendered with
 * `--no-image-variants` (the originals, as Offprint served them before). Also: a phone fetches
 * a small variant, a click opens the original, nothing shifts while images load, and a render
 * with nothing new makes no variant.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appScreenshot } from '../../scripts/lib/images.ts';
import { render } from '../../src/render/index.ts';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';
import { launchBrowser, requireChromium } from '../helpers/browser.ts';
import {
  exampleCacheWithCustomizations,
  serveExample,
  snapshotBase,
} from '../helpers/built-site.ts';
import { buildCustomized, type CustomizedBuild } from '../helpers/customized-build.ts';
import { fetchedImages, heavyLogo, imageBytes, scrollToEnd } from '../helpers/image-bytes.ts';

const PAGE = 'operations/ground-station-setup/';
const ASSETS = 'spaces/guides-v2/.gitbook/assets';

let browser: Browser;
let scratch: string;
let fixture: CustomizedBuild;
let example: { server: StaticServer; outDir: string };
const servers: StaticServer[] = [];

/** The snapshot in `cacheDir` rendered with `--no-image-variants`: the originals, as before. */
async function originalsOf(cacheDir: string, name: string): Promise<StaticServer> {
  const outDir = path.join(scratch, name);
  await render({ cacheDir, outDir, imageVariants: false });
  const server = await serveStatic({ dir: outDir, base: await snapshotBase(cacheDir) });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  requireChromium();
  scratch = await mkdtemp(path.join(tmpdir(), 'offprint-images-e2e-'));
  // Chromium starts while the fixture builds.
  const launched = launchBrowser();
  example = await serveExample();
  servers.push(example.server);
  const built = buildCustomized(() => {}, {
    prepare: async (folder) => {
      await writeFile(path.join(folder, ASSETS, 'acme-logo.png'), await heavyLogo());
      await writeFile(
        path.join(folder, ASSETS, 'image (1).png'),
        appScreenshot(2880, 1800, '#7B5EA7', 7),
      );
    },
  });
  const [started, fixtureBuilt] = await Promise.allSettled([launched, built]);
  if (started.status === 'fulfilled') browser = started.value;
  if (fixtureBuilt.status === 'fulfilled') fixture = fixtureBuilt.value;
  for (const outcome of [started, fixtureBuilt])
    if (outcome.status === 'rejected') throw outcome.reason;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  for (const server of servers) await server.close();
  await fixture?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('the images a reader fetches at 1280 px, pixel ratio 2', () => {
  it('on screenshots and a large logo: a quarter of the originals at most, a light logo, no shift', async () => {
    const originals = await originalsOf(fixture.cacheDir, 'fixture-originals');
    // Each in a profile of its own: the two loads (and their wait for a quiet network) at once.
    const [before, after] = await Promise.all([
      fetchedImages(browser, new URL(PAGE, originals.url).href),
      fetchedImages(browser, fixture.at(PAGE)),
    ]);
    expect(imageBytes(before)).toBeGreaterThan(1_500_000);
    expect(imageBytes(after)).toBeLessThanOrEqual(imageBytes(before) / 4);
    expect(before.images.get(before.logo)).toBeGreaterThan(200_000);
    expect(after.logo).toMatch(/\/\d+w-q80\.webp$/);
    expect(after.images.get(after.logo)).toBeLessThanOrEqual(30 * 1024);
    expect(after.cls).toBeLessThanOrEqual(0.01);
  }, 120_000);

  it('on the example: a quarter of the originals at most, no shift', async () => {
    const cacheDir = await exampleCacheWithCustomizations(path.join(scratch, 'example'), () => {});
    const originals = await originalsOf(cacheDir, 'example-originals');
    const [before, after] = await Promise.all([
      fetchedImages(browser, new URL(PAGE, originals.url).href),
      fetchedImages(browser, new URL(PAGE, example.server.url).href),
    ]);
    expect(imageBytes(after)).toBeLessThanOrEqual(imageBytes(before) / 4);
    expect(after.images.get(after.logo)).toBeLessThanOrEqual(30 * 1024);
    expect(after.cls).toBeLessThanOrEqual(0.01);
  }, 120_000);
});

describe('a reader', () => {
  it('on a phone fetches a small variant, not the wide ones', async () => {
    const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
    try {
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      const small = page.waitForResponse((response) =>
        /\/480w-q80\.webp$/.test(new URL(response.url()).pathname),
      );
      await page.goto(new URL(PAGE, example.server.url).href);
      expect((await small).status()).toBe(200);
      await scrollToEnd(page);
      // Every image shown: a hidden one of a light/dark pair is lazy, and never loads.
      await page.waitForFunction(() =>
        [...document.images].every((img) => img.complete || !img.checkVisibility()),
      );
      expect(requested.filter((url) => /\/(1200|1440|1472)w-q80\.webp$/.test(url))).toEqual([]);
      expect(requested.filter((url) => /cleanshot.*\.png$/.test(url))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("sees a dark-mode image's version of the scheme chosen with the theme's toggle, and fetches that one alone", async () => {
    // The system is light, the reader chose dark: a `prefers-color-scheme` source would show
    // the light image.
    for (const chosen of ['dark', 'light'] as const) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        colorScheme: chosen === 'dark' ? 'light' : 'dark',
      });
      await context.addInitScript((theme) => localStorage.setItem('op-theme', theme), chosen);
      try {
        const page = await context.newPage();
        const requested: string[] = [];
        page.on('request', (request) => requested.push(new URL(request.url()).pathname));
        await page.goto(new URL(PAGE, example.server.url).href);
        const [shown, hidden] =
          chosen === 'dark'
            ? ['mission-console', 'ascent-profile']
            : ['ascent-profile', 'mission-console'];
        const image = page.locator(`.op-content img[src*="${shown}"]`);
        await image.waitFor({ state: 'visible' });
        await page.waitForFunction(
          (name) =>
            [...document.images].some(
              (img) => img.src.includes(name) && img.complete && img.naturalWidth > 0,
            ),
          shown,
        );
        await expect
          .poll(() => page.locator(`.op-content img[src*="${hidden}"]`).isHidden())
          .toBe(true);
        // Neither the hidden one's original nor any of its variants.
        const files = await page
          .locator(`.op-content img[src*="${hidden}"]`)
          .evaluate((img) => [
            img.getAttribute('src') ?? '',
            ...[...(img.parentElement?.querySelectorAll('source') ?? [])].flatMap((source) =>
              (source.getAttribute('srcset') ?? '').split(',').map((c) => c.trim().split(/\s+/)[0]),
            ),
          ]);
        expect(files.length, chosen).toBeGreaterThan(0);
        const paths = files.map((file) => new URL(file ?? '', page.url()).pathname);
        expect(
          requested.filter((url) => paths.includes(url)),
          chosen,
        ).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('opens the original full size with a click on an image', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(new URL(PAGE, example.server.url).href);
      const image = page.locator('.op-content a.op-image-link img').first();
      const original = await image.getAttribute('src');
      expect(original).toMatch(/\.png$/);
      const opened = page.waitForResponse((response) => response.url().endsWith(original ?? '-'));
      await image.click();
      const response = await opened;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      await page.waitForURL((url) => url.pathname === original);
    } finally {
      await context.close();
    }
  });
});

describe('a render', () => {
  it('makes the variants once: a second render of the same snapshot makes none', async () => {
    expect(fixture.result.images.made).toBeGreaterThan(0);
    const again = await render({ cacheDir: fixture.cacheDir, outDir: path.join(scratch, 'again') });
    const { made, reused } = fixture.result.images;
    expect(again.images).toMatchObject({ made: 0, reused: made + reused });
  }, 120_000);
});
