/**
 * For the tests of interrupted runs (test/cli/interrupt.test.ts): `OFFPRINT_TEST_PAUSE=<point>`
 * holds a run at a named point (`pull`, `markdown`, `astro`, `search`, `swap`) after one line on
 * stderr, so that a test signals it there and not at a moment guessed with a sleep. Unset, as
 * in every real run, each call returns at once.
 */
let told = false;

export async function pauseForTest(point: string): Promise<void> {
  if (process.env.OFFPRINT_TEST_PAUSE !== point) return;
  if (!told) process.stderr.write(`offprint-test: paused at ${point}\n`);
  told = true;
  // Held until the test's signal ends the process; the timer keeps the event loop (and so the
  // signal handlers) running.
  await new Promise(() => setInterval(() => {}, 60_000));
}

/**
 * The same, holding the thread itself, for points between two steps that nothing may separate
 * but a crash (`swap-between`): only SIGKILL ends the process there.
 */
export function blockForTest(point: string): void {
  if (process.env.OFFPRINT_TEST_PAUSE !== point) return;
  process.stderr.write(`offprint-test: paused at ${point}\n`);
  const cell = new Int32Array(new SharedArrayBuffer(4));
  for (;;) Atomics.wait(cell, 0, 0);
}
