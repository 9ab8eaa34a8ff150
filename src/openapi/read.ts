/**
 * Reading a loose spec member by member: a member of the wrong type reads as missing, and a
 * local `$ref` is followed (`#/components/schemas/Mission`, `#/x-ext/…`) to what it points at.
 */
import { HTTP_METHODS as METHODS } from './methods.ts';
import type { JsonObject, OpenapiDocument } from './types.ts';

/** The operations a path item may hold, by their member names (methods.ts). */
export const HTTP_METHODS: readonly string[] = METHODS;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function obj(value: unknown): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A string, or a number or boolean written where a string was meant. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function entries(value: unknown): [string, unknown][] {
  return isObject(value) ? Object.entries(value) : [];
}

/** What a local JSON pointer (`#/a/b~1c`) names in the document, or undefined. */
export function pointer(document: OpenapiDocument, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = document;
  const path = ref.slice(1);
  if (path === '') return node;
  if (!path.startsWith('/')) return undefined;
  for (const raw of path.slice(1).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** The last segment of a `$ref`, as a reader would name it (`…/schemas/Mission` → `Mission`). */
export function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  return last.replace(/~1/g, '/').replace(/~0/g, '~') || ref;
}

/**
 * Follows `$ref`s (a chain of them too) from a node. `ref` is the last one followed, if any;
 * a `$ref` that names nothing leaves `value` undefined and `ref` set.
 */
export function deref(
  document: OpenapiDocument,
  node: unknown,
): { value: JsonObject | undefined; ref?: string } {
  let current = node;
  let ref: string | undefined;
  for (let hops = 0; hops < 32; hops++) {
    const target = isObject(current) ? str(current.$ref) : undefined;
    if (target === undefined) return { value: obj(current), ...(ref ? { ref } : {}) };
    ref = target;
    current = pointer(document, target);
  }
  return { value: undefined, ...(ref ? { ref } : {}) };
}
