import { describe, expect, it } from 'vitest';
import { formatError } from '../../src/cli/errors.ts';
import { PullError } from '../../src/pull/errors.ts';

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('the line a failed command prints', () => {
  it("is an Offprint error's own message", () => {
    expect(formatError(new PullError('site s1 is not published'))).toBe('site s1 is not published');
  });

  it("says where in Offprint the language's own errors came from", () => {
    const error = caught(() => JSON.parse(''));
    expect(formatError(error)).toMatch(
      /^Unexpected end of JSON input \(at test\/cli\/errors\.test\.ts:\d+\)$/,
    );
    const undefinedRead = caught(() => (undefined as unknown as { x: { y: 1 } }).x.y);
    expect(formatError(undefinedRead)).toMatch(
      /^Cannot read properties of undefined .*\(at test\/cli\/errors\.test\.ts:\d+\)$/,
    );
  });

  it('prints what is not an Error as it is', () => {
    expect(formatError('stopped')).toBe('stopped');
  });
});
