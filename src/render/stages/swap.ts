import type { LinkScan } from '../../hosting/index.ts';
import { outputReplaced } from '../../utils/interrupt.ts';
import { pauseForTest } from '../../utils/test-pause.ts';
import type { BuildDataWriter } from '../build-data.ts';
import type { LastRender } from '../last-render.ts';
import type { RenderOptions } from '../options.ts';
import { swapOutput } from '../output.ts';
import { type RenderResult, summaryOf } from '../result.ts';

/**
 * The last step of a render that wrote a new output: the staged output swapped in for `outDir`
 * (output.ts), then recorded for the next render to reuse (last-build.ts, last-links.ts).
 */
export async function swapInOutput(input: {
  options: RenderOptions;
  last: LastRender;
  staged: string;
  fingerprint: string;
  data: BuildDataWriter;
  result: Omit<RenderResult, 'linkReport' | 'unchanged' | 'seconds'>;
  scan: LinkScan;
}): Promise<void> {
  const { options, fingerprint } = input;
  await pauseForTest('swap');
  await swapOutput(input.staged, options.outDir);
  outputReplaced();
  await input.last.record({
    fingerprint,
    pageDigests: input.data.pageDigests,
    summary: summaryOf(input.result),
    scan: input.scan,
  });
}
