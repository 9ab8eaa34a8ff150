import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * A digest of the user's local files: everything under the pages and theme directories, plus
 * the files they import by relative path from elsewhere in the repository (an `.mdx` page's
 * `../components/Card.astro`), followed transitively. The render's last-build fingerprint
 * includes it, so editing any of them re-renders.
 */
export async function localFilesDigest(roots: readonly string[]): Promise<string> {
  if (roots.length === 0) return 'none';
  const files = new Set<string>();
  for (const root of roots) {
    const entries = await readdir(path.resolve(root), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      const file = path.join(entry.parentPath, entry.name);
      if (entry.isFile() && !file.split(path.sep).includes('node_modules')) files.add(file);
    }
  }
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (!SCANNED.test(file)) continue;
    for (const specifier of relativeImports(await readFile(file, 'utf8'))) {
      const target = await resolveImport(path.dirname(file), specifier);
      if (target && !files.has(target)) {
        files.add(target);
        queue.push(target);
      }
    }
  }
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash
      .update(file)
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Files whose imports are followed. */
const SCANNED = /\.(mdx?|astro|[cm]?[jt]sx?)$/;

const IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"\n]+)['"]|@import\s+['"](\.{1,2}\/[^'"\n]+)['"]/g;

/** `./x` and `../x` specifiers of import statements, dynamic imports and CSS `@import`s. */
export function relativeImports(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = (match[1] ?? match[2] ?? '').replace(/[?#].*$/, '');
    if (specifier) found.push(specifier);
  }
  return found;
}

const TRY = ['', '.ts', '.js', '.mjs', '.astro', '.tsx', '.jsx', '/index.ts', '/index.js'];

async function resolveImport(from: string, specifier: string): Promise<string | undefined> {
  const base = path.resolve(from, specifier);
  for (const suffix of TRY) {
    try {
      if ((await stat(base + suffix)).isFile()) return base + suffix;
    } catch {}
  }
  return undefined;
}
