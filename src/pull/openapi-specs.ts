import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { MAX_SPEC_DOCUMENTS } from '../openapi/limits.ts';
import { blobPath } from '../snapshot/format.ts';
import {
  emptyOpenapiSources,
  isStoredSpec,
  LOCAL_SPEC_PREFIX,
  type OpenapiSources,
  type SpecDocument,
  type StoredSpecDocument,
  specRefKey,
} from '../snapshot/openapi.ts';
import type { Snapshot } from '../snapshot/read.ts';
import { linkOrCopy } from '../snapshot/store.ts';
import type { SnapshotWriter } from '../snapshot/write.ts';
import type { SpecFetcher } from './spec-fetch.ts';
import { shown } from './spec-fetch.ts';
import { localSpecKey, readLocalSpec } from './spec-files.ts';

/**
 * The OpenAPI part of a pull: every spec document the site's pages name by URL and the config
 * names (`openapi`), with the documents their `$ref`s reach, breadth-first and at most
 * MAX_SPEC_DOCUMENTS per spec, each fetched once per pull. Their bytes go to `files/<sha256>`
 * and `openapi.json` describes them (docs/snapshot.md). A document that cannot be had is
 * recorded with its error and one warning: it never fails the pull.
 */

export interface SpecCounts {
  /** New bytes stored: downloaded, or a local file read that changed. */
  fetched: number;
  /** The host answered 304: the previous snapshot's bytes were linked. */
  revalidated: number;
  /** A local file unchanged since the previous snapshot: its bytes were linked. */
  reused: number;
  /** Refused or failed, each with a warning. */
  failed: number;
}

export interface NamedSpecs {
  /** Name → a path relative to `folder`, or an http(s) URL (the config's `openapi` map). */
  specs: Record<string, string>;
  /** The config file's folder: local specs and their `$ref`s are read from inside it only. */
  folder: string;
}

/**
 * The key of each named spec's root document, or a PullError-worthy message for a path that
 * leaves the config's folder (the CLI refuses those before; a library caller gets it here).
 */
export function namedSpecKeys(named: NamedSpecs): {
  keys: Record<string, string>;
  errors: string[];
} {
  const keys: Record<string, string> = {};
  const errors: string[] = [];
  for (const [name, source] of Object.entries(named.specs)) {
    if (/^https?:\/\//i.test(source)) {
      keys[name] = new URL(source).href;
      continue;
    }
    const local = localSpecKey(named.folder, source);
    if (local.error === undefined) keys[name] = local.key;
    else errors.push(`openapi spec "${name}": ${local.error}`);
  }
  return { keys, errors };
}

/** What the spec stage reads and writes through. */
export interface OpenapiSpecsContext {
  fetcher: SpecFetcher;
  writer: SnapshotWriter;
  previous: Snapshot | undefined;
  /** Where `local:///` documents are read from; none: they are refused. */
  folder: string | undefined;
  maxBytes: number;
  warn: (message: string) => void;
}

export class OpenapiSpecs {
  readonly counts: SpecCounts = { fetched: 0, revalidated: 0, reused: 0, failed: 0 };
  readonly #documents = new Map<string, Promise<SpecDocument>>();
  readonly #refusedLocal = new Map<string, Promise<SpecDocument>>();
  readonly #written = new Set<string>();
  #previous: OpenapiSources = emptyOpenapiSources();

  private readonly context: OpenapiSpecsContext;

  constructor(context: OpenapiSpecsContext) {
    this.context = context;
  }

  /**
   * Pulls the documents of `roots` (page spec URLs) and of the named specs (name → root key),
   * and returns what `openapi.json` holds.
   */
  async pull(roots: readonly string[], named: Record<string, string>): Promise<OpenapiSources> {
    const previous = this.context.previous;
    this.#previous = previous
      ? await previous.openapi().catch(() => emptyOpenapiSources())
      : emptyOpenapiSources();
    await Promise.all(Object.values(named).map((key) => this.#pullSpec(key, true)));
    await Promise.all(roots.map((url) => this.#pullSpec(url, false)));
    const all = new Map([...this.#refusedLocal, ...this.#documents]);
    const documents: Record<string, SpecDocument> = {};
    for (const key of [...all.keys()].sort())
      documents[key] = await (all.get(key) as Promise<SpecDocument>);
    return { documents, named: { ...named } };
  }

  /**
   * One spec: its root, then what its `$ref`s reach, level by level. A local file may be read
   * only for a named spec and the local refs of local documents: a remote document naming
   * `local:///.env` must not get it.
   */
  async #pullSpec(root: string, named: boolean): Promise<void> {
    const seen = new Set([root]);
    let level = [{ key: root, local: named && root.startsWith(LOCAL_SPEC_PREFIX) }];
    while (level.length > 0) {
      const next: typeof level = [];
      for (const { key, local } of level) {
        const document = await this.#document(key, local);
        if (!isStoredSpec(document)) continue;
        for (const ref of await this.#refsOf(document, key)) {
          if (seen.has(ref)) continue;
          if (seen.size >= MAX_SPEC_DOCUMENTS) {
            this.context.warn(
              `OpenAPI spec ${shown(root)}: more than ${MAX_SPEC_DOCUMENTS} documents through $ref; ${shown(ref)} and any further ones left out`,
            );
            return;
          }
          seen.add(ref);
          next.push({ key: ref, local: local && ref.startsWith(LOCAL_SPEC_PREFIX) });
        }
      }
      level = next;
    }
  }

  /** The document under `key`, got once per pull whoever asks. */
  #document(key: string, mayReadLocal: boolean): Promise<SpecDocument> {
    const known = this.#documents.get(key);
    if (known) return known;
    if (key.startsWith(LOCAL_SPEC_PREFIX) && !mayReadLocal) {
      // Not remembered as the key's record: a named spec may still read that file.
      let refused = this.#refusedLocal.get(key);
      if (!refused) {
        refused = Promise.resolve({
          error:
            'refused: a local file is read only as a spec named in the config, or a $ref of one',
        });
        this.#refusedLocal.set(key, refused);
        this.counts.failed++;
        this.context.warn(
          `OpenAPI spec ${key} left out: it names a local file from remote content`,
        );
      }
      return refused;
    }
    const pending = this.#get(key).then((document) => {
      if (!isStoredSpec(document)) {
        this.counts.failed++;
        this.context.warn(`OpenAPI spec ${shown(key)} left out: ${document.error}`);
      }
      return document;
    });
    this.#documents.set(key, pending);
    return pending;
  }

  async #get(key: string): Promise<SpecDocument> {
    const before = this.#previous.documents;
    const previous = Object.hasOwn(before, key) ? before[key] : undefined;
    const held =
      isStoredSpec(previous) &&
      this.context.previous &&
      existsSync(this.context.previous.blobFile(previous.sha256))
        ? previous
        : undefined;
    if (key.startsWith(LOCAL_SPEC_PREFIX)) {
      const folder = this.context.folder;
      if (!folder) return { error: 'refused: no config file folder to read local specs from' };
      const read = await readLocalSpec(folder, key, this.context.maxBytes);
      if (read.error !== undefined) return { error: read.error };
      const sha256 = sha256Of(read.bytes);
      if (held?.sha256 === sha256) {
        await this.#link(sha256);
        this.counts.reused++;
        return { sha256, size: read.bytes.byteLength };
      }
      await this.#store(sha256, read.bytes);
      this.counts.fetched++;
      return { sha256, size: read.bytes.byteLength };
    }
    const result = await this.context.fetcher.fetch(key, held);
    if (result.kind === 'failed') return { error: result.error };
    if (result.kind === 'not-modified' && held) {
      await this.#link(held.sha256);
      this.counts.revalidated++;
      return held;
    }
    if (result.kind !== 'fetched') return { error: 'answered 304 Not Modified with nothing held' };
    const sha256 = sha256Of(result.bytes);
    await this.#store(sha256, result.bytes);
    this.counts.fetched++;
    return withoutUndefined({
      sha256,
      size: result.bytes.byteLength,
      contentType: result.contentType,
      etag: result.etag,
      lastModified: result.lastModified,
    });
  }

  /** The keys of the other documents a stored document's `$ref`s point at. */
  async #refsOf(document: StoredSpecDocument, key: string): Promise<string[]> {
    const bytes = await this.#bytes(document.sha256);
    const refs: string[] = [];
    for (const ref of externalRefs(bytes)) {
      const target = specRefKey(ref, key);
      if (target !== undefined && target !== key && !refs.includes(target)) refs.push(target);
    }
    return refs;
  }

  async #bytes(sha256: string): Promise<Uint8Array> {
    return readFile(this.context.writer.resolve(blobPath(sha256)));
  }

  async #store(sha256: string, bytes: Uint8Array): Promise<void> {
    if (this.#written.has(sha256)) return;
    this.#written.add(sha256);
    // The same bytes may already be there as a revision file (possibly a hard link to the
    // previous snapshot's, which must not be rewritten).
    const target = this.context.writer.resolve(blobPath(sha256));
    if (!existsSync(target)) await this.context.writer.bytes(blobPath(sha256), bytes);
  }

  async #link(sha256: string): Promise<void> {
    if (this.#written.has(sha256) || !this.context.previous) return;
    this.#written.add(sha256);
    await linkOrCopy(
      this.context.previous.blobFile(sha256),
      this.context.writer.resolve(blobPath(sha256)),
    );
  }
}

/**
 * The `$ref` values of a spec document that point at another document (not `#…`). YAML is a
 * superset of JSON, so one parser reads both; a document that does not parse has none (the
 * render reports it). The walk is iterative: a hostile document may nest deeply.
 */
export function externalRefs(bytes: Uint8Array): string[] {
  let root: unknown;
  try {
    root = parseYaml(new TextDecoder().decode(bytes));
  } catch {
    return [];
  }
  const refs = new Set<string>();
  const stack: unknown[] = [root];
  const visited = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || visited.has(node)) continue;
    visited.add(node);
    const ref = Array.isArray(node) ? undefined : (node as { $ref?: unknown }).$ref;
    // Siblings of a $ref are walked too (OpenAPI 3.1 allows them beside it).
    if (typeof ref === 'string' && !ref.startsWith('#') && ref.trim() !== '') refs.add(ref.trim());
    // Pushed last first, so refs come out in document order.
    const children = Array.isArray(node) ? node : Object.values(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return [...refs];
}

function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
