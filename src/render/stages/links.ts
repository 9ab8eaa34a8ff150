import path from 'node:path';
import {
  type BrokenLinkReport,
  buildReport,
  checkLinks,
  type LinkScan,
  type OutputBrokenLink,
  platformBrokenLinks,
  scanLinks,
  summarize,
  writeReport,
} from '../../hosting/index.ts';
import type { SiteModel } from '../../site/index.ts';
import type { Snapshot } from '../../snapshot/read.ts';
import { BrokenLinksError } from '../errors.ts';
import type { RenderOptions } from '../options.ts';
import type { RenderResult } from '../result.ts';

/**
 * The broken-link report of a render: the output's broken links (from the check of the staged
 * output, or a crawl of a kept one) with the markdown's unresolved references and the
 * platform's stored reports; and `--fail-on-broken-links`.
 */

/** The report of this render's output, given the output's broken links. */
export type LinkReporter = (output: OutputBrokenLink[]) => BrokenLinkReport;

export async function linkReporter(input: {
  options: RenderOptions;
  snapshot: Snapshot;
  model: SiteModel;
  fingerprint: string;
  markdown: BrokenLinkReport['markdown'];
}): Promise<LinkReporter> {
  const platform = await platformReports(input.snapshot, input.model);
  return (output) =>
    buildReport({
      outDir: path.resolve(input.options.outDir),
      fingerprint: input.fingerprint,
      output,
      markdown: input.markdown,
      platform,
    });
}

/**
 * The links phase, started once the HTML is final: the staged pages' links are read while the
 * rest of the output is written (pages reused from the last output keep its scan: `known`);
 * `finish` checks them against the finished output and writes the report.
 */
export function startLinkCheck(input: {
  staged: string;
  model: SiteModel;
  origin: string | undefined;
  known: { scan: LinkScan; files: ReadonlySet<string> } | undefined;
  /** Read the links, check none (a part of a sharded render: the merge checks them). */
  scanOnly?: boolean;
}) {
  const { staged, model, origin, known } = input;
  const scanning = scanLinks({ dir: staged, base: model.base, origin, known });
  scanning.catch(() => {});
  return {
    async finish(reporter: LinkReporter, reportFile: string) {
      const scan = await scanning;
      const report = reporter(input.scanOnly ? [] : (await checkLinks(scan, staged)).broken);
      await writeReport(reportFile, report);
      return { scan, report };
    },
  };
}

/** The report as the result tells it. */
export function linkSummary(report: BrokenLinkReport, file: string): RenderResult['linkReport'] {
  return { total: report.total, file, summary: summarize(report, file) };
}

/** `--fail-on-broken-links`: any broken link fails the render (the output stays as it was). */
export function failOnBrokenLinks(
  options: RenderOptions,
  report: BrokenLinkReport,
  file: string,
): void {
  if (options.failOnBrokenLinks && report.total > 0)
    throw new BrokenLinksError(report, file, options.outDir);
}

/** Every stored platform link report, flattened (page ids become the pages' URLs). */
async function platformReports(snapshot: Snapshot, model: SiteModel) {
  const urlOf = new Map(model.pages.map((page) => [`${page.spaceId}\0${page.pageId}`, page.url]));
  const reports = await Promise.all(
    snapshot.manifest.spaces.map(async ({ spaceId }) => {
      const report = await snapshot.brokenLinks(spaceId).catch(() => undefined);
      return platformBrokenLinks(spaceId, report?.broken ?? [], (pageId) =>
        urlOf.get(`${spaceId}\0${pageId}`),
      );
    }),
  );
  return reports.flat();
}
