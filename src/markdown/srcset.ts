/** One candidate of a `srcset`: its URL and its descriptors (`2x`, `800w`), as written. */
export interface SrcsetCandidate {
  url: string;
  descriptors: string[];
}

/** A width or density descriptor (`800w`, `2x`, `1.5x`). */
const DESCRIPTOR = /^\d+(?:\.\d+)?[wx]$/i;

/**
 * The candidates of a `srcset` as markdown's HTML writes them: comma-separated, each a URL and
 * its descriptors separated by spaces; empty ones are skipped. URLs hold no spaces by spec, but
 * Git Sync writes an upload's path as it is named (`srcset="../.gitbook/assets/image (2).png"`
 * for a dark image): what follows the first space is the URL's still, unless it is descriptors.
 */
export function srcsetCandidates(srcset: string): SrcsetCandidate[] {
  const found: SrcsetCandidate[] = [];
  for (const candidate of srcset.split(',')) {
    const words = candidate.trim().split(/\s+/).filter(Boolean);
    let end = words.length;
    while (end > 1 && DESCRIPTOR.test(words[end - 1] ?? '')) end--;
    const url = words.slice(0, end).join(' ');
    if (url) found.push({ url, descriptors: words.slice(end) });
  }
  return found;
}
