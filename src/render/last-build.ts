import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from './astro.ts';
import { hashSources } from './source-hash.ts';

/**
 * Remembers what the last successful render wrote, so that rendering an unchanged snapshot
 * again leaves the output alone instead of running Astro over every page: the fingerprint
 * covers the build data, the files copied, and Offprint's own source and theme.
 */

const SOURCE_VERSION = hashSources(
  [
    path.join(PROJECT_ROOT, 'src'),
    path.join(PROJECT_ROOT, 'themes'),
    path.join(PROJECT_ROOT, 'astro.config.mjs'),
  ],
  ['.ts', '.astro', '.css', '.mjs', '.js', '.json'],
);

interface Record {
  fingerprint: string;
  outDir: string;
}

export class LastBuild {
  readonly #file: string;

  constructor(renderDir: string) {
    this.#file = path.join(renderDir, 'last-build.json');
  }

  static fingerprint(parts: readonly string[]): string {
    return [SOURCE_VERSION, ...parts].join(':');
  }

  /** Whether `outDir` holds exactly what a build with this fingerprint would write. */
  async matches(fingerprint: string, outDir: string): Promise<boolean> {
    try {
      const record = JSON.parse(await readFile(this.#file, 'utf8')) as Record;
      if (record.fingerprint !== fingerprint || record.outDir !== path.resolve(outDir))
        return false;
      return (await stat(outDir)).isDirectory();
    } catch {
      return false;
    }
  }

  async record(fingerprint: string, outDir: string): Promise<void> {
    const record: Record = { fingerprint, outDir: path.resolve(outDir) };
    await mkdir(path.dirname(this.#file), { recursive: true });
    await writeFile(this.#file, JSON.stringify(record));
  }
}
