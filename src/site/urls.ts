import { SiteModelError } from './errors.ts';
import { safeSegments } from './paths.ts';

/**
 * The URL scheme (DESIGN.md "Contracts" → URLs), as segments under the base:
 * - the default section's default site space is the site root;
 * - another section's default site space is `<section path>/`;
 * - a section's other site spaces (variants) are `<section path>/<site-space path>/`, the
 *   default section's included (so a variant's pages never mix with the root space's);
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
 * Every URL the site answers, with who claims it. Two claims on one URL (compared
 * case-insensitively: a case-insensitive file system or CDN would serve one file for both)
 * are collected and reported together by `check`.
 */
export class UrlClaims {
  readonly #owners = new Map<string, string>();
  readonly #collisions: string[] = [];

  claim(url: string, owner: string): void {
    const key = decodeSafe(url).normalize('NFC').toLowerCase();
    const previous = this.#owners.get(key);
    if (previous === undefined) this.#owners.set(key, owner);
    else this.#collisions.push(`URL ${decodeSafe(url)} is claimed by ${previous} and ${owner}`);
  }

  /** Throws one `SiteModelError` naming the first collision and counting the others. */
  check(): void {
    const [first, ...rest] = this.#collisions;
    if (first === undefined) return;
    const more = rest.length > 0 ? ` (and ${rest.length} more: ${rest.join('; ')})` : '';
    const error = new SiteModelError(`${first}${more}`);
    throw Object.assign(error, { collisions: [...this.#collisions] });
  }
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
