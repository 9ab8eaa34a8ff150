import { constants } from 'node:os';
import { interrupt } from '../utils/interrupt.ts';
import { pauseForTest } from '../utils/test-pause.ts';

/**
 * SIGINT and SIGTERM during a run: the run's work is stopped and its folders removed
 * (src/utils/interrupt.ts), one line says what was left as it was, and the process exits
 * 128 + the signal's number (130, 143). A second signal while that happens exits at once; what
 * is left then, the next run sweeps. Returns the function that takes the handlers off again.
 */
export function handleSignals(line: () => string): () => void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    const code = 128 + constants.signals[signal];
    if (stopping) process.exit(code);
    stopping = true;
    void (async () => {
      await pauseForTest('interrupt');
      await interrupt();
      process.stderr.write(`${line()}\n`);
      process.exit(code);
    })();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
