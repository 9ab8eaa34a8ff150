import { describe, expect, it } from 'vitest';

/** test/byte-equality.ts, set up for every test file: byte arrays equal by their bytes, at once. */
describe('byte arrays in toEqual', () => {
  const tree = (last: number) =>
    new Map([
      ['a.html', Buffer.from('<p>same</p>')],
      ['b.bin', Buffer.from([1, 2, 3, last])],
    ]);

  it('holds trees of Buffers equal by their bytes, and tells one changed byte', () => {
    expect(tree(4)).toEqual(tree(4));
    expect(tree(4)).not.toEqual(tree(5));
    expect(Buffer.from('ab')).not.toEqual(Buffer.from('abc'));
    expect(new Uint8Array([1, 2])).toEqual(new Uint8Array([1, 2]));
    expect(new Uint8Array([1, 2])).not.toEqual(new Uint8Array([2, 1]));
  });

  it('compares a view by its own bytes, not its whole backing buffer', () => {
    const backing = Buffer.from('xxabyy');
    expect(backing.subarray(2, 4)).toEqual(Buffer.from('ab'));
  });

  it('a whole output tree in milliseconds', () => {
    const big = (fill: number) => new Map([['site.pdf', Buffer.alloc(8 << 20, fill)]]);
    const started = performance.now();
    expect(big(1)).toEqual(big(1));
    // Vitest's own walk of 8 MiB takes tens of seconds; a second is far above this one's.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
