import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  appScreenshot,
  blockDiagram,
  consoleScreenshot,
  duskPhoto,
  lineChart,
  rocketMark,
} from './images.ts';

/**
 * The PNG images of the bundled example (examples/site), drawn from code so they can be
 * rebuilt without downloading anything: `node scripts/lib/example-assets.ts`.
 */

const ORANGE = '#E4572E';
const NAVY = '#1B2A49';

/** Example image path (relative to examples/site) → PNG bytes. */
export function exampleImages(): Map<string, Buffer> {
  const v2 = 'spaces/guides-v2/.gitbook/assets';
  const v1 = 'spaces/guides-v1/.gitbook/assets';
  // A 1440 × 900 window taken on a retina screen, as uploads of screenshots are.
  const retinaScreenshot = appScreenshot(2880, 1800, '#2A9D8F', 3);
  return new Map([
    [`${v2}/acme-logo.png`, rocketMark(64, ORANGE, '#FFFFFF')],
    [`${v2}/acme-logo-dark.png`, rocketMark(64, '#FFFFFF', ORANGE)],
    [`${v2}/favicon.png`, rocketMark(32, ORANGE, '#FFFFFF')],
    [`${v2}/favicon-dark.png`, rocketMark(32, '#FFFFFF', ORANGE)],
    [`${v2}/mission-console.png`, consoleScreenshot(320, 180, ORANGE)],
    [`${v2}/ascent-profile.png`, lineChart(320, 160, ORANGE)],
    // Names as the platform's uploads get them: a copy's suffix, a screenshot tool's timestamp.
    // Large as real uploads are (a photo, a retina screenshot): what image variants are for.
    [`${v2}/image (1).png`, duskPhoto(1200, 675, NAVY, ORANGE)],
    // The v2 photo again, under a name of its own (one file per name and content in the site).
    [`${v1}/antenna-at-dusk.png`, duskPhoto(1200, 675, NAVY, ORANGE)],
    [`${v2}/CleanShot 2024-03-12 at 12.23.01@2x.png`, retinaScreenshot],
    // A page cover uploaded as a photo, and its night version for dark mode.
    [`${v2}/kourou-pad-dusk.png`, duskPhoto(1280, 720, NAVY, ORANGE)],
    [`${v2}/kourou-pad-night.png`, duskPhoto(1280, 720, '#05070F', '#2E3F6B')],
    // The same screenshot: git keeps one copy of the bytes.
    [`${v1}/mission-console.png`, retinaScreenshot],
    ['spaces/api/.gitbook/assets/request-lifecycle.png', blockDiagram(360, 140, '#4F86C6')],
    // A page cover uploaded as a wide photo, as real covers are (one of 3,980 × 960 was 1.45 MB),
    // and its night version: what the cover's variants are for.
    ['spaces/telemetry/.gitbook/assets/telemetry-cover.png', duskPhoto(3200, 800, NAVY, ORANGE)],
    [
      'spaces/telemetry/.gitbook/assets/telemetry-cover-dark.png',
      duskPhoto(3200, 800, '#05070F', '#2E3F6B'),
    ],
    // An icon shown inside a sentence, and its dark version, named as the platform names uploads.
    ['spaces/telemetry/.gitbook/assets/image (2).png', rocketMark(20, NAVY, '#FFFFFF')],
    ['spaces/telemetry/.gitbook/assets/image (3).png', rocketMark(20, '#FFFFFF', NAVY)],
    ['spaces/telemetry/.gitbook/assets/wiring-overview.png', blockDiagram(360, 140, '#2A9D8F')],
    ['spaces/telemetry/.gitbook/assets/imu-drift.png', lineChart(320, 160, '#2A9D8F')],
    [
      'spaces/mission-planner/.gitbook/assets/planner-preview.png',
      consoleScreenshot(320, 180, '#7B5EA7'),
    ],
  ]);
}

export function writeExampleImages(siteDir: string): number {
  const images = exampleImages();
  for (const [path, bytes] of images) {
    mkdirSync(dirname(join(siteDir, path)), { recursive: true });
    writeFileSync(join(siteDir, path), bytes);
  }
  return images.size;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const siteDir = fileURLToPath(new URL('../../examples/site', import.meta.url));
  console.log(`wrote ${writeExampleImages(siteDir)} images under examples/site`);
}
