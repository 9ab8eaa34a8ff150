/**
 * For the tests of interrupted runs (test/cli/interrupt.integration.test.ts): `OFFPRINT_TEST_PAUSE=<point>`
 * holds a run at a named point (`pull`, `markdown`, `astro`, `search`, `swap`) after one line on
 * stderr, so that a test signals it there and not at a moment guessed with a sleep. Unset, as
 * in every real run, each call returns at once.
 */
const told = new Set<string>();

/** The points asked for: `OFFPRINT_TEST_PAUSE=markdown,interrupt` holds the run at both. */
function asked(point: string): boolean {
  return (process.env.OFFPRINT_TEST_PAUSE ?? '').split(',').includes(point);
}

export async function pauseForTest(point: string): Promise<void> {
  if (!asked(point)) return;
  if (!told.has(point)) process.stderr.write(`offprint-test: paused at ${point}\n`);
  told.add(point);
  // Held until the test's signal ends the process; the timer keeps the event loop (and so the
  // signal handlers) running.
  await new Promise(() => setInterval(() => {}, 60_000));
}

/**
 * The same, holding the thread itself, for points between two steps that nothing may separate
 * but a crash (`swap-between`): only SIGKILL ends the process there.
 */
export function blockForTest(point: string): void {
  if (!asked(point)) return;
  process.stderr.write(`offprint-test: paused at ${point}\n`);
  const cell = new Int32Array(new SharedArrayBuffer(4));
  for (;;) Atomics.wait(cell, 0, 0);
}
