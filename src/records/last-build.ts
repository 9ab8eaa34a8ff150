import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { PROJECT_ROOT } from '../utils/project-root.ts';
import { readSealedJson, writeSealedJson } from '../utils/sealed.ts';
import { hashSources } from '../utils/source-hash.ts';
import { type FileStamp, fileStamp } from './file-stamps.ts';

/**
 * Remembers what the last successful render wrote (`<cacheDir>/render/last-build.json`): the
 * fingerprint covers the build data, the files copied, and Offprint's own source and theme; the
 * shell (everything but the pages' own views) and each page's view digest tell which pages of
 * the last output are still what Astro would write. This module reads and writes the record;
 * what a render may skip or reuse because of it is decided in reuse-policy.ts.
 */

export const SOURCE_VERSION = hashSources(
  [
    path.join(PROJECT_ROOT, 'src'),
    path.join(PROJECT_ROOT, 'themes'),
    path.join(PROJECT_ROOT, 'astro.config.mjs'),
  ],
  ['.ts', '.astro', '.css', '.mjs', '.js', '.json'],
);

export interface BuildRecord {
  fingerprint: string;
  outDir: string;
  /** The fingerprint without the pages' views: equal shells give equal pages for equal views. */
  shell?: string;
  /** Output file → digest of its page view, and the file as written. */
  pages?: { [file: string]: { view: string } & FileStamp };
  /** The digest of everything the render read (inputs.ts), and what it reported. */
  inputs?: string;
  summary?: RenderSummary;
}

/** What a render reports besides timings: told again by a render that had nothing to do. */
export interface RenderSummary {
  pages: number;
  aliases: number;
  assets: number;
  brokenLinks: { page: string; target: string; line?: number }[];
  warnings: { page: string; message: string; line?: number }[];
  notes: string[];
}

export class LastBuild {
  readonly #file: string;

  constructor(renderDir: string) {
    this.#file = path.join(renderDir, 'last-build.json');
  }

  static fingerprint(parts: readonly string[]): string {
    return [SOURCE_VERSION, ...parts].join(':');
  }

  /** The record as written, whichever output it is about (reuse-policy.ts checks that). */
  async read(): Promise<BuildRecord | undefined> {
    const record = await readSealedJson<BuildRecord>(this.#file);
    return typeof record?.fingerprint === 'string' ? record : undefined;
  }

  /** Records a render just swapped into `outDir`. */
  async record(
    fingerprint: string,
    outDir: string,
    shell: string,
    pageDigests: ReadonlyMap<string, string>,
    read?: { inputs: string; summary: RenderSummary },
  ): Promise<void> {
    const pages: NonNullable<BuildRecord['pages']> = {};
    const limit = pLimit(32);
    await Promise.all(
      [...pageDigests].map(([file, view]) =>
        limit(async () => {
          const stamp = await fileStamp(outDir, file);
          if (stamp) pages[file] = { view, ...stamp };
        }),
      ),
    );
    const record: BuildRecord = {
      fingerprint,
      outDir: path.resolve(outDir),
      shell,
      pages,
      ...read,
    };
    await mkdir(path.dirname(this.#file), { recursive: true });
    await writeSealedJson(this.#file, record);
  }

  /** After a render that found `outDir` already as it would write it: remember what it read. */
  async rememberInputs(
    outDir: string,
    read: { inputs: string; summary: RenderSummary },
  ): Promise<void> {
    const record = await this.read();
    if (record?.outDir !== path.resolve(outDir)) return;
    if (!(await stat(outDir).catch(() => undefined))?.isDirectory()) return;
    await writeSealedJson(this.#file, { ...record, ...read });
  }
}
