/**
 * Offsets in the text the line pass gave the parser (`preprocess.ts`) → offsets in the page's
 * markdown as written. The pass drops invalid characters, caps indentation, escapes deep
 * container markers and turns `\r\n` into `\n`: each line stays where it is and keeps its text,
 * moved by the shift the pass recorded.
 */
import { droppedColumns, type Preprocessed } from './preprocess.ts';

export function sourceOffsets(
  markdown: string,
  pre: Pick<Preprocessed, 'text' | 'columnShifts'>,
): (offset: number) => number {
  // The pass left most pages as written (no invalid characters, no deep containers, no `\r`):
  // every offset is its own, and the page's lines need not be found.
  if (pre.text === markdown) return (offset) => offset;
  const parsed = lineStarts(pre.text, /\n/g);
  const source = lineStarts(markdown, /\r\n|\r|\n/g);
  const dropped = new Map<number, number[]>();
  const droppedIn = (line: number) => {
    let columns = dropped.get(line);
    if (!columns) {
      columns = droppedColumns(markdown.slice(source[line], source[line + 1]));
      dropped.set(line, columns);
    }
    return columns;
  };
  const clean = droppedColumns(markdown).length === 0;
  return (offset) => {
    const line = lineAt(parsed, offset);
    let column = offset - (parsed[line] as number) + (pre.columnShifts.get(line) ?? 0);
    // Past each character the pass dropped, the original column is one further.
    if (!clean) for (const at of droppedIn(line)) if (at <= column) column++;
    return (source[line] as number) + column;
  };
}

function lineStarts(text: string, breaks: RegExp): number[] {
  const starts = [0];
  for (const match of text.matchAll(breaks)) starts.push(match.index + match[0].length);
  return starts;
}

/** The index of the line holding `offset`: the last that starts at or before it. */
function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] as number) <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}
