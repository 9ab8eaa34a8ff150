import { safeSegment, safeSegments, urlFor } from './paths.ts';

/**
 * The URL scheme (docs/urls.md), as segments under the base:
 * - the default section's default site space is the site root;
 * - another section's default site space is `<section path>/`;
 * - a section's other site spaces are `<section path>/<site-space path>/`, the
 *   default section's included (so their pages never mix with the root space's);
 * - without sections, the default site space is the root and others are `<site-space path>/`;
 * - a page is `<space root><page path>/`; the space's first page is canonical at the root.
 */
export function siteSpaceRootSegments(options: {
  section?: { path: string; default: boolean };
  siteSpace: { path: string; default: boolean };
}): string[] {
  const { section, siteSpace } = options;
  const own = safeSegments(siteSpace.path);
  if (!section) return siteSpace.default ? [] : own;
  const sectionSegments = safeSegments(section.path);
  if (siteSpace.default) return section.default ? [] : sectionSegments;
  return [...sectionSegments, ...own];
}

/**
 * Every URL the site answers, with who holds it. Two claims on one URL (compared
 * case-insensitively: a case-insensitive file system or CDN would serve one file for both) never
 * fail the build: the first claim keeps the URL, a later one gets a disambiguated URL (`claim`)
 * or, for an alias, none (`claimAlias`), and one warning names both. The model claims in the
 * order docs/urls.md documents, so which one keeps a URL is deterministic.
 */
export class UrlClaims {
  readonly #owners = new Map<string, string>();
  /** One line per collision, naming both claimants and where the second went. */
  readonly warnings: string[] = [];

  /**
   * The URL `owner` gets for `segments` under `base`: its own, or when that is taken the first
   * free one of `disambiguated(segments, suffix)`.
   */
  claim(base: string, segments: readonly string[], owner: string, suffix: string): string {
    const url = urlFor(base, segments);
    const holder = this.#holder(url);
    if (holder === undefined) return this.#take(url, owner);
    for (const candidate of disambiguated(segments, suffix)) {
      const other = urlFor(base, candidate);
      if (this.#holder(other) !== undefined) continue;
      this.warnings.push(
        `URL ${decodeSafe(url)} is claimed by ${holder} and ${owner}: the first keeps it, the second is at ${decodeSafe(other)}`,
      );
      return this.#take(other, owner);
    }
    throw new Error('unreachable: disambiguated() is endless');
  }

  /** Claims an extra URL for a page (an alias); a taken one is dropped, with a warning. */
  claimAlias(url: string, owner: string): boolean {
    const holder = this.#holder(url);
    if (holder === undefined) return Boolean(this.#take(url, owner));
    this.warnings.push(
      `URL ${decodeSafe(url)} is claimed by ${holder} and ${owner}: the first keeps it, the alias is left out`,
    );
    return false;
  }

  #holder(url: string): string | undefined {
    return this.#owners.get(keyOf(url));
  }

  #take(url: string, owner: string): string {
    this.#owners.set(keyOf(url), owner);
    return url;
  }
}

function keyOf(url: string): string {
  return decodeSafe(url).normalize('NFC').toLowerCase();
}

/**
 * Stable alternatives to a taken URL: the last segment with the claimant's id appended
 * (`case-twin` → `case-twin-p2x9`), then numbered. Derived from the id, not from an order, so
 * a page keeps its disambiguated URL when others move.
 */
export function* disambiguated(segments: readonly string[], id: string): Generator<string[]> {
  const suffix = safeSegment(safeSegment(id).slice(0, 12)) || 'page';
  const stem = segments.slice(0, -1);
  const last = segments.at(-1);
  const named = safeSegment(last ? `${last}-${suffix}` : suffix);
  yield [...stem, named];
  for (let n = 2; ; n++) yield [...stem, `${named}-${n}`];
}

function decodeSafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** A page described for error messages: `page "Install" (space guides-v2)`. */
export function describePage(title: string, siteSpaceId: string): string {
  return `page ${JSON.stringify(title)} (space ${siteSpaceId})`;
}
