import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/**
 * Names the system's Chromium goes by (Debian, other distributions, Google's build). Debian's
 * headless shell comes first where it is installed: the same Blink without the browser's
 * windowing, it starts in 0.8 s against 1.15 s and loads a page with about a fifth less CPU
 * (drawing a diagram costs the same: that is mermaid's own script).
 */
const NAMES = [
  'chromium-headless-shell',
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
];

/**
 * Flags of every Chromium Offprint starts (PDF printing, diagram drawing). Text is laid out
 * unhinted, as a desktop browser sets it: the headless shell hints glyphs to whole pixels by
 * default, which widens lines against the fonts' metrics (a metric-matched fallback then moved
 * the example's home page by 0.054 on the swap, against 0.01 in Chromium).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--font-render-hinting=none',
];

export const INSTALL_HINT =
  'no Chromium found for PDFs: install it (Debian/Ubuntu: apt-get install -y chromium) or pass --chromium PATH';

/**
 * The Chromium to print with: `--chromium PATH` when given (it must be executable), else the
 * first of the usual names on PATH; undefined when there is none. Nothing is ever downloaded.
 */
export function findChromium(
  explicit?: string,
  searchPath = process.env.PATH ?? '',
): string | undefined {
  if (explicit) return executable(explicit) ? path.resolve(explicit) : undefined;
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    for (const name of NAMES) {
      const candidate = path.join(dir, name);
      if (executable(candidate)) return candidate;
    }
  }
  return undefined;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
