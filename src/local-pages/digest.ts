import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';

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
    for (const specifier of await relativeImports(file, await readFile(file, 'utf8'))) {
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

/**
 * The module code of a file, where its imports are: all of a script; an Astro file's
 * frontmatter and `<script>` elements; an MDX file's `import`/`export` blocks (a block starts
 * with either word at the start of a line and runs to the next blank line, as MDX reads it).
 */
function moduleCode(file: string, text: string): string[] {
  if (/\.[cm]?[jt]sx?$/.test(file)) return [text];
  if (file.endsWith('.astro')) {
    const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
    const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map(
      (m) => m[1] ?? '',
    );
    return frontmatter === undefined ? scripts : [frontmatter, ...scripts];
  }
  return text.split(/\r?\n\s*\r?\n/).filter((block) => /^(import|export)\b/.test(block));
}

/** `@import` URLs of the `<style>` elements of an Astro or MDX file. */
function styleImports(text: string): string[] {
  const found: string[] = [];
  for (const style of text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    for (const m of (style[1] ?? '').matchAll(/@import\s+(?:url\(\s*)?['"]([^'"]+)['"]/g)) {
      if (m[1]) found.push(m[1]);
    }
  }
  return found;
}

/**
 * `./x` and `../x` specifiers a file imports: static and dynamic imports and re-exports, read by
 * es-module-lexer, and CSS `@import`s of its styles. Code the lexer cannot read is skipped: the
 * build reports it.
 */
export async function relativeImports(file: string, text: string): Promise<string[]> {
  await init;
  const specifiers = styleImports(text);
  for (const code of moduleCode(file, text)) {
    try {
      for (const { n } of parse(code)[0]) if (n) specifiers.push(n);
    } catch {}
  }
  return specifiers
    .filter((specifier) => /^\.{1,2}\//.test(specifier))
    .map((specifier) => specifier.replace(/[?#].*$/, ''));
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
