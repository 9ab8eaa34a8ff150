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

/** A number in [0, 1) from integer coordinates and a seed: the same pixel, the same value. */
function hash3(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 374761393) + Math.imul(y, 668265263) + Math.imul(seed, 2246822519);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth noise in [0, 1): bilinear between hashed lattice points, three octaves. */
function valueNoise(x: number, y: number, scale: number, seed: number): number {
  let sum = 0;
  let weight = 0;
  for (let octave = 0; octave < 3; octave++) {
    const s = scale / 2 ** octave;
    const fx = x / s;
    const fy = y / s;
    const ix = Math.floor(fx);
    const iy = Math.floor(fy);
    const tx = fx - ix;
    const ty = fy - iy;
    const at = (dx: number, dy: number) => hash3(ix + dx, iy + dy, seed + octave);
    const top = at(0, 0) + (at(1, 0) - at(0, 0)) * tx;
    const bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * tx;
    const w = 1 / 2 ** octave;
    sum += (top + (bottom - top) * ty) * w;
    weight += w;
  }
  return sum / weight;
}

/**
 * A screenshot the size a retina screen takes one (2× pixels): a window with a sidebar, lines
 * of anti-aliased "text" (40 letters from hashed 5 × 7 bitmaps, smoothed), a chart and a photo with
 * grain. Heavy as real screenshots are, so image variants have something to save.
 */
export function appScreenshot(width: number, height: number, accent: string, seed = 1): Buffer {
  const ink = hex('#1f2937');
  const paper = hex('#ffffff');
  const bar = hex('#f3f4f6');
  const side = hex('#f8fafc');
  const tint = hex(accent);
  const u = width / 1440;
  const glyphW = 8 * u;
  const lineH = 26 * u;
  /** How much ink a glyph cell has at (gx, gy) in [0, 1), its bitmap smoothed by hand. */
  const glyph = (cell: number, row: number, gx: number, gy: number): number => {
    const bx = Math.min(4, Math.floor(gx * 5));
    const by = Math.min(6, Math.floor(gy * 7));
    // One of 40 letters, as text repeats its letters.
    const letter = Math.floor(hash3(cell, row, seed + 5) * 40);
    const on = hash3(letter * 7 + by, bx, seed) < 0.45 ? 1 : 0;
    const edge = Math.min(gx * 5 - bx, 1 - (gx * 5 - bx), gy * 7 - by, 1 - (gy * 7 - by));
    return on * Math.min(1, 0.35 + edge * 2.5);
  };
  const text = (x: number, y: number, left: number, top: number, right: number): number => {
    if (x < left || y < top) return 0;
    const row = Math.floor((y - top) / lineH);
    const inLine = (y - top - row * lineH) / lineH;
    if (inLine < 0.3 || inLine > 0.78) return 0;
    const length = (right - left) * (0.45 + 0.55 * hash3(row, 0, seed + 7));
    if (x - left > length) return 0;
    const cell = Math.floor((x - left) / glyphW);
    if (hash3(cell, row, seed + 3) < 0.16) return 0; // a space between words
    return glyph(cell, row, (x - left) / glyphW - cell, (inLine - 0.3) / 0.48);
  };
  const chart = { left: 300 * u, top: height * 0.42, right: width * 0.62, bottom: height * 0.9 };
  const photo = {
    left: width * 0.7,
    top: height * 0.42,
    right: width * 0.96,
    bottom: height * 0.72,
  };
  return encodePng(width, height, (x, y) => {
    if (y < 52 * u) return x > 300 * u && x < 420 * u && y > 14 * u && y < 40 * u ? tint : bar;
    if (x < 240 * u) {
      const amount = text(x, y, 24 * u, 90 * u, 220 * u) * 0.8;
      return mix(side, ink, amount);
    }
    if (y < height * 0.36) return mix(paper, ink, text(x, y, 300 * u, 90 * u, width * 0.9));
    if (x >= chart.left && x < chart.right && y >= chart.top && y < chart.bottom) {
      const t = (x - chart.left) / (chart.right - chart.left);
      const curve =
        chart.top +
        (chart.bottom - chart.top) *
          (0.5 - 0.25 * Math.sin(t * 9 + seed) - 0.12 * Math.sin(t * 23));
      if (Math.abs(y - curve) < 1.5 * u) return tint;
      if (y > curve) return mix(paper, tint, 0.45 * (1 - (y - curve) / (chart.bottom - curve)));
      return (Math.floor(y / (40 * u)) * 40 * u - y) ** 2 < u * u ? bar : paper;
    }
    if (x >= photo.left && x < photo.right && y >= photo.top && y < photo.bottom) {
      const n = valueNoise(x, y, 90 * u, seed);
      const sky = mix(hex('#1b2a49'), hex('#e4572e'), (y - photo.top) / (photo.bottom - photo.top));
      const grain = (hash3(x, y, seed + 11) - 0.5) * 0.01;
      return mix(sky, hex('#0b1220'), Math.max(0, Math.min(1, n * 0.8 + grain)));
    }
    return paper;
  });
}

/** A photo at dusk: a sky from `top` to `bottom` colour, soft clouds, a dark ridge and a dish. */
export function duskPhoto(width: number, height: number, top: string, bottom: string): Buffer {
  const high = hex(top);
  const low = hex(bottom);
  const ground = hex('#0b1220');
  return encodePng(width, height, (x, y) => {
    const ridge = height * (0.72 + 0.06 * Math.sin(x / (width / 5)) + 0.03 * Math.sin(x / 37));
    const dishX = (x - width * 0.62) / (width * 0.09);
    const dishY = (y - height * 0.5) / (height * 0.12);
    if (
      y > ridge ||
      dishX * dishX + dishY * dishY < 1 ||
      (Math.abs(x - width * 0.62) < 3 && y > height * 0.5)
    )
      return ground;
    const cloud = valueNoise(x, y * 2.5, width / 8, 5);
    const sky = mix(high, low, y / ridge);
    return mix(sky, hex('#f4a261'), Math.max(0, cloud - 0.55) * 1.2);
  });
}
