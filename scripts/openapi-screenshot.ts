/**
 * Draws docs/openapi-operation.png: the bundled example's "Create a mission" operation as a
 * reader sees it at 1440 × 1000 in light mode, the spec on the left and its samples beside it.
 *
 *   offprint build --example --cache .scratch/cache --out .scratch/dist
 *   node scripts/openapi-screenshot.ts [--site .scratch/dist] [--out docs/openapi-operation.png]
 *
 * The picture is the top of the operation, from its title down, cut at the screen's height.
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { serveStatic } from '../src/serve/static.ts';

const { values } = parseArgs({
  options: {
    site: { type: 'string', default: '.scratch/dist' },
    out: { type: 'string', default: 'docs/openapi-operation.png' },
    chromium: { type: 'string', default: process.env.OFFPRINT_CHROMIUM ?? '/usr/bin/chromium' },
  },
});

// The example's basename is `docs`: its pages are under /docs/.
const server = await serveStatic({ dir: values.site, base: '/docs/' });
const browser = await chromium.launch({ executablePath: values.chromium });
try {
  const page = await browser.newPage({
    viewport: { width: 1440, height: 1000 },
    colorScheme: 'light',
  });
  await page.goto(new URL('api/reference/missions/', server.url).href);
  await page.waitForLoadState('networkidle');
  const operation = page.locator('.op-openapi').filter({
    has: page.getByRole('heading', { name: 'Create a mission', exact: true }),
  });
  const title = operation.getByRole('heading', { name: 'Create a mission', exact: true });
  // The title just below the sticky header, as a reader following the outline lands on it.
  await title.evaluate((h) => h.scrollIntoView({ block: 'start' }));
  const box = await operation.boundingBox();
  const header = await page.locator('header').first().boundingBox();
  if (!box) throw new Error('the operation is not on the page');
  const top = Math.max(box.y - 16, (header?.y ?? 0) + (header?.height ?? 0));
  await page.screenshot({
    path: values.out,
    clip: { x: box.x - 16, y: top, width: box.width + 32, height: 1000 - top },
  });
  console.log(`wrote ${values.out}`);
} finally {
  await browser.close();
  await server.close();
}
