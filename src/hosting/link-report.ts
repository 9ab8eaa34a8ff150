import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrokenReason } from '../markdown/types.ts';
import type { OutputBrokenLink } from './check-links.ts';

/**
 * The broken-link report of a render: our crawl of the output, the references the markdown
 * renderer could not resolve, and the platform's own link reports stored in the snapshot. It
 * is written as JSON into the cache directory (never into the output) and summarized in one
 * line. Each entry says why it is broken (`reason`): the output's `missing` (nothing served
 * there) or `no-anchor`; the markdown's `no-page`, `no-space`, `no-file` or `no-content`; the
 * platform's `platform-reported`.
 */

export const REPORT_FILE = 'broken-links.json';

export interface MarkdownBrokenLink {
  page: string;
  target: string;
  line?: number;
  /** Absent in a report written before reasons were given (a kept one, reused as it was). */
  reason?: BrokenReason;
}

export interface PlatformBrokenLink {
  spaceId: string;
  /** URL of the page holding the link, when the platform named a page the site has. */
  page?: string;
  target: string;
  reason: 'platform-reported';
}

export interface BrokenLinkReport {
  version: 1;
  generatedAt: string;
  outDir: string;
  /** The render's fingerprint: an unchanged re-render reuses this report. */
  fingerprint: string;
  total: number;
  output: OutputBrokenLink[];
  markdown: MarkdownBrokenLink[];
  platform: PlatformBrokenLink[];
}

export function buildReport(
  parts: Omit<BrokenLinkReport, 'version' | 'generatedAt' | 'total'>,
): BrokenLinkReport {
  return {
    version: 1,
    generatedAt: new Date().toISOString(),
    ...parts,
    total: parts.output.length + parts.markdown.length + parts.platform.length,
  };
}

/** The platform's report items (`{ status, targetReference, locationReferences }`) flattened. */
export function platformBrokenLinks(
  spaceId: string,
  items: readonly Record<string, unknown>[],
  pageUrlOf: (pageId: string) => string | undefined,
): PlatformBrokenLink[] {
  const out: PlatformBrokenLink[] = [];
  for (const item of items) {
    if (item.status !== 'broken') continue;
    const target = describeTarget(item.targetReference);
    const locations = Array.isArray(item.locationReferences) ? item.locationReferences : [];
    const pages = locations
      .map((location) => (location as { page?: unknown } | null)?.page)
      .filter((page): page is string => typeof page === 'string');
    const reason = 'platform-reported';
    if (pages.length === 0) out.push({ spaceId, target, reason });
    for (const pageId of pages) {
      const page = pageUrlOf(pageId);
      out.push({ spaceId, ...(page ? { page } : {}), target, reason });
    }
  }
  return out;
}

function describeTarget(ref: unknown): string {
  if (ref && typeof ref === 'object') {
    const { kind, url, page, anchor } = ref as Record<string, unknown>;
    if (typeof url === 'string') return url;
    if (typeof page === 'string')
      return `${String(kind ?? 'page')} ${page}${typeof anchor === 'string' ? `#${anchor}` : ''}`;
  }
  return JSON.stringify(ref ?? null);
}

/** What the summary says of a markdown reference's reason. */
const MARKDOWN_REASONS: Record<BrokenReason, string> = {
  'no-page': 'no such page',
  'no-space': 'no such space',
  'no-file': 'no such file',
  'no-content': 'no such reusable content',
};

/** Each broken link as `page → target (why)`, output first. */
export function describeBroken(report: BrokenLinkReport): string[] {
  return [
    ...report.output.map(
      (b) =>
        `${b.page} → ${b.target}${b.reason === 'no-anchor' ? ' (no such anchor)' : ' (not in the output)'}`,
    ),
    ...report.markdown.map(
      (b) =>
        `${b.page}${b.line ? `:${b.line}` : ''} → ${b.target} (${b.reason ? MARKDOWN_REASONS[b.reason] : 'unresolved reference'})`,
    ),
    ...report.platform.map(
      (b) => `${b.page ?? `space ${b.spaceId}`} → ${b.target} (reported by the platform)`,
    ),
  ];
}

/** One line: the count by source and the first few. */
export function summarize(report: BrokenLinkReport, file: string, shown = 3): string {
  if (report.total === 0) return 'no broken links';
  const parts = [
    report.output.length && `${report.output.length} in the output`,
    report.markdown.length && `${report.markdown.length} unresolved in markdown`,
    report.platform.length && `${report.platform.length} reported by the platform`,
  ].filter(Boolean);
  const all = describeBroken(report);
  const more = all.length > shown ? `, and ${all.length - shown} more` : '';
  return `${report.total} broken link${report.total === 1 ? '' : 's'} (${parts.join(', ')}): ${all.slice(0, shown).join('; ')}${more}; full report in ${file}`;
}

export async function writeReport(file: string, report: BrokenLinkReport): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(report, null, 2)}\n`);
  await rename(temporary, file);
}

export async function readReport(file: string): Promise<BrokenLinkReport | undefined> {
  try {
    const report = JSON.parse(await readFile(file, 'utf8')) as BrokenLinkReport;
    return report.version === 1 ? report : undefined;
  } catch {
    return undefined;
  }
}
