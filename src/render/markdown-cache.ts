import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContentStrings, MarkdownResult, Reference, Resolver } from '../markdown/index.ts';
import { readSealedJson, writeSealedJson } from '../utils/sealed.ts';
import { hashSources } from '../utils/source-hash.ts';

/**
 * Rendered markdown, cached on disk by what determines it: the markdown, the page's path, the
 * renderer's own source, and what each of its references resolved to. A page whose text is
 * unchanged is still rendered again when a page it links to moved: every cached entry carries
 * its references' resolutions, and a hit is accepted only if they all still hold.
 */

const MARKDOWN_SOURCE = fileURLToPath(new URL('../markdown/', import.meta.url));
/** OpenAPI blocks are laid out from `src/openapi`'s views. */
const OPENAPI_SOURCE = fileURLToPath(new URL('../openapi/', import.meta.url));

/** A hash of the renderer's source files: a change to the renderer invalidates the cache. */
// `.js` too: the compiled package runs the renderer from lib/markdown/.
export const RENDERER_VERSION = hashSources([MARKDOWN_SOURCE, OPENAPI_SOURCE], ['.ts', '.js']);

export type CachedRender = Omit<MarkdownResult, 'references'> & {
  resolutions: [Reference, string][];
};

/** A short digest of the labels a render writes (the site's locale), for `MarkdownCache.key`. */
export function stringsDigest(strings: ContentStrings): string {
  return createHash('sha256').update(JSON.stringify(strings)).digest('hex').slice(0, 16);
}

export class MarkdownCache {
  hits = 0;
  misses = 0;

  constructor(readonly dir: string) {}

  static key(
    markdown: string,
    currentPath: string,
    pageTitle: string,
    iconSet = 'solid',
    specs = '',
    strings = '',
  ): string {
    return createHash('sha256')
      .update(RENDERER_VERSION)
      .update('\0')
      .update(strings)
      .update('\0')
      .update(specs)
      .update('\0')
      .update(iconSet)
      .update('\0')
      .update(currentPath)
      .update('\0')
      .update(pageTitle)
      .update('\0')
      .update(markdown)
      .digest('hex');
  }

  async get(key: string, resolver: Resolver): Promise<CachedRender | undefined> {
    const entry = await readSealedJson<CachedRender>(this.#file(key));
    if (!entry) {
      this.misses++;
      return undefined;
    }
    for (const [ref, resolution] of entry.resolutions) {
      if (resolve(resolver, ref) !== resolution) {
        this.misses++;
        return undefined;
      }
    }
    this.hits++;
    return entry;
  }

  async set(key: string, result: MarkdownResult, resolver: Resolver): Promise<CachedRender> {
    const { references, ...rest } = result;
    const entry: CachedRender = {
      ...rest,
      resolutions: references.map(({ ref }) => [ref, resolve(resolver, ref)]),
    };
    const file = this.#file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeSealedJson(file, entry);
    return entry;
  }

  #file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }
}

/** What a reference resolves to now, as a comparable string. */
function resolve(resolver: Resolver, ref: Reference): string {
  switch (ref.kind) {
    case 'page':
      return JSON.stringify(resolver.page(ref) ?? null);
    case 'file':
      return JSON.stringify(resolver.file(ref) ?? null);
    case 'reusable-content':
      return JSON.stringify(resolver.reusableContent(ref) ?? null);
    default:
      return '';
  }
}
