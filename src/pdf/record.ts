import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { LastBuild } from '../records/last-build.ts';
import { readSealedJson, writeSealedJson } from '../utils/sealed.ts';

/**
 * What each PDF of the output was printed from (`<cacheDir>/render/pdf.json`), so that the
 * next `offprint pdf` or `build --pdf` copies a PDF whose pages have not changed instead of
 * printing it again: printing is most of the time a PDF takes. The key covers the pages as
 * rendered, the cover but its date, and Offprint's own source (a new Offprint prints again).
 */
interface Entry {
  key: string;
  size: number;
  mtimeMs: number;
}

/** File → what it was printed from and how it was written (whether the PDFs of an output are
 * still as printed is decided in src/render/reuse-policy.ts). */
export type PdfEntries = { [file: string]: Entry };

export class PdfRecord {
  readonly #file: string;
  readonly #entries: PdfEntries = {};

  constructor(renderDir: string) {
    this.#file = path.join(renderDir, 'pdf.json');
  }

  async read(): Promise<PdfEntries | undefined> {
    try {
      const parsed = await readSealedJson<{ files?: PdfEntries }>(this.#file);
      return parsed?.files && typeof parsed.files === 'object' ? parsed.files : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Copies `file` from `previousDir` to `target` when it was printed from the same key and is
   * still as it was written (not edited or replaced since); false when it must be printed.
   */
  async reuse(
    previous: PdfEntries | undefined,
    file: string,
    key: string,
    previousDir: string,
    target: string,
  ): Promise<boolean> {
    const then = previous && Object.hasOwn(previous, file) ? previous[file] : undefined;
    if (then?.key !== LastBuild.fingerprint([key])) return false;
    const source = path.join(previousDir, file);
    const now = await stat(source).catch(() => undefined);
    if (now?.size !== then.size || now.mtimeMs !== then.mtimeMs) return false;
    await copyFile(source, target);
    return true;
  }

  /** Remembers `target` as printed (or copied) from `key`. */
  async remember(file: string, key: string, target: string): Promise<void> {
    const { size, mtimeMs } = await stat(target);
    this.#entries[file] = { key: LastBuild.fingerprint([key]), size, mtimeMs };
  }

  async write(): Promise<void> {
    await mkdir(path.dirname(this.#file), { recursive: true });
    await writeSealedJson(this.#file, { files: this.#entries });
  }
}
