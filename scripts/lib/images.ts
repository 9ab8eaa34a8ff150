import { encodePng, type Rgba } from './png.ts';

/**
 * Small procedural pictures for fixtures: a logo mark, a sky banner, a console screenshot, a
 * block diagram and a line chart. Flat shapes compress to a few kilobytes and look like the
 * real thing at a glance, which is all docs fixtures need.
 */

const CLEAR: Rgba = [0, 0, 0, 0];

/** `#RRGGBB` to an opaque pixel. */
export function hex(color: string): Rgba {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}

function mix(a: Rgba, b: Rgba, t: number): Rgba {
  const at = (i: 0 | 1 | 2 | 3) => Math.round(a[i] + (b[i] - a[i]) * t);
  return [at(0), at(1), at(2), at(3)];
}

/** Is (x, y) inside the triangle (ax, ay) (bx, by) (cx, cy)? Sign test on the three edges. */
function inTriangle(x: number, y: number, tri: readonly number[]): boolean {
  const [ax = 0, ay = 0, bx = 0, by = 0, cx = 0, cy = 0] = tri;
  const d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by);
  const d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy);
  const d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/** A rocket in a disc, drawn in unit coordinates so it scales to any icon size. */
export function rocketMark(size: number, disc: string, rocket: string): Buffer {
  const ground = hex(disc);
  const body = hex(rocket);
  return encodePng(size, size, (px, py) => {
    const x = (px + 0.5) / size - 0.5;
    const y = (py + 0.5) / size - 0.5;
    if (x * x + y * y > 0.25) return CLEAR;
    const inBody = (x / 0.11) ** 2 + ((y + 0.02) / 0.3) ** 2 <= 1;
    const inFins =
      inTriangle(x, y, [-0.1, 0.08, -0.22, 0.3, -0.04, 0.22]) ||
      inTriangle(x, y, [0.1, 0.08, 0.22, 0.3, 0.04, 0.22]);
    const inWindow = x * x + (y + 0.08) ** 2 <= 0.045 ** 2;
    if (inWindow) return ground;
    return inBody || inFins ? body : ground;
  });
}

/** A dusk sky with an ascent arc and a few stars: cover images and banners. */
export function skyBanner(width: number, height: number, top: string, bottom: string): Buffer {
  const from = hex(top);
  const to = hex(bottom);
  const trail = hex('#FFD166');
  return encodePng(width, height, (x, y) => {
    const u = x / width;
    const arcY = height * (0.95 - 0.8 * Math.sqrt(u));
    if (Math.abs(y - arcY) < Math.max(1.5, height / 80) && u > 0.05) return trail;
    // A cheap integer hash places the stars so every run draws the same sky.
    const star = ((x * 73856093) ^ (y * 19349663)) >>> 0;
    if (star % 997 === 0 && y < height * 0.6) return [255, 255, 255, 255];
    return mix(from, to, y / height);
  });
}

/** A mock application window: title bar, sidebar, and rows of content. */
export function consoleScreenshot(width: number, height: number, accent: string): Buffer {
  const paper = hex('#F7F8FA');
  const ink = hex('#D5DAE1');
  const bar = hex('#20242B');
  const highlight = hex(accent);
  const sidebar = hex('#ECEEF2');
  return encodePng(width, height, (x, y) => {
    if (y < height * 0.1) return x > width - 40 && x % 12 < 8 && y > 4 && y < 12 ? ink : bar;
    if (x < width * 0.22) return y % 18 < 10 && x > 8 && x < width * 0.18 ? ink : sidebar;
    const row = Math.floor((y - height * 0.1) / 16);
    const inRow = (y - height * 0.1) % 16 < 9 && x > width * 0.26;
    if (row === 0 && inRow && x < width * 0.6) return highlight;
    if (inRow && x < width * (0.5 + ((row * 37) % 40) / 100)) return ink;
    return paper;
  });
}

/** Three boxes joined by arrows: request flows and wiring overviews. */
export function blockDiagram(width: number, height: number, fill: string): Buffer {
  const box = hex(fill);
  const line = hex('#5B6472');
  const paper: Rgba = [255, 255, 255, 255];
  const boxW = width / 5;
  const top = height * 0.35;
  const bottom = height * 0.65;
  return encodePng(width, height, (x, y) => {
    const slot = Math.floor(x / (width / 3));
    const left = slot * (width / 3) + (width / 3 - boxW) / 2;
    if (y >= top && y <= bottom && x >= left && x <= left + boxW) return box;
    const mid = height / 2;
    if (Math.abs(y - mid) <= 1 && x > width / 3 / 2 && x < width - width / 6) return line;
    return paper;
  });
}

/** Axes and a rising curve: ascent profiles and latency charts. */
export function lineChart(width: number, height: number, stroke: string): Buffer {
  const curve = hex(stroke);
  const axis = hex('#8A93A0');
  const grid = hex('#EEF0F3');
  const paper: Rgba = [255, 255, 255, 255];
  const margin = 16;
  return encodePng(width, height, (x, y) => {
    if (x === margin || y === height - margin) return axis;
    if (x < margin || y > height - margin) return paper;
    const u = (x - margin) / (width - 2 * margin);
    const curveY = height - margin - (height - 2 * margin) * (1 - (1 - u) ** 2.4);
    if (Math.abs(y - curveY) < 1.6) return curve;
    return (x - margin) % 32 === 0 || (height - margin - y) % 24 === 0 ? grid : paper;
  });
}
