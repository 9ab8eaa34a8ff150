import { describe, expect, it } from 'vitest';
import { createOutput } from '../../src/cli/output.ts';
import { rateLimitNotice } from '../../src/cli/rate-limit-notice.ts';
import { type PullCounts, terminalProgress } from '../../src/pull/progress.ts';

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
  const render = output.renderProgress();
  render?.update({ phase: 'markdown', done: 1, total: 2 });
  render?.finish();
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
    expect(stderr).toContain('rendering: markdown 1/2 pages');
    expect(stderr).toContain('pulling: 1/2 pages');
    expect(stderr.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('counts the images the pull makes as files land, when it makes any', () => {
    const line = (counts: Partial<PullCounts>) => {
      const err = stream(true);
      terminalProgress(err.s).update({
        pagesDone: 3,
        pagesTotal: 9,
        filesDone: 4,
        filesTotal: 6,
        ...counts,
      });
      return err.text();
    };
    expect(line({ imagesDone: 2, imagesTotal: 3 })).toContain('4/6 files, 2/3 images, ');
    expect(line({})).not.toContain('images');
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

describe('rate-limit waits', () => {
  const window = { limit: 60, remaining: 0, resetAt: Date.parse('2026-01-01T10:00:00Z') };

  it('a long wait is one plain line in CI, short and overlapping waits none', () => {
    const out = stream(false);
    const err = stream(false);
    const output = createOutput({}, { CI: '1' }, { stdout: out.s, stderr: err.s });
    const notice = rateLimitNotice(output, output.pullProgress());
    notice({ cause: 'window', waitMs: 42_000, window });
    notice({ cause: '429', waitMs: 41_900, window }); // the same wait, told once
    notice({ cause: '429', waitMs: 1_000, window: undefined });
    expect(out.text()).toBe(
      "pull: waiting 42 s for the platform's rate limit, 0 requests left in this window\n",
    );
  });

  it('on a terminal the wait is in the progress line; --verbose gives the window figures', () => {
    const out = stream(true);
    const err = stream(true);
    const output = createOutput({ verbose: true }, {}, { stdout: out.s, stderr: err.s });
    const progress = output.pullProgress();
    const notice = rateLimitNotice(output, progress);
    notice({ cause: 'window', waitMs: 42_000, window });
    expect(err.text()).toContain("— waiting 42 s for the platform's rate limit");
    expect(out.text()).toContain('limit 60 per window, resets at 2026-01-01T10:00:00.000Z');
  });
});
