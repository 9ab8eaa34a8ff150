import { z } from 'zod';
import { formatIssuePath } from '../errors.ts';

/**
 * The spec's lengths and formats are what the platform accepts on writes; older content, other
 * tools and later versions send values outside them, and nothing in Offprint depends on them.
 * So they are advisory (docs/validation.md): a value outside its bounds is kept and noted, never
 * a failed pull. The shapes, types, ids and URL schemes the code relies on stay strict.
 *
 * Advisory checks run only while `enforcing` is set: `parseTolerantly` parses once with them to
 * find the values outside the spec, and, when those are the only problems, once more without
 * them for the data. zod parses synchronously, so the flag never leaks into another parse.
 */
let enforcing = true;

export interface Bounds {
  min?: number;
  max?: number;
  /** A format the spec gives (checked on the whole value). */
  pattern?: RegExp;
}

/** One value outside the spec: what kind of bound, and where in the response. */
export interface OutOfSpec {
  kind: string;
  path: string;
}

function describeBounds(what: string, { min, max, pattern }: Bounds): string {
  if (pattern) return `${what} not in the spec's format`;
  if (min !== undefined && max !== undefined)
    return `${what} outside the spec's ${min}..${max} characters`;
  if (max !== undefined) return `${what} longer than the spec's ${max} characters`;
  return `${what} shorter than the spec's ${min} characters`;
}

function within(value: string, { min, max, pattern }: Bounds): boolean {
  if (min !== undefined && value.length < min) return false;
  if (max !== undefined && value.length > max) return false;
  return !pattern || pattern.test(value);
}

/** A string the spec bounds; outside the bounds it is kept and reported as `what`. */
export function specText(what: string, bounds: Bounds) {
  const kind = describeBounds(what, bounds);
  return z.string().refine((value) => typeof value !== 'string' || within(value, bounds), {
    message: kind,
    params: { outOfSpec: kind },
    // Runs only on the first pass; the guard in the check covers non-strings, which the type
    // check has already reported.
    when: () => enforcing,
  });
}

function outOfSpecKind(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'custom') return undefined;
  const kind = (issue.params as { outOfSpec?: unknown } | undefined)?.outOfSpec;
  return typeof kind === 'string' ? kind : undefined;
}

export type TolerantResult<T> =
  | { success: true; data: T; outOfSpec: OutOfSpec[] }
  | { success: false; error: z.ZodError };

/**
 * Parses `input`; values outside advisory bounds do not fail it, they come back in `outOfSpec`.
 * Any other issue fails it as `safeParse` would.
 */
export function parseTolerantly<T>(schema: z.ZodType<T>, input: unknown): TolerantResult<T> {
  const strict = schema.safeParse(input);
  if (strict.success) return { success: true, data: strict.data, outOfSpec: [] };
  const outOfSpec: OutOfSpec[] = [];
  for (const issue of strict.error.issues) {
    const kind = outOfSpecKind(issue);
    if (kind === undefined) return { success: false, error: withoutAdvisory(strict.error) };
    outOfSpec.push({ kind, path: formatIssuePath(issue.path) });
  }
  enforcing = false;
  try {
    const lenient = schema.safeParse(input);
    return lenient.success
      ? { success: true, data: lenient.data, outOfSpec }
      : { success: false, error: lenient.error };
  } finally {
    enforcing = true;
  }
}

/** The failing issues alone, so the error names what actually broke the pull. */
function withoutAdvisory(error: z.ZodError): z.ZodError {
  return new z.ZodError(error.issues.filter((issue) => outOfSpecKind(issue) === undefined));
}

/**
 * Values outside the spec across a whole pull, reported once per kind with the first few places
 * (a site with a thousand long titles gets one line, not a thousand).
 */
export class OutOfSpecNotes {
  static readonly PLACES = 3;
  readonly #byKind = new Map<string, string[]>();

  add(where: string, notes: readonly OutOfSpec[]): void {
    for (const note of notes) {
      const places = this.#byKind.get(note.kind) ?? [];
      places.push(`${where} ${note.path || '(root)'}`);
      this.#byKind.set(note.kind, places);
    }
  }

  /** One line per kind: `space title longer than the spec's 50 characters, kept as sent (2): …`. */
  messages(): string[] {
    return [...this.#byKind].map(([kind, places]) => {
      const shown = places.slice(0, OutOfSpecNotes.PLACES).join('; ');
      const more =
        places.length > OutOfSpecNotes.PLACES
          ? `; and ${places.length - OutOfSpecNotes.PLACES} more`
          : '';
      return `${kind}, kept as sent (${places.length}): ${shown}${more}`;
    });
  }
}
