/**
 * Browser side (also run by the unit tests in Node: no DOM, no jsep): a `Condition` against
 * the visitor's claims. It reads claims only through own properties of plain objects, calls
 * nothing, and treats anything unexpected as a reason to hide: `isShown` is false when the
 * condition is missing, malformed, or throws.
 *
 * Semantics, chosen to fail closed:
 * - a claim that is not there is `undefined`, and every comparison with `undefined` is false
 *   (`!=` included);
 * - `==` is `===`: claims are already typed by the adaptive schema, so no loose coercion;
 * - `<`, `<=`, `>`, `>=` compare two numbers or two strings, anything else is false;
 * - `&&`, `||`, `!` follow JavaScript truthiness;
 * - `x.includes(y)` is true when `x` is an array holding a value `=== y`.
 */

/** Claims as parsed JSON: plain objects, arrays and primitives. */
export type Claims = Readonly<Record<string, unknown>>;

export function isShown(condition: unknown, claims: Claims): boolean {
  return decide(condition, claims) === true;
}

/** The condition's truth, or undefined when it could not be evaluated (malformed, too deep). */
export function decide(condition: unknown, claims: Claims): boolean | undefined {
  try {
    return Boolean(evaluate(condition, claims, 0));
  } catch {
    return undefined;
  }
}

const LIMIT = 64;

export function evaluate(node: unknown, claims: Claims, depth = 0): unknown {
  if (depth > LIMIT) throw new Error('condition nested too deeply');
  if (!isRecord(node)) throw new Error('not a condition');
  const next = depth + 1;
  const sub = (name: string) => evaluate(own(node, name), claims, next);
  switch (own(node, 'k')) {
    case 'lit': {
      const value = own(node, 'v');
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
      throw new Error('bad literal');
    }
    case 'claim':
      return readClaim(claims, own(node, 'path'));
    case 'list': {
      const items = own(node, 'items');
      if (!Array.isArray(items)) throw new Error('bad list');
      return items.map((item) => evaluate(item, claims, next));
    }
    case 'cmp':
      return compare(own(node, 'op'), sub('a'), sub('b'));
    case 'and': {
      const a = sub('a');
      return a ? sub('b') : a;
    }
    case 'or': {
      const a = sub('a');
      return a ? a : sub('b');
    }
    case 'not':
      return !sub('a');
    case 'includes': {
      const list = sub('list');
      const item = sub('item');
      return Array.isArray(list) && item !== undefined && list.some((x) => x === item);
    }
    default:
      throw new Error('unknown condition node');
  }
}

function compare(op: unknown, a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return false;
  switch (op) {
    case '==':
    case '===':
      return a === b;
    case '!=':
    case '!==':
      return a !== b;
  }
  const ordered =
    (typeof a === 'number' && typeof b === 'number') ||
    (typeof a === 'string' && typeof b === 'string');
  if (!ordered) return false;
  const x = a as number | string;
  const y = b as number | string;
  switch (op) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
    default:
      throw new Error('unknown operator');
  }
}

/** `claims[path[0]][path[1]]…`, own properties of plain objects only; else undefined. */
export function readClaim(claims: Claims, path: unknown): unknown {
  if (!Array.isArray(path) || path.length === 0) throw new Error('bad claim path');
  let at: unknown = claims;
  for (const name of path) {
    if (typeof name !== 'string') throw new Error('bad claim name');
    if (!isRecord(at) || !Object.hasOwn(at, name)) return undefined;
    at = at[name];
  }
  return at;
}

function own(record: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
