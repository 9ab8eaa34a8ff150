import { type OperationMethod, operationMethod } from '../openapi/methods.ts';

/**
 * The methods of a page's OpenAPI operations, carried to its search results as Pagefind
 * metadata. Pagefind's sub-results name only the heading they lead to, and its metadata is the
 * page's, so a page holds two values: `operations`, its operation titles' anchors with their
 * methods as JSON pairs (`[["create-a-mission","post"]]`; an anchor may hold any character), and
 * `method`, set when the page is one operation. Results read them back with `operationMethods`,
 * which trusts nothing in them: the index is as untrusted as the content it was built from.
 * No Node or DOM here: the search dialog runs it.
 */

/**
 * Pagefind searches metadata as well as text, and adds a match in a field to a page's score:
 * these two are for showing, so the dialog and `search_docs` weigh them at nothing
 * (`ranking.metaWeights`), and results rank as they did without them.
 */
export const OPERATIONS_META_WEIGHTS: Readonly<Record<keyof OperationsMeta, number>> = {
  method: 0,
  operations: 0,
};

export interface OperationsMeta {
  /** The page's own method: it holds one operation, and that is most of its text. */
  method?: OperationMethod;
  /** Its operation titles' anchors and methods, as JSON pairs. */
  operations?: string;
}

/**
 * The metadata of a page from its outline (each operation's title carries its method) and
 * whether operations are most of its text (`PageView.apiLayout`): a guide with one operation
 * among its prose is not an operation's page.
 */
export function operationsMeta(
  outline: readonly { id: string; method?: OperationMethod }[],
  mostlyOperations: boolean,
): OperationsMeta {
  const pairs = outline.flatMap(({ id, method }) => (method ? [[id, method] as const] : []));
  if (pairs.length === 0) return {};
  const only = pairs.length === 1 && mostlyOperations ? pairs[0]?.[1] : undefined;
  return { ...(only ? { method: only } : {}), operations: JSON.stringify(pairs) };
}

export interface OperationMethods {
  /** The page's own method, when it is one operation. */
  page?: OperationMethod;
  /** Each operation title's anchor id, and its method. */
  anchors: ReadonlyMap<string, OperationMethod>;
}

/** A result's metadata read back: known methods only, anything else ignored. */
export function operationMethods(meta: {
  readonly method?: unknown;
  readonly operations?: unknown;
}): OperationMethods {
  const anchors = new Map<string, OperationMethod>();
  let pairs: unknown;
  try {
    pairs = typeof meta.operations === 'string' ? JSON.parse(meta.operations) : undefined;
  } catch {
    pairs = undefined;
  }
  for (const pair of Array.isArray(pairs) ? pairs : []) {
    const method = Array.isArray(pair) ? operationMethod(pair[1]) : undefined;
    if (method && typeof pair[0] === 'string') anchors.set(pair[0], method);
  }
  const page = operationMethod(meta.method);
  return page ? { page, anchors } : { anchors };
}
