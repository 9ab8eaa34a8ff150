/**
 * A JSON Schema (OpenAPI 3.1 flavour) as a tree a reader unfolds. A schema already open above
 * itself (a circular `$ref`) is shown once, then only named; past `MAX_SPEC_DEPTH` levels the
 * tree stops with a mark. `allOf` parts that are all objects are merged, as readers expect.
 */
import { MAX_SPEC_DEPTH } from './limits.ts';
import { arr, deref, entries, isObject, obj, refName, str, text } from './read.ts';
import type { JsonObject, OpenapiDocument, SchemaNode } from './types.ts';

export function schemaTree(
  document: OpenapiDocument,
  schema: unknown,
  options: { name?: string; required?: boolean } = {},
): SchemaNode {
  return new SchemaWalker(document).node(schema, options, 0);
}

class SchemaWalker {
  /** The schemas open on the way down: one seen again is a cycle. */
  readonly #open = new Set<JsonObject>();

  private readonly document: OpenapiDocument;

  constructor(document: OpenapiDocument) {
    this.document = document;
  }

  node(raw: unknown, at: { name?: string; required?: boolean }, depth: number): SchemaNode {
    const { value, ref } = deref(this.document, raw);
    const name = ref ? refName(ref) : undefined;
    const base: SchemaNode = {
      ...(at.name !== undefined ? { name: at.name } : {}),
      type: name ?? 'any',
      ...(at.required ? { required: true } : {}),
      ...(name ? { refName: name } : {}),
    };
    if (!value) {
      if (ref && !ref.startsWith('#')) base.type = `${name} (not resolved)`;
      return base;
    }
    if (this.#open.has(value)) return { ...base, circular: true };
    if (depth >= MAX_SPEC_DEPTH)
      return { ...base, type: describeType(value, name), truncated: true };
    this.#open.add(value);
    try {
      return this.#expand(value, base, name, depth);
    } finally {
      this.#open.delete(value);
    }
  }

  #expand(
    schema: JsonObject,
    node: SchemaNode,
    name: string | undefined,
    depth: number,
  ): SchemaNode {
    const merged = this.#mergeAllOf(schema);
    const s = merged ?? schema;
    node.type = describeType(s, name, (items) => this.#itemName(items));
    const title = str(s.title);
    if (title) node.title = title;
    const description = str(s.description);
    if (description) node.description = description;
    if (isNullable(s)) node.nullable = true;
    if (s.readOnly === true) node.readOnly = true;
    if (s.writeOnly === true) node.writeOnly = true;
    if (s.deprecated === true) node.deprecated = true;
    const values = arr(s.enum);
    if (values.length > 0) {
      const described = enumDescriptions(s);
      node.enum = values.map((v) => {
        const value = json(v);
        const description = described(v);
        return description ? { value, description } : { value };
      });
    }
    if ('default' in s) node.default = json(s.default);
    if ('const' in s) node.const = json(s.const);
    const example = 'example' in s ? s.example : arr(s.examples)[0];
    if (example !== undefined) node.example = json(example);
    const constraints = constraintsOf(s);
    if (constraints.length > 0) node.constraints = constraints;

    const required = new Set(arr(s.required).filter((r): r is string => typeof r === 'string'));
    const properties = entries(s.properties).map(([key, value]) =>
      this.node(value, { name: key, required: required.has(key) }, depth + 1),
    );
    if (properties.length > 0) node.properties = properties;
    if (s.items !== undefined && !Array.isArray(s.items))
      node.items = this.node(s.items, {}, depth + 1);
    const prefix = arr(s.prefixItems);
    if (prefix.length > 0 && !node.items)
      node.items = {
        type: 'tuple',
        properties: prefix.map((p, i) => this.node(p, { name: `[${i}]` }, depth + 1)),
      };
    if (isObject(s.additionalProperties))
      node.additional = this.node(s.additionalProperties, {}, depth + 1);

    const kind = s.oneOf ? 'oneOf' : s.anyOf ? 'anyOf' : !merged && s.allOf ? 'allOf' : undefined;
    if (kind) {
      const options = arr(s[kind]).map((option, i) => {
        const child = this.node(option, {}, depth + 1);
        if (!child.refName && !child.title) child.title = `Option ${i + 1}`;
        return child;
      });
      const discriminator = str(obj(s.discriminator)?.propertyName);
      node.variants = { kind, options, ...(discriminator ? { discriminator } : {}) };
    }
    return node;
  }

  /** `allOf` whose parts are all objects (after `$ref`s): one object with every property. */
  #mergeAllOf(schema: JsonObject): JsonObject | undefined {
    const parts = arr(schema.allOf);
    if (parts.length === 0) return undefined;
    const resolved = parts.map((p) => deref(this.document, p).value);
    if (resolved.some((p) => !p || this.#open.has(p) || !isObjectSchema(p))) return undefined;
    const merged: JsonObject = { ...schema, type: 'object' };
    delete merged.allOf;
    const properties: JsonObject = {};
    const required: unknown[] = [];
    for (const part of [...(resolved as JsonObject[]), schema]) {
      Object.assign(properties, obj(part.properties) ?? {});
      required.push(...arr(part.required));
      if (!merged.description && str(part.description)) merged.description = part.description;
    }
    merged.properties = properties;
    merged.required = required;
    return merged;
  }

  #itemName(items: unknown): string {
    const { value, ref } = deref(this.document, items);
    if (ref) return refName(ref);
    return value ? describeType(value, undefined, (inner) => this.#itemName(inner)) : 'any';
  }
}

function isObjectSchema(schema: JsonObject): boolean {
  const type = schema.type;
  return (
    type === 'object' || (type === undefined && (isObject(schema.properties) || !!schema.allOf))
  );
}

function types(schema: JsonObject): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  return arr(t).filter((x): x is string => typeof x === 'string');
}

function isNullable(schema: JsonObject): boolean {
  return schema.nullable === true || types(schema).includes('null');
}

/** `string · date-time`, `array of Mission`, `object`, `Mission`, `string | integer`… */
function describeType(
  schema: JsonObject,
  name: string | undefined,
  itemName: (items: unknown) => string = () => 'any',
): string {
  const list = types(schema).filter((t) => t !== 'null');
  let type: string;
  if (list.length === 1 && list[0] === 'array')
    type =
      schema.items && !Array.isArray(schema.items) ? `array of ${itemName(schema.items)}` : 'array';
  else if (list.length > 0) type = list.join(' | ');
  else if (schema.oneOf || schema.anyOf) type = name ?? 'one of';
  else if (isObject(schema.properties) || schema.allOf) type = 'object';
  else if ('const' in schema) type = 'const';
  else type = 'any';
  if (name && (list.includes('object') || type === 'object')) type = name;
  // 3.1 writes 3.0's `format: binary` / `byte` as `contentMediaType` / `contentEncoding`.
  const format =
    str(schema.format) ??
    str(schema.contentEncoding) ??
    (str(schema.contentMediaType) ? 'binary' : undefined);
  if (format && !type.startsWith('array')) type = `${type} · ${format}`;
  return type;
}

function constraintsOf(s: JsonObject): string[] {
  const out: string[] = [];
  const num = (key: string) => (typeof s[key] === 'number' ? (s[key] as number) : undefined);
  const min = num('minimum');
  const max = num('maximum');
  const exMin = num('exclusiveMinimum') ?? (s.exclusiveMinimum === true ? min : undefined);
  const exMax = num('exclusiveMaximum') ?? (s.exclusiveMaximum === true ? max : undefined);
  if (exMin !== undefined) out.push(`> ${exMin}`);
  else if (min !== undefined) out.push(`>= ${min}`);
  if (exMax !== undefined) out.push(`< ${exMax}`);
  else if (max !== undefined) out.push(`<= ${max}`);
  const pairs: [string, string][] = [
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
    ['multipleOf', 'multiple of'],
  ];
  for (const [key, label] of pairs) {
    const v = num(key);
    if (v !== undefined) out.push(`${label} ${v}`);
  }
  if (s.uniqueItems === true) out.push('unique items');
  const pattern = str(s.pattern);
  if (pattern) out.push(`pattern ${pattern}`);
  return out;
}

/** `x-enumDescriptions` as an object keyed by value, or an array in the values' order. */
function enumDescriptions(schema: JsonObject): (value: unknown) => string | undefined {
  const raw = schema['x-enumDescriptions'] ?? schema['x-enum-descriptions'];
  const values = arr(schema.enum);
  if (Array.isArray(raw)) return (v) => text(raw[values.indexOf(v)]);
  if (isObject(raw)) return (v) => text(raw[String(v)]);
  return () => undefined;
}

/** A value as a reader sees it: strings as written, the rest as JSON. */
export function json(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
