/**
 * What an operation's method may be: the member names of a path item, and `webhook` for an
 * OpenAPI 3.1 webhook, which the operation line marks in place of a method. A method read from
 * content (a spec, a search index) is one of these or nothing, before it becomes a class name or
 * a badge's text. No Node or DOM here: the search dialog reads it too.
 */

/** The operations a path item may hold, by their member names. */
export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;

export type OperationMethod = (typeof HTTP_METHODS)[number] | 'webhook';

const KNOWN: ReadonlySet<string> = new Set<string>([...HTTP_METHODS, 'webhook']);

/** `value` as a known method in lower case, or undefined. */
export function operationMethod(value: unknown): OperationMethod | undefined {
  if (typeof value !== 'string') return undefined;
  const method = value.trim().toLowerCase();
  return KNOWN.has(method) ? (method as OperationMethod) : undefined;
}
