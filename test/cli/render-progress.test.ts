import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createOutput } from '../../src/cli/output.ts';
import { terminalRenderProgress } from '../../src/cli/render-progress.ts';

/** A real stream that says it is a terminal, keeping what is written. */
function terminal() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  }) as Writable & { isTTY: boolean };
  stream.isTTY = true;
  return { stream: stream as unknown as NodeJS.WriteStream, chunks };
}

/** The lines a terminal shows in turn: each write starts by going back and clearing the line. */
const shown = (chunks: string[]) =>
  chunks
    .join('')
    .split('\r\x1b[2K')
    .filter((line) => line !== '');

describe('render progress', () => {
  it('on a terminal: one rewritten line of the phases under way, cleared at the end', () => {
    const [out, err] = [terminal(), terminal()];
    const progress = createOutput(
      {},
      {},
      { stdout: out.stream, stderr: err.stream },
    ).renderProgress();
    expect(progress).toBeDefined();
    progress?.update({ phase: 'images', done: 0, total: 2 });
    progress?.update({ phase: 'images', done: 2, total: 2 });
    progress?.update({ phase: 'markdown', done: 0, total: 319 });
    progress?.update({ phase: 'search', done: 0, total: 319 });
    progress?.update({ phase: 'markdown', done: 319, total: 319 });
    progress?.update({ phase: 'astro', done: 0, total: 319 });
    progress?.finish();
    expect(shown(err.chunks)).toEqual([
      'rendering…',
      'rendering: images 0/2 files',
      'rendering…',
      'rendering: markdown 0/319 pages',
      'rendering: markdown 0/319 pages, search index 0/319 pages',
      'rendering: search index 0/319 pages',
      'rendering: search index 0/319 pages, Astro 0/319 pages',
    ]);
    expect(err.chunks.join('').endsWith('\r\x1b[2K')).toBe(true);
    expect(out.chunks).toEqual([]);
  });

  it('redraws a count at most ten times a second', () => {
    const { stream, chunks } = terminal();
    let now = 0;
    const progress = terminalRenderProgress(stream, () => now);
    for (let done = 0; done < 100; done++) {
      now += 10;
      progress.update({ phase: 'markdown', done, total: 100 });
    }
    // The first count, then one every 100 ms of the second that passed.
    expect(shown(chunks).slice(1)).toEqual([
      'rendering: markdown 0/100 pages',
      ...[10, 20, 30, 40, 50, 60, 70, 80, 90].map(
        (done) => `rendering: markdown ${done}/100 pages`,
      ),
    ]);
  });

  it('in CI or off a terminal there is no live line', () => {
    const [out, err] = [terminal(), terminal()];
    const streams = { stdout: out.stream, stderr: err.stream };
    expect(createOutput({}, { CI: 'true' }, streams).renderProgress()).toBeUndefined();
    (err.stream as { isTTY: boolean }).isTTY = false;
    expect(createOutput({}, {}, streams).renderProgress()).toBeUndefined();
    expect(createOutput({ quiet: true }, {}, streams).renderProgress()).toBeUndefined();
  });
});
