/** A problem with the site folder, named by the file (relative to the folder) and field. */
export class SiteFolderError extends Error {
  constructor(
    readonly file: string,
    readonly field: string | undefined,
    detail: string,
  ) {
    super(`${file}${field ? `: ${field}` : ''}: ${detail}`);
    this.name = 'SiteFolderError';
  }
}

/** An error answered to the client as `{ error: { code, message } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const badRequest = (message: string) => new HttpError(400, message);

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
