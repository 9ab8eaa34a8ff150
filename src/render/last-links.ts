import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { LinkScan } from '../hosting/index.ts';
import { readSealedJson, writeSealedJson } from '../utils/sealed.ts';

/**
 * The link scan of the last output (src/hosting/check-links.ts), kept beside `last-build.json`:
 * the pages a render copies from that output are byte for byte what was scanned then, so only
 * the pages Astro built again are read and parsed for the broken-link check. The scan belongs
 * to the build with its fingerprint; it is used only while `LastBuild` still records that build.
 */

interface Stored {
  fingerprint: string;
  outDir: string;
  base: string;
  origin?: string;
  targets: string[];
  /** `[file, ids (JSON), links]` per HTML file. */
  pages: [string, string, number[]][];
}

export class LastLinks {
  readonly #file: string;

  constructor(renderDir: string) {
    this.#file = path.join(renderDir, 'last-links.json');
  }

  /** The scan kept of `outDir`, with the fingerprint of the build it scanned (a torn or missing
   * file: none, and the render reads every page). */
  async read(outDir: string): Promise<{ fingerprint: string; scan: LinkScan } | undefined> {
    try {
      const stored = await readSealedJson<Stored>(this.#file);
      if (!stored || stored.outDir !== path.resolve(outDir)) return undefined;
      const pages = new Map(stored.pages.map(([file, ids, links]) => [file, { ids, links }]));
      return {
        fingerprint: stored.fingerprint,
        scan: { base: stored.base, origin: stored.origin, targets: stored.targets, pages },
      };
    } catch {
      return undefined;
    }
  }

  /** Keeps the scan of a render just swapped into `outDir`. */
  async record(fingerprint: string, outDir: string, scan: LinkScan): Promise<void> {
    const stored: Stored = {
      fingerprint,
      outDir: path.resolve(outDir),
      base: scan.base,
      ...(scan.origin !== undefined ? { origin: scan.origin } : {}),
      targets: scan.targets,
      pages: [...scan.pages].map(([file, { ids, links }]) => [file, ids, links]),
    };
    await mkdir(path.dirname(this.#file), { recursive: true });
    await writeSealedJson(this.#file, stored);
  }
}
