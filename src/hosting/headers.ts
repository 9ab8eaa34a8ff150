/**
 * `_headers` (Netlify and Cloudflare Pages): hashed files are cached for a year as immutable,
 * HTML and the other unhashed files must be revalidated. Both hosts apply every rule whose
 * pattern matches and join repeated headers with commas, so the rules never overlap: there is
 * no catch-all `/*`; HTML gets one rule per top-level page directory instead. The HTML's rules
 * (the base, the page directories, the `.html` files at the root) carry the site's
 * Content-Security-Policy too (csp.ts), so the policy is never joined with another.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * Directories under the output root whose files are content-hashed or versioned: Astro's
 * bundles, the theme stylesheet and fonts, the snapshot's files (`assets/<sha256>/`), and
 * Pagefind's fragments, index chunks and filters (but not pagefind.js or pagefind-entry.json).
 */
export const HASHED_DIRS = [
  '_astro',
  '_offprint',
  'assets',
  'pagefind/fragment',
  'pagefind/index',
  'pagefind/filter',
];

/**
 * Pagefind's files that keep their name across builds (the search dialog starts its worker
 * script), the list of the bundles a site's search merges (src/search/merge-list.ts), and the
 * site's vocabulary the search corrects typos from (src/search/vocabulary-format.ts).
 */
const PAGEFIND_UNHASHED = [
  'pagefind/pagefind.js',
  'pagefind/pagefind-worker.js',
  'pagefind/pagefind-entry.json',
  'pagefind/offprint-bundles.json',
  'pagefind/offprint-words/*',
];

/** Cloudflare Pages reads at most 100 rules; beyond this, HTML rules are left to the host. */
export const MAX_RULES = 100;

export interface HeadersInput {
  base: string;
  /** Top-level directories of the output that hold pages (not the hashed ones). */
  pageDirs: readonly string[];
  /** Top-level files to revalidate (robots.txt, sitemap.xml, llms.txt…), when present. */
  rootFiles: readonly string[];
  /** The HTML's Content-Security-Policy (csp.ts); none when absent. */
  csp?: string;
}

export function headersFile(input: HeadersInput): string {
  const rule = (pattern: string, value: string) =>
    `${input.base}${pattern}\n  Cache-Control: ${value}\n`;
  const htmlRule = (pattern: string) =>
    `${rule(pattern, REVALIDATE)}${input.csp ? `  Content-Security-Policy: ${input.csp}\n` : ''}`;
  const fixed = [
    ...HASHED_DIRS.map((dir) => rule(`${dir}/*`, IMMUTABLE)),
    ...PAGEFIND_UNHASHED.map((file) => rule(file, REVALIDATE)),
  ];
  const header =
    '# Written by Offprint: hashed files are immutable, everything else revalidates.\n';
  const count = fixed.length + input.rootFiles.length + 1 + input.pageDirs.length;
  if (count > MAX_RULES) {
    // One rule for the policy alone: no other rule sets that header, so nothing is joined to it.
    const policy = input.csp ? [`${input.base}*\n  Content-Security-Policy: ${input.csp}\n`] : [];
    const rootFiles = input.rootFiles.map((file) => rule(file, REVALIDATE));
    return `${header}# Too many page directories for one rule each: HTML keeps the host's default caching.\n${[...fixed, ...rootFiles, ...policy].join('\n')}`;
  }
  const rootFiles = input.rootFiles.map((file) =>
    file.endsWith('.html') ? htmlRule(file) : rule(file, REVALIDATE),
  );
  const html = [htmlRule(''), ...input.pageDirs.map((dir) => htmlRule(`${segment(dir)}/*`))];
  return `${header}${[...fixed, ...rootFiles, ...html].join('\n')}`;
}

function segment(name: string): string {
  return encodeURIComponent(name);
}
