import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';

describe('offprint render --feedback-url', () => {
  it('refuses anything but an http(s) URL in one line, before touching the output', async () => {
    const temp = await tempDir();
    try {
      const { done } = runCli([
        'render',
        '--cache',
        temp.dir,
        '--out',
        `${temp.dir}/dist`,
        '--feedback-url',
        'javascript:alert(1)',
      ]);
      const result = await done;
      expect(result.code).toBe(2);
      expect(result.stderr.trim()).toBe(
        'offprint: --feedback-url: expected an http(s) URL, got "javascript:alert(1)"',
      );
    } finally {
      await temp.cleanup();
    }
  });
});
