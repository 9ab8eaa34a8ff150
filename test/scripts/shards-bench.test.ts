import { describe, expect, it } from 'vitest';
import { shardFigures } from '../../scripts/bench/shards.ts';

/** The shards bench's arithmetic: what a matrix waits for against one machine. */
describe('shardFigures', () => {
  const figures = shardFigures({
    pages: 2000,
    pull: { seconds: 10, peakMiB: 300 },
    one: { seconds: 90, peakMiB: 1300 },
    parts: [
      { seconds: 20, peakMiB: 1000, pages: 400 },
      { seconds: 30, peakMiB: 1100, pages: 600 },
      { seconds: 25, peakMiB: 1050, pages: 500 },
      { seconds: 22, peakMiB: 1020, pages: 500 },
    ],
    merge: { seconds: 5, peakMiB: 200 },
    compared: 4599,
  });
  const value = (name: string) => {
    const figure = figures.find((f) => f.name === `2000 pages, 4 parts: ${name}`);
    if (!figure) throw new Error(`no figure "${name}"`);
    return figure.value;
  };

  it('waits for the pull, the slowest part and the merge, against the pull and one render', () => {
    expect(value('matrix wall time (pull + slowest part + merge)')).toBe(45);
    expect(value("one machine's wall time (pull + one-process render)")).toBe(100);
    expect(value('matrix ÷ one machine (wall time)')).toBeCloseTo(0.45);
  });

  it("states each part's pages, time and peak, and the parts' balance", () => {
    expect(value('part 2, pages')).toBe(600);
    expect(value('part 2, render')).toBe(30);
    expect(value('part 3, peak RSS of the process tree')).toBe(1050);
    expect(value('pages in the parts')).toBe(2000);
    expect(value('largest part ÷ an equal share (pages)')).toBeCloseTo(1.2);
    expect(value('slowest part ÷ fastest part (time)')).toBeCloseTo(1.5);
    expect(value('merge')).toBe(5);
    expect(value('one-process render, peak RSS of the process tree')).toBe(1300);
  });
});
