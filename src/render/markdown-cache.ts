import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MarkdownResult, Reference, Resolver } from '../markdown/index.ts';
import { mayHaveOpenapiBlock } from '../markdown/openapi-block.ts';
import { type PageRenderSettings, settingsDigest } from '../markdown/settings.ts';
import { markUsed } from '../utils/cache-use.ts';
import { readSealedJson, writeSealedJson } from '../utils/sealed.ts';
import { hashSources } from '../utils/source-hash.ts';
import { cachedRenderHolds, specsInKey } from './reuse-policy.ts';

/**
 * Rendered markdown, cached on disk by what determines it: the markdown (and the previous
 * markdown it is marked against, if any), the page's path, the render's settings, the renderer's
 * own source, and what each of its references resolved to. The settings are hashed whole
 * (`settingsDigest`). Every cached entry carries its references' resolutions, and a hit is
 * accepted only while they hold (reuse-policy.ts decides, as it decides when the specs count).
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

/** What of a page its render depends on besides the settings. */
export interface PageInput {
  markdown: string;
  /** The page's file path in its space. */
  path: string;
  title: string;
  /** In a change request's preview: the markdown it is marked against (`options.previous`). */
  previous?: string;
}

/** The rendered markdown of one render's pages, all made with the same settings. */
export class MarkdownCache {
  hits = 0;
  misses = 0;
  readonly #settings: string;
  readonly #specs: string;

  readonly dir: string;

  constructor(dir: string, settings: PageRenderSettings) {
    this.dir = dir;
    this.#settings = settingsDigest(settings);
    this.#specs = settings.openapi?.digest ?? '';
  }

  /**
   * A page's key; a page with OpenAPI blocks (or whose previous markdown has some) is rendered
   * again when any spec changed. A page marked against previous markdown never shares a key
   * with the page without marks.
   */
  key(page: PageInput): string {
    const { previous } = page;
    const specs = specsInKey(this.#specs, {
      markdown: mayHaveOpenapiBlock(page.markdown),
      previous: previous !== undefined && mayHaveOpenapiBlock(previous),
    });
    return createHash('sha256')
      .update(RENDERER_VERSION)
      .update('\0')
      .update(this.#settings)
      .update('\0')
      .update(specs)
      .update('\0')
      .update(page.path)
      .update('\0')
      .update(page.title)
      .update('\0')
      .update(previous === undefined ? '-' : createHash('sha256').update(previous).digest('hex'))
      .update('\0')
      .update(page.markdown)
      .digest('hex');
  }

  async get(key: string, resolver: Resolver): Promise<CachedRender | undefined> {
    const file = this.#file(key);
    const entry = await readSealedJson<CachedRender>(file);
    const holds =
      entry !== undefined &&
      cachedRenderHolds(
        entry.resolutions.map(([, resolution]) => resolution),
        entry.resolutions.map(([ref]) => resolve(resolver, ref)),
      );
    if (!holds) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    await markUsed(file);
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
