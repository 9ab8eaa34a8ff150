/**
 * Lines of the page's markdown. The plugins see the line pass's output (`preprocess.ts`), whose
 * lines are not the page's: the parse keeps the map back (`file.data.lineMap`), and a warning
 * or a reference is given the page's line through it.
 */
import type { Node, Point } from 'unist';
import type { VFile } from 'vfile';

declare module 'vfile' {
  interface DataMap {
    /** `lineMap[k]`: the page's line of line `k + 1` of the preprocessed markdown. */
    lineMap: number[];
  }
}

/** The page's 1-based line of a preprocessed line number. */
export function originalLine(file: VFile, line: number | undefined): number | undefined {
  if (line === undefined) return undefined;
  return file.data.lineMap?.[line - 1] ?? line;
}

/** The page's line of a node of the tree. */
export function lineOf(file: VFile, node: Node | undefined): number | undefined {
  return originalLine(file, node?.position?.start.line);
}

/**
 * A place in the preprocessed markdown that maps back to the page's line `line`, for a message
 * about a line rather than a node (the line pass writes at least one line for each of the page's).
 */
export function placeOfLine(file: VFile, line: number): Point {
  const map = file.data.lineMap;
  const index = map ? map.indexOf(line) : -1;
  return { line: index < 0 ? line : index + 1, column: 1 };
}
