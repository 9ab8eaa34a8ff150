import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { mayHaveOpenapiBlock, OPENAPI_TAGS } from '../markdown/openapi-block.ts';
import { documentTags } from '../markdown/parse.ts';
import { attr } from '../markdown/tags.ts';
import { spaceDir } from '../snapshot/format.ts';

/**
 * Finds the spec URLs that a pulled site's pages name in OpenAPI blocks
 * (`{% openapi src="https://…" %}`, `{% swagger src=… %}`…), with the markdown pipeline's own
 * tag reader, so that the pull fetches exactly what the render will look for. Relative `src`s
 * are revision files, already in the snapshot; so is an absolute URL that is the download URL
 * of one of the revision's files.
 */

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Absolute `src` URLs of the OpenAPI blocks in `markdown`, as written (code blocks left out). */
export function specUrlsIn(markdown: string): string[] {
  if (!mayHaveOpenapiBlock(markdown)) return [];
  const urls: string[] = [];
  for (const tag of documentTags(markdown)) {
    if (!OPENAPI_TAGS.has(tag.name)) continue;
    const src = attr(tag, 'src')?.trim();
    if (src && HAS_SCHEME.test(src)) urls.push(src);
  }
  return urls;
}

/**
 * The spec URLs of every page and reusable content of the spaces in the staging snapshot `dir`,
 * once each, in a stable order; revision files' download URLs left out.
 */
export async function stagedSpecUrls(dir: string, spaceKeys: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  const fileUrls = new Set<string>();
  for (const key of spaceKeys) {
    const space = path.join(dir, spaceDir(key));
    const revision = await readRevision(path.join(space, 'revision.json'));
    for (const file of Array.isArray(revision.files) ? revision.files : []) {
      if (typeof file?.downloadURL === 'string') fileUrls.add(file.downloadURL);
    }
    for (const reusable of Array.isArray(revision.reusableContents)
      ? revision.reusableContents
      : []) {
      if (typeof reusable?.markdown === 'string')
        for (const url of specUrlsIn(reusable.markdown)) found.add(url);
    }
    const pages = path.join(space, 'pages');
    const names = await readdir(pages).catch(() => [] as string[]);
    for (const name of names.sort()) {
      if (!name.endsWith('.md')) continue;
      for (const url of specUrlsIn(await readFile(path.join(pages, name), 'utf8'))) found.add(url);
    }
  }
  return [...found].filter((url) => !fileUrls.has(url)).sort();
}

interface StagedRevision {
  files?: { downloadURL?: unknown }[];
  reusableContents?: { markdown?: unknown }[];
}

/** The staged revision.json, written by this pull (a reused space's was validated before). */
async function readRevision(file: string): Promise<StagedRevision> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as StagedRevision | null;
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}
