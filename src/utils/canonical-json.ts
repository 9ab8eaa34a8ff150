/**
 * Plain data as one canonical JSON text: object members sorted by name, members whose value is
 * `undefined` left out (as JSON leaves them out, so an unset field and an absent one are the
 * same). What is hashed whole through it is hashed by construction: a field added to the value
 * is in the text without another list naming it. A value JSON would silently drop or flatten (a
 * function, a class instance, a Map) is refused instead, naming where it is: a key missing a
 * field is a cache serving the wrong output.
 */
export function canonicalJson(value: unknown): string {
  return write(value, '$');
}

function write(value: unknown, at: string): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean')
    return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${at} is ${value}, which JSON cannot hold`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value))
    return `[${value.map((item, index) => write(item, `${at}[${index}]`)).join(',')}]`;
  if (typeof value === 'object' && isPlain(value)) {
    const members = Object.keys(value)
      .sort()
      .filter((name) => (value as Record<string, unknown>)[name] !== undefined)
      .map(
        (name) =>
          `${JSON.stringify(name)}:${write((value as Record<string, unknown>)[name], `${at}.${name}`)}`,
      );
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`${at} is not plain data (${describe(value)})`);
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null)
    return Object.getPrototypeOf(value)?.constructor?.name ?? 'object';
  return typeof value;
}
