/** One candidate of a `srcset`: its URL and its descriptors (`2x`, `800w`), as written. */
export interface SrcsetCandidate {
  url: string;
  descriptors: string[];
}

/**
 * The candidates of a `srcset` as markdown's HTML writes them: comma-separated, each a URL and
 * its descriptors separated by spaces (URLs hold no spaces or commas by spec); empty ones are
 * skipped.
 */
export function srcsetCandidates(srcset: string): SrcsetCandidate[] {
  const found: SrcsetCandidate[] = [];
  for (const candidate of srcset.split(',')) {
    const [url, ...descriptors] = candidate.trim().split(/\s+/);
    if (url) found.push({ url, descriptors });
  }
  return found;
}
