/**
 * The specs of one render: every spec the snapshot holds (revision files that are OpenAPI or
 * Swagger documents, spec URLs and named specs the pull fetched) is loaded once, before the
 * markdown stage, into `.offprint/render/openapi/<digest>.json`, and reused by the next render
 * while the documents it was made of are unchanged. Markdown workers read the loaded specs
 * through the index (`SpecIndex`), which is plain data and crosses to the workers.
 */
import { createHash } from 'node:crypto';
import { type FileHandle, mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { markUsed } from '../utils/cache-use.ts';
import { removeOnInterrupt } from '../utils/interrupt.ts';
import { reportDamaged, seal, unseal } from '../utils/sealed.ts';
import { hashSources } from '../utils/source-hash.ts';
import { type DocumentReader, loadSpec, type ParsedDocuments } from './load.ts';
import type { OpenapiDocument } from './types.ts';

const SOURCE = fileURLToPath(new URL('./', import.meta.url));
/** The loader's own source: a change to it loads every spec again. */
const LOADER_VERSION = hashSources([SOURCE], ['.ts', '.js']);

/** Revision files are named by this made-up origin while loading, so `$ref`s resolve as URLs. */
const REVISION_ORIGIN = 'https://revision.invalid/';

/** How a block names a spec: a stored file of a space, a URL the pull fetched, or a config name. */
export type SpecKey = `file:${string}:${string}` | `url:${string}` | `name:${string}`;

export function fileSpecKey(spaceId: string, sha256: string): SpecKey {
  return `file:${spaceId}:${sha256}`;
}

/** What `prepareSpecs` reads: the snapshot's files and fetched spec documents. */
export interface SpecInputs {
  files: { spaceId: string; path: string; name: string; sha256: string }[];
  /** Fetched documents by URL (`https://…`, `local:///…`): content hash, or why there is none. */
  documents: Record<string, { sha256: string } | { error: string }>;
  /** Named specs (`spec="NAME"`): the URL of the root document. */
  named: Record<string, string>;
  /** Where a stored file's bytes are. */
  blobFile(sha256: string): string;
}

export type SpecEntry = { file: string; unresolved: string[] } | { error: string };

/** Plain data: what each key loads to. */
export interface SpecIndex {
  entries: Record<string, SpecEntry>;
  /** Changes when any spec does: part of the markdown cache key of pages with OpenAPI blocks. */
  digest: string;
}

export interface PrepareStats {
  specs: number;
  /** Specs loaded in this render (the others were reused from the last). */
  parsed: number;
  /** Spec documents parsed in this render: each at most once, whatever shares it. */
  documents: number;
  reused: number;
  failed: number;
}

interface CacheRecord {
  version: string;
  /** Every document the spec was made of, with its content hash when it was loaded. */
  documents: Record<string, string | null>;
  entry: SpecEntry;
}

/** What a loaded spec was made of: the loader's version, each document's hash (null: none). */
export type SpecMaking = Pick<CacheRecord, 'version' | 'documents'>;

/**
 * Whether a spec loaded by an earlier render (`then`) is used again, given what its documents
 * are now: the render's reuse policy (src/render/reuse-policy.ts, `specReusable`).
 */
export type SpecReusable = (then: SpecMaking | undefined, now: SpecMaking) => boolean;

/**
 * Loads every spec of the snapshot that changed since the last render, once; `reusable` says
 * which of the last render's loaded specs still serve.
 */
export async function prepareSpecs(
  inputs: SpecInputs,
  cacheDir: string,
  reusable: SpecReusable,
): Promise<{ index: SpecIndex; stats: PrepareStats }> {
  const dir = path.join(cacheDir, 'openapi');
  await mkdir(dir, { recursive: true });
  const records = await readRecords(dir);
  const sources = new DocumentSources(inputs);
  const roots = await sources.roots();
  const stats: PrepareStats = {
    specs: roots.length,
    parsed: 0,
    documents: 0,
    reused: 0,
    failed: 0,
  };
  const entries: Record<string, SpecEntry> = {};
  // A document two specs share (a common file that is also a spec of its own) is parsed once.
  const parsed: ParsedDocuments = new Map();
  const nextRecords: Record<string, CacheRecord> = {};
  for (const { key, url } of roots) {
    const record = records[url];
    // `intact` is no decision: the loaded file is named by its content, which it checks.
    if (record && (await stillServes(record, sources, dir, reusable))) {
      stats.reused++;
      entries[key] = record.entry;
      nextRecords[url] = record;
      continue;
    }
    const made = await loadRoot(url, sources, parsed, dir);
    stats.parsed++;
    if ('error' in made.entry) stats.failed++;
    entries[key] = made.entry;
    nextRecords[url] = made;
  }
  // A URL the pull could not fetch: its blocks say why.
  for (const [url, doc] of Object.entries(inputs.documents)) {
    if ('error' in doc) entries[`url:${url}`] ??= { error: doc.error };
  }
  for (const [name, url] of Object.entries(inputs.named)) {
    const root = roots.find((r) => r.url === url);
    entries[`name:${name}`] = root
      ? (entries[root.key] as SpecEntry)
      : { error: sources.errorOf(url) ?? `not fetched by the pull (${displayUrl(url)})` };
  }
  stats.documents = parsed.size;
  await writeAtomic(path.join(dir, RECORDS), seal(JSON.stringify(nextRecords)));
  const digest = createHash('sha256')
    .update(LOADER_VERSION)
    .update(JSON.stringify(Object.entries(entries).sort(([a], [b]) => (a < b ? -1 : 1))))
    .digest('hex');
  return { index: { entries, digest }, stats };
}

/**
 * Loads ahead of a render the specs it will load, from the inputs it will have (the pull does,
 * src/pull/early), one at a time while `goOn`, adding their records to those there. Left to the
 * render: a spec whose documents could not all be read (the snapshot moved under it), and, while
 * `documentsFinal` is false (no URL fetched yet), one that reached past the revision's files.
 */
export async function prepareSpecsAhead(
  inputs: SpecInputs,
  cacheDir: string,
  reusable: SpecReusable,
  { goOn, documentsFinal }: { goOn: () => boolean; documentsFinal: boolean },
): Promise<number> {
  const dir = path.join(cacheDir, 'openapi');
  await mkdir(dir, { recursive: true });
  const records = await readRecords(dir);
  const sources = new DocumentSources(inputs);
  const parsed: ParsedDocuments = new Map();
  let loaded = 0;
  for (const { url } of await sources.roots()) {
    if (!goOn()) break;
    const record = records[url];
    if (record && (await stillServes(record, sources, dir, reusable))) continue;
    const unreadable = sources.unreadable;
    const made = await loadRoot(url, sources, parsed, dir);
    if (sources.unreadable > unreadable) continue;
    const known = (document: string) => documentsFinal || document.startsWith(REVISION_ORIGIN);
    if (!Object.keys(made.documents).every(known)) continue;
    records[url] = made;
    loaded++;
  }
  if (loaded > 0) await writeAtomic(path.join(dir, RECORDS), seal(JSON.stringify(records)));
  return loaded;
}

/** Whether a loaded spec's record still serves (the reuse policy's word) and its file is there. */
async function stillServes(
  record: CacheRecord,
  sources: DocumentSources,
  dir: string,
  reusable: SpecReusable,
): Promise<boolean> {
  const now = { version: LOADER_VERSION, documents: sources.hashes(Object.keys(record.documents)) };
  return reusable(record, now) && (await intact(dir, record.entry));
}

/** One spec loaded from its documents, its loaded copy written: the record of how. */
async function loadRoot(
  url: string,
  sources: DocumentSources,
  parsed: ParsedDocuments,
  dir: string,
): Promise<CacheRecord> {
  const loaded = await loadSpec(url, sources.reader, parsed);
  let entry: SpecEntry;
  if (loaded.ok) {
    const body = JSON.stringify(loaded.document);
    const file = `${fileKey(body)}.json`;
    await writeAtomic(path.join(dir, file), body);
    entry = { file, unresolved: loaded.unresolved };
  } else {
    entry = { error: loaded.reason };
  }
  return { version: LOADER_VERSION, documents: sources.hashes(loaded.documents), entry };
}

const RECORDS = 'records.json';

/** A loaded spec's file is named by its content: the name checks the bytes. */
function fileKey(body: string): string {
  return createHash('sha256').update(LOADER_VERSION).update(body).digest('hex').slice(0, 32);
}

/** Whether a reused spec's loaded copy is there and as written; a damaged one is reported. */
async function intact(dir: string, entry: SpecEntry): Promise<boolean> {
  if ('error' in entry) return true;
  const file = path.join(dir, entry.file);
  const body = await readFile(file, 'utf8').catch(() => undefined);
  if (body === undefined) return false;
  // Intact: marked used (src/utils/cache-use.ts), so the cache's sweep keeps it.
  if (`${fileKey(body)}.json` === entry.file) return markUsed(file);
  reportDamaged(file);
  return false;
}

async function readRecords(dir: string): Promise<Record<string, CacheRecord>> {
  try {
    const file = path.join(dir, RECORDS);
    const text = unseal(await readFile(file, 'utf8'), file);
    if (text === undefined) return {};
    // Of whichever loader version: `reusable` weighs that.
    return JSON.parse(text) as Record<string, CacheRecord>;
  } catch {
    return {};
  }
}

/** Written aside and renamed; the aside file goes should the run be interrupted meanwhile. */
async function writeAtomic(file: string, body: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const forget = removeOnInterrupt(temporary);
  try {
    await writeFile(temporary, body);
    await rename(temporary, file);
  } finally {
    forget();
  }
}

/** The documents a spec can be made of, by URL, and which of them are spec roots. */
class DocumentSources {
  readonly #files = new Map<string, string>();
  /** Documents the snapshot names whose bytes could not be read. */
  unreadable = 0;

  private readonly inputs: SpecInputs;

  constructor(inputs: SpecInputs) {
    this.inputs = inputs;
    for (const file of inputs.files) {
      this.#files.set(revisionUrl(file.spaceId, file.path), file.sha256);
      // `.gitbook/assets/NAME` also finds a file with no git path by its name.
      this.#files.set(revisionUrl(file.spaceId, `.gitbook/assets/${file.name}`), file.sha256);
    }
  }

  readonly reader: DocumentReader = async (url) => {
    const sha = this.#sha(url);
    if (!sha) return { error: this.errorOf(url) ?? `${displayUrl(url)} is not in the snapshot` };
    try {
      return { text: await readFile(this.inputs.blobFile(sha), 'utf8'), id: sha };
    } catch {
      this.unreadable++;
      return { error: `${displayUrl(url)} is missing from the snapshot` };
    }
  };

  errorOf(url: string): string | undefined {
    const doc = this.#document(url);
    return doc && 'error' in doc ? doc.error : undefined;
  }

  #sha(url: string): string | undefined {
    const doc = this.#document(url);
    if (doc && 'sha256' in doc) return doc.sha256;
    return this.#files.get(url);
  }

  /** A fetched document: by its URL as a page wrote it, or as `$ref`s are keyed, normalized. */
  #document(url: string): SpecInputs['documents'][string] | undefined {
    const exact = this.inputs.documents[url];
    if (exact) return exact;
    try {
      return this.inputs.documents[new URL(url).href];
    } catch {
      return undefined;
    }
  }

  /** Spec roots: files and fetched documents whose text starts like a spec. */
  async roots(): Promise<{ key: SpecKey; url: string }[]> {
    const roots: { key: SpecKey; url: string }[] = [];
    const seen = new Set<string>();
    for (const file of this.inputs.files) {
      if (!/\.(ya?ml|json)$/i.test(file.name)) continue;
      const key = fileSpecKey(file.spaceId, file.sha256);
      if (seen.has(key) || !(await this.#looksLikeSpec(file.sha256))) continue;
      seen.add(key);
      roots.push({ key, url: revisionUrl(file.spaceId, file.path) });
    }
    const named = new Set(Object.values(this.inputs.named));
    for (const [url, doc] of Object.entries(this.inputs.documents)) {
      if (!('sha256' in doc)) continue;
      if (named.has(url) || (await this.#looksLikeSpec(doc.sha256)))
        roots.push({ key: `url:${url}`, url });
    }
    return roots;
  }

  async #looksLikeSpec(sha256: string): Promise<boolean> {
    // The first 4 KB tell: a spec names its version near the top, and a large file need not
    // be read whole to be passed over.
    let file: FileHandle | undefined;
    try {
      file = await open(this.inputs.blobFile(sha256));
      const { buffer, bytesRead } = await file.read(Buffer.alloc(4096), 0, 4096, 0);
      const head = buffer.subarray(0, bytesRead).toString('utf8');
      return /(^|[\s{,])["']?(openapi|swagger)["']?\s*:/m.test(head);
    } catch {
      return false;
    } finally {
      await file?.close();
    }
  }

  hashes(urls: string[]): Record<string, string | null> {
    return Object.fromEntries(urls.map((url) => [url, this.#sha(url) ?? null]));
  }
}

function revisionUrl(spaceId: string, filePath: string): string {
  const clean = filePath.replace(/^(\.\/|\/)+/, '');
  return `${REVISION_ORIGIN}${encodeURIComponent(spaceId)}/${clean.split('/').map(encodeURIComponent).join('/')}`;
}

/** A document's URL as a warning shows it: a revision file by its path, a URL without its query. */
export function displayUrl(url: string): string {
  if (url.startsWith(REVISION_ORIGIN)) {
    const rest = url.slice(REVISION_ORIGIN.length);
    return decodeURIComponent(rest.slice(rest.indexOf('/') + 1));
  }
  try {
    const parsed = new URL(url);
    parsed.search = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/** Loaded specs by key, read from the render's cache once per process and kept. */
export class SpecLibrary {
  readonly #loaded = new Map<string, Promise<OpenapiDocument | undefined>>();

  private readonly index: SpecIndex;
  private readonly cacheDir: string;

  constructor(index: SpecIndex, cacheDir: string) {
    this.index = index;
    this.cacheDir = cacheDir;
  }

  get digest(): string {
    return this.index.digest;
  }

  /** What a worker thread needs to make the same library. */
  get shared(): { index: SpecIndex; cacheDir: string } {
    return { index: this.index, cacheDir: this.cacheDir };
  }

  async get(
    key: SpecKey,
  ): Promise<
    { ok: true; document: OpenapiDocument; unresolved: string[] } | { ok: false; reason: string }
  > {
    const entry = this.index.entries[key];
    if (!entry) return { ok: false, reason: 'not in the snapshot (the pull fetched no such spec)' };
    if ('error' in entry) return { ok: false, reason: entry.error };
    let loading = this.#loaded.get(entry.file);
    if (!loading) {
      loading = readFile(path.join(this.cacheDir, 'openapi', entry.file), 'utf8').then(
        (body) => JSON.parse(body) as OpenapiDocument,
        () => undefined,
      );
      this.#loaded.set(entry.file, loading);
    }
    const document = await loading;
    return document
      ? { ok: true, document, unresolved: entry.unresolved }
      : { ok: false, reason: 'its loaded copy is missing from the render cache' };
  }
}
