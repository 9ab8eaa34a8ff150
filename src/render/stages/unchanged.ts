import path from 'node:path';
import { crawlOutput, readReport, writeReport } from '../../hosting/index.ts';
import type { SiteModel } from '../../site/index.ts';
import type { LastRender } from '../last-render.ts';
import type { RenderOptions } from '../options.ts';
import { noPhases, type PhaseClock, type RenderResult, summaryOf } from '../result.ts';
import { reportStillHolds } from '../reuse-policy.ts';
import { failOnBrokenLinks, type LinkReporter, linkSummary } from './links.ts';

/**
 * The two ways a render ends with the output as it was (reuse-policy.ts decides when): before
 * reading the snapshot, when its inputs are the last render's; or once the pages are written,
 * when they would make the output the last render left.
 */

/**
 * The result of a render with nothing to do: the last render into `outDir` read these very
 * inputs, and its link report is still the one on disk. Nothing is opened but those records.
 */
export async function unchangedInputs(input: {
  options: RenderOptions;
  last: LastRender;
  started: number;
}): Promise<RenderResult | undefined> {
  const { options, last } = input;
  const skipped = await last.skipAll(options.pdf !== undefined);
  if (!skipped) return undefined;
  const { summary, links } = skipped;
  failOnBrokenLinks(options, links, last.records.reportFile);
  const seconds = (Date.now() - input.started) / 1000;
  return {
    ...summary,
    outDir: path.resolve(options.outDir),
    markdownCache: { hits: 0, misses: 0 },
    images: { made: 0, reused: 0, seconds: 0 },
    linkReport: linkSummary(links, last.records.reportFile),
    unchanged: true,
    seconds,
    phases: { ...noPhases(), model: seconds },
  };
}

/**
 * The output is as the last render left it: so is its link report, unless that one is gone
 * (then the output is crawled again). The staged output has been discarded.
 */
export async function unchangedOutput(input: {
  options: RenderOptions;
  last: LastRender;
  fingerprint: string;
  result: Omit<RenderResult, 'linkReport' | 'unchanged' | 'seconds'>;
  reporter: LinkReporter;
  model: SiteModel;
  origin: string | undefined;
  clock: PhaseClock;
}): Promise<RenderResult> {
  const { options, last, result } = input;
  const { records } = last;
  const previous = await readReport(records.reportFile);
  const links =
    previous && reportStillHolds(previous, input.fingerprint)
      ? previous
      : input.reporter(
          (await crawlOutput({ dir: options.outDir, base: input.model.base, origin: input.origin }))
            .broken,
        );
  await writeReport(records.reportFile, links);
  await last.rememberInputs(summaryOf(result));
  failOnBrokenLinks(options, links, records.reportFile);
  return {
    ...result,
    linkReport: linkSummary(links, records.reportFile),
    unchanged: true,
    seconds: input.clock.seconds(),
  };
}
