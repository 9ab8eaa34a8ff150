import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodeSegments, siteSegments } from './site-path.ts';

/**
 * Reads the files of one built site, from a folder or from the URL it is served at, by paths
 * relative to its root (`pagefind/pagefind-entry.json`, `guides/install.md`). Both readers take
 * the same paths through `siteSegments` and answer the same way, so every tool runs one code
 * path whatever the site is. Neither ever reads outside the site: the folder reader refuses a
 * file whose real path (symbolic links followed) leaves the folder; the URL reader requests
 * only URLs under the given one, and follows a redirect only within it.
 */
export interface SiteReader {
  /** The site's root: a `file:` URL of the folder, or the http(s) URL given. */
  readonly root: URL;
  /** The file's bytes, or undefined when the site has no such file. Rejects with `SiteReadError`. */
  get(path: string): Promise<Uint8Array | undefined>;
}

export class SiteReadError extends Error {
  override readonly name = 'SiteReadError';
}

/** Largest file read: Pagefind's chunks and a page's markdown are far smaller. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** How long one request to a site's origin may take. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Redirects followed within the site (a host that adds a slash, or moves to https). */
const MAX_REDIRECTS = 3;

/** A reader for `location`: an http(s) URL, or else a folder path. */
export async function openSite(location: string): Promise<SiteReader> {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(location)) return urlReader(location);
  return folderReader(location);
}

export async function folderReader(folder: string): Promise<SiteReader> {
  let root: string;
  try {
    root = await realpath(path.resolve(folder));
  } catch (error) {
    throw new SiteReadError(`cannot read ${folder}: ${(error as NodeJS.ErrnoException).code}`);
  }
  return {
    root: pathToFileURL(`${root}${path.sep}`),
    async get(sitePath) {
      const file = path.join(root, ...siteSegments(sitePath));
      let real: string;
      try {
        real = await realpath(file);
      } catch {
        return undefined;
      }
      // A symbolic link inside the folder may point anywhere: only its target counts.
      if (!real.startsWith(root + path.sep)) return undefined;
      const handle = await open(real, 'r').catch(() => undefined);
      if (!handle) return undefined;
      try {
        const info = await handle.stat();
        if (!info.isFile()) return undefined;
        if (info.size > MAX_FILE_BYTES)
          throw new SiteReadError(`${sitePath} is larger than ${MAX_FILE_BYTES} bytes`);
        return new Uint8Array(await handle.readFile());
      } finally {
        await handle.close();
      }
    },
  };
}

export function urlReader(location: string): SiteReader {
  let root: URL;
  try {
    root = new URL(location);
  } catch {
    throw new SiteReadError(`not a URL: ${location}`);
  }
  if (root.protocol !== 'http:' && root.protocol !== 'https:')
    throw new SiteReadError(`only http(s) sites can be read, not ${root.protocol}`);
  if (root.username || root.password)
    throw new SiteReadError('a site URL with credentials is not read');
  root.search = '';
  root.hash = '';
  if (!root.pathname.endsWith('/')) root.pathname += '/';
  const within = (url: URL) => url.origin === root.origin && url.pathname.startsWith(root.pathname);
  return {
    root,
    async get(sitePath) {
      let url = new URL(encodeSegments(siteSegments(sitePath)), root);
      for (let hop = 0; ; hop++) {
        // The resolved URL is checked even though the segments are plain: defence in depth.
        if (!within(url)) throw new SiteReadError(`${url.href} is outside ${root.href}`);
        const response = await fetch(url, {
          redirect: 'manual',
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          headers: { accept: '*/*' },
        }).catch((error: Error) => {
          throw new SiteReadError(`GET ${url.href} failed: ${error.cause ?? error.message}`);
        });
        if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
          await response.body?.cancel();
          if (hop >= MAX_REDIRECTS)
            throw new SiteReadError(`GET ${url.href}: more than ${MAX_REDIRECTS} redirects`);
          url = new URL(response.headers.get('location') as string, url);
          continue;
        }
        if (response.status === 404 || response.status === 410) {
          await response.body?.cancel();
          return undefined;
        }
        if (!response.ok) {
          await response.body?.cancel();
          throw new SiteReadError(`GET ${url.href} → ${response.status}`);
        }
        return readLimited(response, url);
      }
    },
  };
}

/** The body, refused past `MAX_FILE_BYTES` without reading the rest. */
async function readLimited(response: Response, url: URL): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_FILE_BYTES) {
    await response.body?.cancel();
    throw new SiteReadError(`${url.href} is larger than ${MAX_FILE_BYTES} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (!response.body) return new Uint8Array();
  const body = response.body.getReader();
  for (;;) {
    const { done, value } = await body.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_FILE_BYTES) {
      await body.cancel().catch(() => {});
      throw new SiteReadError(`${url.href} is larger than ${MAX_FILE_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
