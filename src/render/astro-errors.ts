import { firstLine } from '../utils/issues.ts';
import { RenderError } from './errors.ts';

/**
 * A compile error in a file Astro builds (a local page, a theme override, what they import) as
 * one line naming the file and position: `pages/a.mdx:9:1: Unexpected end of file…`. Any other
 * error is returned as it was.
 */
export function compileError(error: unknown): unknown {
  // Rolldown (Vite 8) reports a failed build as one error holding each plugin's in `errors`.
  const first = (error as { errors?: unknown[] })?.errors?.[0];
  const found = (first ?? error) as {
    message?: unknown;
    id?: unknown;
    loc?: { file?: unknown; line?: unknown; column?: unknown };
  };
  const file = typeof found?.loc?.file === 'string' ? found.loc.file : found?.id;
  if (typeof file !== 'string' || typeof found.message !== 'string') return error;
  const where =
    typeof found.loc?.line === 'number'
      ? `:${found.loc.line}:${Number(found.loc.column ?? 0) || 1}`
      : '';
  // Drop a plugin tag (`[plugin x]`) and a position the message repeats (MDX's `6:1: `).
  const message = firstLine(found.message)
    .replace(/^\[[^\]]+\]\s*/, '')
    .replace(/^\d+:\d+(?:-\d+:\d+)?:\s*/, '');
  return new RenderError(`${file}${where}: ${message}`);
}
