import { type BrokenLinkReport, describeBroken } from '../hosting/index.ts';

export class RenderError extends Error {
  override readonly name = 'RenderError';
}

/** `--fail-on-broken-links` found some: the message names the count and the first. */
export class BrokenLinksError extends RenderError {
  readonly report: BrokenLinkReport;

  constructor(report: BrokenLinkReport, file: string, outDir: string) {
    super(
      `${report.total} broken link${report.total === 1 ? '' : 's'}, the first: ${describeBroken(report)[0]}; ${outDir} left as it was (full report in ${file})`,
    );
    this.report = report;
  }
}
