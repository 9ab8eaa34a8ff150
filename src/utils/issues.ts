import type { z } from 'zod';

/**
 * One way to validate hand-written data and report the first problem as "where: field: what".
 * Used by every reader of files people edit (the site folder, page front matter, local pages)
 * and by the local platform's request bodies, so their messages read alike.
 */

/** The first line of an error's message: YAML and JSON parsers put a code frame below it. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? '';
}

/** `a.b[0].c` from a zod issue path, for messages that point at the offending field. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

interface IssueLike {
  code?: string;
  path: ReadonlyArray<PropertyKey>;
  message: string;
  keys?: string[];
}

/** A zod issue as `field` + plain words: "required", "unknown member", or zod's message. */
export function describeIssue(issue: IssueLike | undefined): { field: string; detail: string } {
  if (!issue) return { field: '', detail: 'invalid value' };
  const field = fieldPath(issue.path);
  if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
    const key = issue.keys[0] ?? '';
    return { field: field ? `${field}.${key}` : key, detail: 'unknown member (a typo?)' };
  }
  const missing = /received undefined$/.exec(issue.message);
  if (issue.code === 'invalid_type' && missing) {
    return {
      field,
      detail: `required (${issue.message.replace(/^Invalid input: /, '').replace(/, received undefined$/, '')})`,
    };
  }
  return { field, detail: issue.message.replace(/^Invalid input: /, '') };
}

/**
 * `data` checked against `schema`. On failure the first issue is described and `fail(field,
 * detail)` is thrown; `field` is `''` when the data as a whole is wrong.
 */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  data: unknown,
  fail: (field: string, detail: string) => Error,
): z.output<T> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const { field, detail } = describeIssue(parsed.error.issues[0]);
  throw fail(field, detail);
}
