import type { LinkScan } from '../../hosting/index.ts';
import { outputReplaced } from '../../utils/interrupt.ts';
import { pauseForTest } from '../../utils/test-pause.ts';
import type { BuildDataWriter } from '../build-data.ts';
import type { RenderRecords } from '../last-render.ts';
import type { RenderOptions } from '../options.ts';
import { swapOutput } from '../output.ts';
import { type RenderResult, summaryOf } from '../result.ts';

/**
 * The last step of a render that wrote a new output: the staged output swapped in for `outDir`
 * (output.ts), then recorded for the next render to reuse (last-build.ts, last-links.ts).
 */
export async function swapInOutput(input: {
  options: RenderOptions;
  records: RenderRecords;
  staged: string;
  fingerprint: string;
  shell: string;
  data: BuildDataWriter;
  inputs: string;
  result: Omit<RenderResult, 'linkReport' | 'unchanged' | 'seconds'>;
  scan: LinkScan;
}): Promise<void> {
  const { options, records, fingerprint } = input;
  await pauseForTest('swap');
  await swapOutput(input.staged, options.outDir);
  outputReplaced();
  await Promise.all([
    records.lastBuild.record(fingerprint, options.outDir, input.shell, input.data.pageDigests, {
      inputs: input.inputs,
      summary: summaryOf(input.result),
    }),
    records.lastLinks.record(fingerprint, options.outDir, input.scan),
  ]);
}
