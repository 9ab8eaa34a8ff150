import { lstatSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What a folder named as an output holds, read before Offprint replaces it (output.ts): only
 * one Offprint wrote, an empty one or a missing one may be replaced; anything else is a user's.
 * Every output Offprint renders carries `OUTPUT_MARKER`, written into the staged output before
 * the swap; an output of a version before the marker is known by its shape.
 */

/**
 * The file that says "Offprint wrote this folder". A dot file: no page can take its name (a
 * page's segments lose their leading dots, src/site/paths.ts), static hosts serve it as plain
 * text, and it says nothing about the build, so two builds of one snapshot stay identical.
 */
export const OUTPUT_MARKER = '.offprint-output';

const MARKER_TEXT =
  'This folder is a site built by Offprint. Offprint replaces it whole on every build:\n' +
  'keep no files of your own here. Offprint replaces only a folder that holds this file.\n';

/**
 * What every render has written at the output's root since before the marker: the theme's
 * stylesheet folder (`THEME_DIR` of src/theme/fonts.ts), the host rules and the not-found page.
 * A user's folder has all three only by copying an Offprint output.
 */
const EARLIER_OUTPUT_SHAPE: readonly { name: string; folder: boolean }[] = [
  { name: '_offprint', folder: true },
  { name: '_headers', folder: false },
  { name: '404.html', folder: false },
];

export type OutputFolder =
  | { kind: 'missing' }
  | { kind: 'empty' }
  /** Offprint's output: it holds the marker. */
  | { kind: 'marked' }
  /** An output of an Offprint version before the marker, known by its shape. */
  | { kind: 'earlier' }
  /** Not a folder: a file, a link to nothing, a device. */
  | { kind: 'not-a-folder'; what: string }
  /** A folder of files Offprint did not write: the first few names, and how many there are. */
  | { kind: 'other'; names: string[]; count: number };

/** Reads what `dir` is, following a symbolic link to it as the swap would replace it. */
export function outputFolder(dir: string): OutputFolder {
  // Under a file, it is missing: making it fails then, and says so (output.ts).
  if (!existsOrLink(dir)) return { kind: 'missing' };
  const target = statSync(dir, { throwIfNoEntry: false });
  if (!target) return { kind: 'not-a-folder', what: 'a symbolic link to nothing' };
  if (!target.isDirectory())
    return { kind: 'not-a-folder', what: target.isFile() ? 'a file' : 'not a folder' };
  const entries = readdirSync(dir, { withFileTypes: true });
  if (entries.length === 0) return { kind: 'empty' };
  if (entries.some((e) => e.name === OUTPUT_MARKER && e.isFile())) return { kind: 'marked' };
  const isEarlierOutput = EARLIER_OUTPUT_SHAPE.every(({ name, folder }) =>
    entries.some((e) => e.name === name && (folder ? e.isDirectory() : e.isFile())),
  );
  if (isEarlierOutput) return { kind: 'earlier' };
  return { kind: 'other', ...namesOf(entries) };
}

/** Whether anything is at `target`, a symbolic link to nothing included. */
export function existsOrLink(target: string): boolean {
  try {
    return lstatSync(target, { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
    throw error;
  }
}

/** Whether a render may put its output in place of `dir`. */
export function mayReplace(folder: OutputFolder): boolean {
  return folder.kind !== 'not-a-folder' && folder.kind !== 'other';
}

/** A few of a folder's entries by name (folders with a trailing slash), sorted, and the count. */
export function namesOf(entries: readonly { name: string; isDirectory(): boolean }[]): {
  names: string[];
  count: number;
} {
  const names = entries
    .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
    .sort((a, b) => a.localeCompare(b))
    .slice(0, 2);
  return { names, count: entries.length };
}

/**
 * What a refusal says is at a path that may not be replaced: `a file`, or `a folder of 5
 * entries Offprint did not write (notes.txt, photos/ and 3 more)`.
 */
export function whatIsThere(folder: OutputFolder): string {
  if (folder.kind === 'not-a-folder') return folder.what;
  if (folder.kind !== 'other') return `an output folder`;
  return `a folder of ${folder.count === 1 ? '1 entry' : `${folder.count} entries`} Offprint did not write (${listEntries(folder)})`;
}

/** `notes.txt, photos/ and 3 more`. */
function listEntries({ names, count }: { names: string[]; count: number }): string {
  const more = count - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(' and ');
}

/** Marks a (staged) output as Offprint's. */
export function writeOutputMarker(dir: string): void {
  writeFileSync(path.join(dir, OUTPUT_MARKER), MARKER_TEXT);
}
