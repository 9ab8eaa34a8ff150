import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { pathInside } from '../site/paths.ts';
import { hashSources } from '../utils/source-hash.ts';
import { PROJECT_ROOT } from './astro.ts';

/**
 * Remembers what the last successful render wrote, so that rendering an unchanged snapshot
 * again leaves the output alone instead of running Astro over every page: the fingerprint
 * covers the build data, the files copied, and Offprint's own source and theme. When only some
 * pages changed, the shell (everything but the pages' own views) and each page's view digest
 * tell which pages of the last output are still what Astro would write.
 */

export const SOURCE_VERSION = hashSources(
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
  /** The fingerprint without the pages' views: equal shells give equal pages for equal views. */
  shell?: string;
  /** Output file → digest of its page view, and the file as written (a file edited since, by
   * hand or by a later CI step, is not reused). */
  pages?: { [file: string]: { view: string; size: number; mtimeMs: number } };
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

  /** Whether `outDir` holds exactly what a build with this fingerprint would write. */
  async matches(fingerprint: string, outDir: string): Promise<boolean> {
    const record = await this.#read(outDir);
    return record?.fingerprint === fingerprint;
  }

  /**
   * What the last render into `outDir` reported, when it read exactly these inputs: then
   * `outDir` holds what this render would write, and nothing needs reading.
   */
  async sameInputs(
    inputs: string,
    outDir: string,
  ): Promise<{ fingerprint: string; summary: RenderSummary } | undefined> {
    const record = await this.#read(outDir);
    if (record?.inputs !== inputs || !record.summary) return undefined;
    return { fingerprint: record.fingerprint, summary: record.summary };
  }

  /**
   * Output file → digest of its page view, as the last render into `outDir` recorded them,
   * when it had this shell: a page whose view has another digest (or none) is a change.
   */
  async views(shell: string, outDir: string): Promise<ReadonlyMap<string, string> | undefined> {
    const record = await this.#read(outDir);
    if (record?.shell !== shell || !record.pages) return undefined;
    return new Map(Object.entries(record.pages).map(([file, { view }]) => [file, view]));
  }

  /**
   * The output files of `outDir` that a build with this shell would write again byte for byte:
   * those whose page view has the digest it had then, still as the render wrote them.
   */
  async unchangedPages(
    shell: string,
    outDir: string,
    pageDigests: ReadonlyMap<string, string>,
  ): Promise<Set<string>> {
    const record = await this.#read(outDir);
    const unchanged = new Set<string>();
    const pages = record?.shell === shell ? record.pages : undefined;
    if (!pages) return unchanged;
    const limit = pLimit(32);
    await Promise.all(
      [...pageDigests].map(([file, digest]) =>
        limit(async () => {
          const then = Object.hasOwn(pages, file) ? pages[file] : undefined;
          if (then?.view !== digest) return;
          const now = await fileStamp(outDir, file);
          if (now?.size === then.size && now.mtimeMs === then.mtimeMs) unchanged.add(file);
        }),
      ),
    );
    return unchanged;
  }

  /** Records a render just swapped into `outDir`. */
  async record(
    fingerprint: string,
    outDir: string,
    shell: string,
    pageDigests: ReadonlyMap<string, string>,
    read?: { inputs: string; summary: RenderSummary },
  ): Promise<void> {
    const pages: NonNullable<Record['pages']> = {};
    const limit = pLimit(32);
    await Promise.all(
      [...pageDigests].map(([file, view]) =>
        limit(async () => {
          const stamp = await fileStamp(outDir, file);
          if (stamp) pages[file] = { view, ...stamp };
        }),
      ),
    );
    const record: Record = { fingerprint, outDir: path.resolve(outDir), shell, pages, ...read };
    await mkdir(path.dirname(this.#file), { recursive: true });
    await writeFile(this.#file, JSON.stringify(record));
  }

  /** After a render that found `outDir` already as it would write it: remember what it read. */
  async rememberInputs(
    outDir: string,
    read: { inputs: string; summary: RenderSummary },
  ): Promise<void> {
    const record = await this.#read(outDir);
    if (!record) return;
    await writeFile(this.#file, JSON.stringify({ ...record, ...read }));
  }

  /** The record, when it is about `outDir` and that directory is still there. */
  async #read(outDir: string): Promise<Record | undefined> {
    try {
      const record = JSON.parse(await readFile(this.#file, 'utf8')) as Record;
      if (record.outDir !== path.resolve(outDir)) return undefined;
      return (await stat(outDir)).isDirectory() ? record : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Size and modification time of an output file, when it is one. */
async function fileStamp(
  outDir: string,
  file: string,
): Promise<{ size: number; mtimeMs: number } | undefined> {
  const target = pathInside(outDir, file);
  if (!target) return undefined;
  try {
    const stats = await stat(target);
    return stats.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}
