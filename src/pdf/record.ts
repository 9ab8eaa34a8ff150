import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { type FileStamp, fileStamp } from '../records/file-stamps.ts';
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

/**
 * Whether the last output's PDF (`then`, as pdf.json has it) is copied rather than printed,
 * given the key it would be printed from now and its file's stamp: the render's reuse policy
 * (src/render/reuse-policy.ts, `pdfReusable`).
 */
export type PdfReusable = (
  then: Entry | undefined,
  key: string,
  now: FileStamp | undefined,
) => boolean;

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
   * Copies `file` from `previous.dir` to `target` when `previous.reusable` says it may be (it
   * was printed from the same key and is still as it was written); false when it must be
   * printed.
   */
  async reuse(
    entries: PdfEntries | undefined,
    file: string,
    key: string,
    previous: { dir: string; reusable: PdfReusable },
    target: string,
  ): Promise<boolean> {
    const then = entries && Object.hasOwn(entries, file) ? entries[file] : undefined;
    const source = path.join(previous.dir, file);
    const now = await fileStamp(previous.dir, file);
    if (!previous.reusable(then, LastBuild.fingerprint([key]), now)) return false;
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
