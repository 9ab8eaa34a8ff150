import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withPath } from '../utils/disk-errors.ts';

/**
 * Writes into a staging snapshot. Every text goes through `scrub`, which removes secrets (the
 * token, a share key) that an API response might echo back, so none reaches the disk.
 */
export class SnapshotWriter {
  readonly dir: string;
  private readonly scrub: (text: string) => string;

  constructor(dir: string, scrub: (text: string) => string) {
    this.dir = dir;
    this.scrub = scrub;
  }

  async json(relative: string, value: unknown): Promise<void> {
    await this.text(relative, `${JSON.stringify(value, null, 1)}\n`);
  }

  async text(relative: string, text: string): Promise<void> {
    const file = this.resolve(relative);
    await withPath(file, async () => {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, this.scrub(text));
    });
  }

  async bytes(relative: string, bytes: Uint8Array): Promise<void> {
    const file = this.resolve(relative);
    await withPath(file, async () => {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    });
  }

  /** The absolute path of a file of the snapshot; refuses anything that would leave it. */
  resolve(relative: string): string {
    const file = path.resolve(this.dir, relative);
    if (!file.startsWith(this.dir + path.sep))
      throw new Error(`refusing to write outside the snapshot: ${relative}`);
    return file;
  }
}
