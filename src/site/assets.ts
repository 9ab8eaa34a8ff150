import type { File } from '../api/schemas/index.ts';
import type { StoredFile } from '../snapshot/format.ts';
import { assetOutputFile } from './paths.ts';
import type { AssetModel, SiteModelInput } from './types.ts';

/** A space's downloaded files, by the ways markdown names them. */
export interface SpaceFiles {
  byId: Map<string, AssetModel>;
  /** By `git.path` (`.gitbook/assets/logo.png`). */
  byPath: Map<string, AssetModel>;
  /** By file name: GitBook-style `.gitbook/assets/NAME` when a file has no git path. */
  byName: Map<string, AssetModel>;
}

export interface AssetIndex {
  spaces: Map<string, SpaceFiles>;
  /** By the platform's `downloadURL`, across spaces: absolute file URLs in markdown. */
  byDownloadUrl: Map<string, AssetModel>;
  /**
   * By the download URL's path alone: the host and the query (a signature, a port) may differ
   * between the pull that stored a revision and a later one that reused it.
   */
  byDownloadPath: Map<string, AssetModel>;
  /** Every asset once by URL: what the build copies (`snapshot.blobFile(sha256)` → `outputFile`). */
  all: AssetModel[];
  /** Two different files of a space with one name, one line each. */
  warnings: string[];
}

/**
 * Files get content-hashed URLs (`<base>assets/<sha256 first 16>/<name>`), so they can be
 * served immutable; a file the pull did not store has no asset and stays unresolved.
 */
export function buildAssets(
  base: string,
  manifest: SiteModelInput['manifest'],
  revisions: SiteModelInput['revisions'],
): AssetIndex {
  const index: AssetIndex = {
    spaces: new Map(),
    byDownloadUrl: new Map(),
    byDownloadPath: new Map(),
    all: [],
    warnings: [],
  };
  const byUrl = new Map<string, AssetModel>();
  for (const entry of manifest.spaces) {
    const described = new Map<string, File>();
    for (const file of revisions.get(entry.spaceId)?.files ?? []) described.set(file.id, file);
    const files: SpaceFiles = { byId: new Map(), byPath: new Map(), byName: new Map() };
    for (const stored of entry.files) {
      const asset = assetOf(base, entry.spaceId, stored);
      files.byId.set(stored.id, asset);
      const named = files.byName.get(stored.name);
      if (!named) files.byName.set(stored.name, asset);
      else if (named.sha256 !== stored.sha256)
        index.warnings.push(sameName(entry.spaceId, named, stored));
      const file = described.get(stored.id);
      if (file?.git?.path) files.byPath.set(file.git.path, asset);
      if (file?.downloadURL) {
        index.byDownloadUrl.set(file.downloadURL, asset);
        const downloadPath = pathOf(file.downloadURL);
        if (downloadPath) index.byDownloadPath.set(downloadPath, asset);
      }
      if (!byUrl.has(asset.url)) byUrl.set(asset.url, asset);
    }
    index.spaces.set(entry.spaceId, files);
  }
  index.all = [...byUrl.values()];
  return index;
}

/**
 * Files live at `assets/<content hash>/<name>`, so two files of one name never share a URL; only
 * a reference by the name alone (`.gitbook/assets/NAME` with no such git path) is ambiguous.
 */
function sameName(spaceId: string, first: AssetModel, second: StoredFile): string {
  return (
    `files ${first.fileId} and ${second.id} of space ${spaceId} are both named ${JSON.stringify(second.name)}: ` +
    `each is at its own URL, and a reference by the name alone reaches ${first.fileId}, the first`
  );
}

function assetOf(base: string, spaceId: string, stored: StoredFile): AssetModel {
  const outputFile = assetOutputFile(stored.sha256, stored.name);
  return {
    fileId: stored.id,
    spaceId,
    url: `${base}${outputFile.split('/').map(encodeURIComponent).join('/')}`,
    outputFile,
    sha256: stored.sha256,
    name: stored.name,
    ...(stored.contentType !== undefined ? { contentType: stored.contentType } : {}),
    size: stored.size,
    ...(stored.width !== undefined ? { width: stored.width } : {}),
    ...(stored.height !== undefined ? { height: stored.height } : {}),
  };
}

/** A stored file of a space with its path in the space and its content hash. */
export interface StoredSpaceFile {
  spaceId: string;
  path: string;
  name: string;
  sha256: string;
}

/**
 * Every stored file of every space with its path in the space (its git path, else
 * `.gitbook/assets/NAME`): what OpenAPI specs and their sibling files are, in the index's order.
 */
export function storedFilesOf(index: AssetIndex): StoredSpaceFile[] {
  const files: StoredSpaceFile[] = [];
  for (const [spaceId, space] of index.spaces) {
    const pathOf = new Map([...space.byPath].map(([path, asset]) => [asset, path]));
    for (const asset of space.byId.values()) {
      const { name, sha256 } = asset;
      files.push({ spaceId, path: pathOf.get(asset) ?? `.gitbook/assets/${name}`, name, sha256 });
    }
  }
  return files;
}

/** A file of a space by asset path: its git path, else the name after `.gitbook/assets/`. */
export function fileByPath(files: SpaceFiles | undefined, path: string): AssetModel | undefined {
  if (!files) return undefined;
  const clean = path.replace(/^(\.\/|\/)+/, '');
  const exact = files.byPath.get(clean);
  if (exact) return exact;
  const marker = '.gitbook/assets/';
  const at = clean.lastIndexOf(marker);
  if (at < 0) return undefined;
  const rest = clean.slice(at + marker.length);
  return files.byPath.get(`${marker}${rest}`) ?? files.byName.get(rest);
}

/** The path of an absolute URL, or undefined for anything else. */
export function pathOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
      ? parsed.pathname
      : undefined;
  } catch {
    return undefined;
  }
}
