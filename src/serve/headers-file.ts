import { readFile } from 'node:fs/promises';

/**
 * A `_headers` file (Netlify, Cloudflare Pages; src/hosting/headers.ts writes the site's) read
 * back, so a local server answers with the headers the host would: each rule is a URL pattern
 * (`*` matches anything, `/` included) and its indented `Name: value` lines; every matching
 * rule applies, a header set twice joined with `, ` as both hosts do.
 */

export interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = { pattern: patternOf(line.trim()), headers: [] };
      rules.push(current);
      continue;
    }
    const colon = line.indexOf(':');
    if (current && colon > 0)
      current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The headers the rules give a request path, joined as the hosts join repeated ones. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    if (!rule.pattern.test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const before = headers.get(key);
      headers.set(key, before === undefined ? value : `${before}, ${value}`);
    }
  }
  return headers;
}

/** The rules of `file`; none when there is no such file. */
export async function readHeadersFile(file: string): Promise<HeaderRule[]> {
  try {
    return parseHeadersFile(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function patternOf(path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}
