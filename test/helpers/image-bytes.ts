import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { layoutShift, recordLayoutShift } from './layout-shift.ts';

/**
 * What a reader's Chromium fetches of a page's images (issue 37's measure): the page at 1280 ×
 * 800 and a pixel ratio of 2, scrolled to its end, every image loaded; the bytes of each image
 * response, the header logo it shows and the cumulative layout shift (web fonts blocked). Shared by
 * test/e2e/images.test.ts and `npm run bench` (scripts/bench/images.ts).
 */
export interface FetchedImages {
  /** Bytes of each image response, by path. */
  images: Map<string, number>;
  /** The path of the header logo the page shows. */
  logo: string;
  /** Cumulative layout shift while the page loaded and scrolled. */
  cls: number;
}

export async function fetchedImages(browser: Browser, url: string): Promise<FetchedImages> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 2,
  });
  try {
    // Web fonts are left out: their swap moves text (a theme matter, the same with or without
    // variants), and the shift measured here is to be the images'.
    await context.route(/\.woff2?$/, (route) => route.abort());
    await recordLayoutShift(context);
    const page = await context.newPage();
    const bodies: Promise<void>[] = [];
    const images = new Map<string, number>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'image') return;
      bodies.push(
        response.body().then((body) => {
          images.set(new URL(response.url()).pathname, body.length);
        }),
      );
    });
    await page.goto(url);
    await scrollToEnd(page);
    // Every image shown: a hidden one of a light/dark pair is lazy, and never loads.
    await page.waitForFunction(() =>
      [...document.images].every((img) => img.complete || !img.checkVisibility()),
    );
    await page.waitForLoadState('networkidle');
    await Promise.all(bodies);
    const logo = await page.evaluate(
      () =>
        new URL(
          document.querySelector<HTMLImageElement>('.op-brand img.op-logo')?.currentSrc ?? '',
          location.href,
        ).pathname,
    );
    return { images, logo, cls: await layoutShift(page) };
  } finally {
    await context.close();
  }
}

/** Scrolls down a screen at a time, so that lazy images load as a reader's would. */
export async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
}

export const imageBytes = (fetched: FetchedImages): number =>
  [...fetched.images.values()].reduce((sum, bytes) => sum + bytes, 0);

/**
 * A header logo as some sites upload it: 3,980 × 1,100 px, with the grain of a scanned or
 * exported drawing, some 900 KB; shown 32 px high.
 */
export async function heavyLogo(): Promise<Buffer> {
  const width = 3980;
  const height = 1100;
  const shapes = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#e4572e"/><stop offset="1" stop-color="#1b2a49"/></linearGradient></defs>
    <circle cx="550" cy="550" r="500" fill="url(#g)"/>
    <rect x="1200" y="300" width="2600" height="180" rx="90" fill="#1b2a49"/>
    <rect x="1200" y="620" width="1900" height="180" rx="90" fill="#e4572e"/></svg>`;
  const grain = await sharp({
    create: {
      width: width / 4,
      height: height / 4,
      channels: 4,
      background: '#00000000',
      noise: { type: 'gaussian', mean: 0, sigma: 2 },
    },
  })
    .resize({ width, height })
    .png()
    .toBuffer();
  return sharp(Buffer.from(shapes))
    .composite([{ input: grain, blend: 'over' }])
    .png()
    .toBuffer();
}
