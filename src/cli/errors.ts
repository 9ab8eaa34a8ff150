import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../utils/project-root.ts';

/**
 * Errors the language itself throws (a `JSON.parse` of a cut-short file, a read of undefined):
 * a bug, or input nobody foresaw. Their message names no file, so the line says where in
 * Offprint it happened, for whoever reports it.
 */
const INTERNAL: (new (...args: never[]) => Error)[] = [
  SyntaxError,
  TypeError,
  RangeError,
  ReferenceError,
];

/** The one line a user sees when a command fails. */
export function formatError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!INTERNAL.some((kind) => error instanceof kind)) return error.message;
  const where = originOf(error);
  return where ? `${error.message} (at ${where})` : error.message;
}

/** The first frame of the stack in Offprint's own code, as `src/…/file.ts:line`. */
export function originOf(error: Error): string | undefined {
  for (const line of (error.stack ?? '').split('\n').slice(1)) {
    const frame = /((?:file:\/\/)?\/[^():]+):(\d+):\d+\)?$/.exec(line.trim());
    if (!frame) continue;
    const file = (frame[1] as string).startsWith('file:')
      ? fileURLToPath(frame[1] as string)
      : (frame[1] as string);
    const relative = path.relative(PROJECT_ROOT, file);
    if (relative.startsWith('..') || relative.split(path.sep).includes('node_modules')) continue;
    return `${relative.split(path.sep).join('/')}:${frame[2]}`;
  }
  return undefined;
}
