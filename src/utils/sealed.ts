import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

/**
 * The render cache's files carry a checksum of their text on a first line, so that a file cut
 * short (a run killed mid-write, a full disk) or garbled (a bad restore of a CI cache) is told
 * from a good one: it is reported (`damagedFiles`), and ignored, so what it held is made again.
 * A file without the line is of an older Offprint: ignored without a word, as a record of
 * another version is.
 */

const HEADER = 'offprint-sealed sha256=';

export function seal(text: string): string {
  return `${HEADER}${sha256(text)}\n${text}`;
}

/** The text of a sealed file, or undefined when it is missing, of an older Offprint or damaged. */
export function unseal(sealed: string, file: string): string | undefined {
  if (!sealed.startsWith(HEADER)) return undefined;
  const end = sealed.indexOf('\n');
  const text = sealed.slice(end + 1);
  if (end === HEADER.length + 64 && sealed.slice(HEADER.length, end) === sha256(text)) return text;
  reportDamaged(file);
  return undefined;
}

/** Writes `value` as sealed JSON. */
export async function writeSealedJson(file: string, value: unknown): Promise<void> {
  await writeFile(file, seal(JSON.stringify(value)));
}

/** The value of a sealed JSON file, or undefined (missing, older, damaged: see `unseal`). */
export async function readSealedJson<T>(file: string): Promise<T | undefined> {
  let sealed: string;
  try {
    sealed = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const text = unseal(sealed, file);
  return text === undefined ? undefined : (JSON.parse(text) as T);
}

const damaged = new Set<string>();

/** A cache file found damaged; the command line says so once per run (`takeDamagedFiles`). */
export function reportDamaged(file: string): void {
  damaged.add(file);
}

/** The damaged files found since the last call. */
export function takeDamagedFiles(): string[] {
  const files = [...damaged];
  damaged.clear();
  return files;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
