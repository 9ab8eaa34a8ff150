import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The project's root folder: paths below are relative to it, with forward slashes. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** docs/architecture.md, the map these tests hold the code to. */
export const ARCHITECTURE_DOC = readFileSync(
  new URL('docs/architecture.md', `file://${ROOT}`),
  'utf8',
);

/** The rows of the first table after `heading`, each as its cells (outer pipes dropped). */
export function tableAfter(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/architecture.md has no "${heading}"`);
  const lines = markdown.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The `code` spans of a cell. */
export function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
}

/**
 * The stages of "Stages and their folders", top row first: each with its folders. A folder may
 * import from its own stage and the stages after it, never from one before.
 */
export function stageOrder(): { stage: string; folders: string[] }[] {
  return tableAfter(ARCHITECTURE_DOC, '## Stages and their folders').map(([stage, folders]) => ({
    stage: stage ?? '',
    folders: codeSpans(folders ?? ''),
  }));
}
