export {
  type CrawlResult,
  checkLinks,
  crawlOutput,
  type LinkScan,
  type OutputBrokenLink,
  scanLinks,
} from './check-links.ts';
export {
  type BrokenLinkReport,
  buildReport,
  describeBroken,
  type MarkdownBrokenLink,
  type PlatformBrokenLink,
  platformBrokenLinks,
  REPORT_FILE,
  readReport,
  summarize,
  writeReport,
} from './link-report.ts';
export { formatSize, LLMS_FULL_FILE, llmsFullSize } from './llms-full.ts';
export { absoluteUrl, SiteUrlError, siteOrigin } from './site-url.ts';
export { listedPages, writeHostingFiles } from './write-outputs.ts';
