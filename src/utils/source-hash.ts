import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * A hash of the source files under some paths (files whose name ends with one of `extensions`),
 * so caches built by one version of the code are not trusted by another.
 */
export function hashSources(paths: readonly string[], extensions: readonly string[]): string {
  const hash = createHash('sha256');
  for (const root of paths) {
    const files = statSync(root).isFile()
      ? [root]
      : readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext)))
          .map((entry) => path.join(entry.parentPath, entry.name))
          .sort();
    for (const file of files)
      hash.update(path.relative(root, file)).update('\0').update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}
