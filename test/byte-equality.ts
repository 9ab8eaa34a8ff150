import { expect } from 'vitest';

/**
 * Two byte arrays of one kind (two Buffers, two Uint8Arrays) are equal when their bytes are:
 * compared at once, where Vitest's own equality walks them element by element as it walks any
 * object. Many tests compare whole output trees (`readTree`, a map of Buffers) before and after
 * a run; for the example's 6 MB output that walk took 40 s, and this takes milliseconds. Any
 * other pair is left to Vitest (`undefined`), so what `toEqual` accepts is unchanged.
 */
function bytesEqual(a: unknown, b: unknown): boolean | undefined {
  if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b)) return undefined;
  if (a.constructor !== b.constructor || !(a instanceof Uint8Array)) return undefined;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
}

// Once per worker: the unit tier shares one module state between its files (isolate: false),
// where each file's run of this setup would add the tester again, and every comparison would
// ask each copy in turn.
const REGISTERED = Symbol.for('offprint.test.byteEquality');
const worker = globalThis as { [REGISTERED]?: true };
if (!worker[REGISTERED]) {
  expect.addEqualityTesters([bytesEqual]);
  worker[REGISTERED] = true;
}
