/** One candidate of a `srcset`: its URL and its descriptors (`2x`, `800w`), as written. */
export interface SrcsetCandidate {
  url: string;
  descriptors: string[];
  /** Where the URL is written in the `srcset`. */
  start: number;
  end: number;
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
  let at = 0;
  for (const candidate of srcset.split(',')) {
    const words = [...candidate.matchAll(/\S+/g)];
    let end = words.length;
    while (end > 1 && DESCRIPTOR.test(words[end - 1]?.[0] ?? '')) end--;
    const first = words[0];
    const last = words[end - 1];
    if (first && last) {
      const start = at + first.index;
      const stop = at + last.index + last[0].length;
      found.push({
        url: srcset.slice(start, stop),
        descriptors: words.slice(end).map((word) => word[0]),
        start,
        end: stop,
      });
    }
    at += candidate.length + 1;
  }
  return found;
}

/** A `srcset` of an image's variants by width (`a-640.webp 640w, a-1280.webp 1280w`). */
export function widthSrcset(variants: readonly { url: string; width: number }[]): string {
  return variants.map((v) => `${v.url} ${v.width}w`).join(', ');
}
