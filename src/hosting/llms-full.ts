import { createWriteStream, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * `llms-full.txt`: the markdown of every listed page in navigation order, one file an assistant
 * can read whole. Each page is its `.md` copy (its `# Title`), then a `Source:` line with the
 * page's URL, then the copy's body. Written as a stream, page by page, so a site of any size is
 * never held in memory whole.
 */

export const LLMS_FULL_FILE = 'llms-full.txt';

/**
 * Writes the file from the pages' entries (`llmsFullEntry`) as they come, in their order, and
 * returns its size in bytes.
 */
export async function writeLlmsFullEntries(
  target: string,
  pageEntries: AsyncIterable<string>,
): Promise<number> {
  let bytes = 0;
  async function* entries() {
    let first = true;
    for await (const page of pageEntries) {
      const entry = `${first ? '' : '\n'}${page}`;
      first = false;
      bytes += Buffer.byteLength(entry);
      yield entry;
    }
  }
  await pipeline(Readable.from(entries()), createWriteStream(target));
  return bytes;
}

/** A copy with its source line after the heading: `# Title\n\nSource: URL\n\nbody`. */
export function llmsFullEntry(url: string, copy: string): string {
  const newline = copy.indexOf('\n');
  const heading = newline < 0 ? copy : copy.slice(0, newline);
  const body = newline < 0 ? '' : copy.slice(newline + 1).replace(/^\n+/, '');
  return `${heading}\n\nSource: ${url}\n${body ? `\n${body}` : ''}`;
}

/** The size of `<outDir>/llms-full.txt` for the build summary, or undefined when there is none. */
export function llmsFullSize(outDir: string): number | undefined {
  try {
    return statSync(path.join(outDir, LLMS_FULL_FILE)).size;
  } catch {
    return undefined;
  }
}

/** `812 B`, `40.2 KiB`, `3.1 MiB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}
