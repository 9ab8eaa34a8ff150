import { FORBIDDEN_NAMES } from './ast.ts';
import { isRecord } from './evaluate.ts';

/**
 * The visitor's claims, typed by the site's adaptive schema (pure: the browser script and the
 * unit tests share it). Two sources:
 *
 * - the `offprint_visitor` cookie, which the host may set: URI-encoded JSON, read as
 *   `visitor.claims` (its `unsigned` object as `visitor.claims.unsigned`);
 * - query parameters `visitor.<name>=value` (repeat it, or separate with commas, for an
 *   array), read as `visitor.claims.unsigned.<name>` and kept for the browser session.
 *
 * Every value is coerced to its property's `type` (`string`, `number`, `integer`, `boolean`,
 * `array` with `items.type`); a value that does not fit is dropped, as is a name the schema
 * does not list when it says `additionalProperties: false`.
 */

export type ClaimType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'any';

export interface ClaimField {
  type: ClaimType;
  /** For `array`: the type of its items. */
  items?: Exclude<ClaimType, 'array'>;
}

export interface ClaimFields {
  fields: Record<string, ClaimField>;
  /** `additionalProperties: false`: names not in `fields` are dropped. */
  closed: boolean;
}

export interface ClaimSchema {
  /** `visitor.claims.<name>`. */
  claims: ClaimFields;
  /** `visitor.claims.unsigned.<name>`: the schema's `unsigned` object, else the same fields. */
  unsigned: ClaimFields;
}

/** The cookie a host may set with the visitor's claims (JSON, URI-encoded). */
export const CLAIMS_COOKIE = 'offprint_visitor';
/** The `sessionStorage` key keeping the query's claims while the visitor moves between pages. */
export const SESSION_KEY = 'offprint_visitor';
/** Query parameters `visitor.<name>=…`. */
export const QUERY_PREFIX = 'visitor.';

const OPEN: ClaimFields = { fields: {}, closed: false };
const TYPES: readonly ClaimType[] = ['string', 'number', 'integer', 'boolean', 'array'];

/** Build side: the part of a JSON Schema (draft-07 object) the browser needs to type claims. */
export function claimSchema(jsonSchema: unknown): ClaimSchema {
  if (!isRecord(jsonSchema)) return { claims: OPEN, unsigned: OPEN };
  const claims = fieldsOf(jsonSchema);
  const properties = isRecord(jsonSchema.properties) ? jsonSchema.properties : {};
  const unsignedSchema = Object.hasOwn(properties, 'unsigned') ? properties.unsigned : undefined;
  if (isRecord(unsignedSchema) && isRecord(unsignedSchema.properties)) {
    delete claims.fields.unsigned;
    return { claims, unsigned: fieldsOf(unsignedSchema) };
  }
  return { claims, unsigned: claims };
}

function fieldsOf(schema: Record<string, unknown>): ClaimFields {
  const fields: Record<string, ClaimField> = Object.create(null);
  const properties = isRecord(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (!allowedName(name)) continue;
    const type = typeOf(property);
    if (type === 'array') {
      const items = typeOf(isRecord(property) ? property.items : undefined);
      fields[name] = { type, items: items === 'array' ? 'any' : items };
    } else fields[name] = { type };
  }
  return { fields, closed: schema.additionalProperties === false };
}

function typeOf(property: unknown): ClaimType {
  if (!isRecord(property)) return 'any';
  const declared = Array.isArray(property.type) ? property.type : [property.type];
  return TYPES.find((type) => declared.includes(type)) ?? 'any';
}

function allowedName(name: string): boolean {
  return name !== '' && !FORBIDDEN_NAMES.has(name) && !name.startsWith('__');
}

/** One value to its field's type; undefined when it does not fit. */
export function coerce(raw: unknown, field: ClaimField): unknown {
  switch (field.type) {
    case 'string':
      return typeof raw === 'string' ? raw : undefined;
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    case 'number':
    case 'integer': {
      const value =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && NUMBER.test(raw.trim())
            ? Number(raw)
            : undefined;
      if (value === undefined || !Number.isFinite(value)) return undefined;
      return field.type === 'integer' && !Number.isInteger(value) ? undefined : value;
    }
    case 'array': {
      const list = Array.isArray(raw)
        ? raw.flatMap((item) => (typeof item === 'string' ? splitList(item) : [item]))
        : typeof raw === 'string'
          ? splitList(raw)
          : undefined;
      if (!list) return undefined;
      const item: ClaimField = { type: field.items ?? 'any' };
      return list.map((value) => coerce(value, item)).filter((value) => value !== undefined);
    }
    default:
      return plain(raw, 0);
  }
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** A JSON value copied with only allowed names, in objects without a prototype. */
function plain(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (depth > 8) return undefined;
  if (Array.isArray(value))
    return value.map((item) => plain(item, depth + 1)).filter((item) => item !== undefined);
  if (!isRecord(value)) return undefined;
  const out: Record<string, unknown> = Object.create(null);
  for (const [name, item] of Object.entries(value)) {
    const copy = allowedName(name) ? plain(item, depth + 1) : undefined;
    if (copy !== undefined) out[name] = copy;
  }
  return out;
}

function coerceAll(
  source: unknown,
  fields: ClaimFields,
  from: 'json' | 'query',
  skip?: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  if (!isRecord(source)) return out;
  for (const [name, raw] of Object.entries(source)) {
    if (name === skip || !allowedName(name)) continue;
    const field = Object.hasOwn(fields.fields, name)
      ? fields.fields[name]
      : fields.closed
        ? undefined
        : { type: 'any' as const };
    if (!field) continue;
    // A query parameter comes as its list of values: the last one, unless the claim is a list
    // (or untyped and given more than once).
    const many = field.type === 'array' || (field.type === 'any' && (raw as string[]).length > 1);
    const value = from === 'query' && !many ? (raw as string[]).at(-1) : raw;
    const typed = coerce(value, field);
    if (typed !== undefined) out[name] = typed;
  }
  return out;
}

/**
 * `visitor.claims` from the cookie's JSON (already parsed; anything else is ignored) and the
 * query's claims (name → values), the query winning over the cookie's `unsigned`.
 */
export function visitorClaims(
  cookie: unknown,
  query: Readonly<Record<string, readonly string[]>>,
  schema: ClaimSchema,
): Record<string, unknown> {
  const claims = coerceAll(cookie, schema.claims, 'json', 'unsigned');
  const fromCookie = isRecord(cookie) && Object.hasOwn(cookie, 'unsigned') ? cookie.unsigned : {};
  const unsigned = coerceAll(fromCookie, schema.unsigned, 'json');
  for (const [name, value] of Object.entries(coerceAll(query, schema.unsigned, 'query'))) {
    unsigned[name] = value;
  }
  claims.unsigned = unsigned;
  return claims;
}

/** `?visitor.plan=pro&visitor.tags=a&visitor.tags=b` → `{ plan: ['pro'], tags: ['a', 'b'] }`. */
export function queryClaims(search: string): Record<string, string[]> {
  const out: Record<string, string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(search)) {
    if (!key.startsWith(QUERY_PREFIX)) continue;
    const name = key.slice(QUERY_PREFIX.length);
    if (!/^[A-Za-z_$][\w$-]*$/.test(name) || !allowedName(name)) continue;
    out[name] = [...(out[name] ?? []), value];
  }
  return out;
}

/** The session's stored query claims with the current URL's on top (a name in the URL replaces). */
export function mergeQueryClaims(
  stored: unknown,
  current: Readonly<Record<string, string[]>>,
): Record<string, string[]> {
  const out: Record<string, string[]> = Object.create(null);
  if (isRecord(stored)) {
    for (const [name, values] of Object.entries(stored)) {
      if (allowedName(name) && Array.isArray(values) && values.every((v) => typeof v === 'string'))
        out[name] = values as string[];
    }
  }
  for (const [name, values] of Object.entries(current)) out[name] = values;
  return out;
}

/** The claims cookie's JSON from `document.cookie`; undefined when absent or not JSON. */
export function cookieClaims(cookieHeader: string): unknown {
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== CLAIMS_COOKIE) continue;
    try {
      return JSON.parse(decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
