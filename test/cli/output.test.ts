import { describe, expect, it } from 'vitest';
import { createOutput } from '../../src/cli/output.ts';

/** A stream that records what is written and says whether it is a terminal. */
function stream(isTTY: boolean) {
  const chunks: string[] = [];
  const s = { isTTY, write: (chunk: string) => chunks.push(chunk) > 0 };
  return { s: s as unknown as NodeJS.WriteStream, text: () => chunks.join('') };
}

function run(
  options: { quiet?: boolean; verbose?: boolean },
  tty: boolean,
  env: NodeJS.ProcessEnv,
) {
  const out = stream(tty);
  const err = stream(tty);
  const output = createOutput(options, env, { stdout: out.s, stderr: err.s });
  output.info('summary');
  output.detail('detail');
  output.warn('careful');
  output.phase('rendering')();
  const progress = output.pullProgress();
  progress?.update({ pagesDone: 1, pagesTotal: 2, filesDone: 0, filesTotal: 0 });
  progress?.finish();
  return { stdout: out.text(), stderr: err.text(), progress };
}

describe('command output', () => {
  it('plain lines in CI, even on a terminal: no progress, no escape codes', () => {
    const { stdout, stderr, progress } = run({}, true, { CI: 'true' });
    expect(stdout).toBe('summary\n');
    expect(stderr).toBe('warning: careful\n');
    expect(progress).toBeUndefined();
  });

  it('plain lines when the output is not a terminal', () => {
    const { stderr, progress } = run({}, false, {});
    expect(stderr).toBe('warning: careful\n');
    expect(progress).toBeUndefined();
  });

  it('live progress on stderr on a terminal, cleared when done', () => {
    const { stdout, stderr, progress } = run({}, true, {});
    expect(stdout).toBe('summary\n');
    expect(progress).toBeDefined();
    expect(stderr).toContain('rendering…');
    expect(stderr).toContain('pulling: 1/2 pages');
    expect(stderr.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('--verbose adds detail; --quiet prints nothing, not even progress', () => {
    expect(run({ verbose: true }, false, {}).stdout).toBe('summary\n  detail\n');
    expect(run({ quiet: true }, true, {})).toMatchObject({ stdout: '', stderr: '' });
  });

  it('refuses --quiet with --verbose', () => {
    expect(() => createOutput({ quiet: true, verbose: true })).toThrow(
      'pass --quiet or --verbose, not both',
    );
  });
});
