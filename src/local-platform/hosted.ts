import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { HttpError, notFound } from './errors.ts';
import { contentTypeOf } from './files.ts';

/**
 * `GET /hosted/<path>`: a file of the site folder's `hosted/` folder, as a web host outside the
 * platform would serve it (an OpenAPI spec fetched by URL, docs/site-folder.md): a content type
 * from its name, an `ETag` and a `Last-Modified`, and 304 to a conditional request that still
 * matches. No auth. Read from disk on every request, so a test can change a file between pulls.
 */

export const HOSTED_PREFIX = '/hosted/';

export async function serveHosted(
  siteDir: string,
  segments: string[],
  req: IncomingMessage,
  res: ServerResponse,
  onStatus: (status: number) => void,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    throw new HttpError(405, `${req.method} is not allowed here`, { allow: 'GET, HEAD' });
  // Segments are only ever joined below `hosted/` after this check, and the real path is
  // checked again (a symbolic link may point anywhere).
  if (segments.length === 0 || segments.some((s) => !s || s.startsWith('.') || /[/\\\0]/.test(s)))
    throw notFound('hosted file');
  const folder = path.join(siteDir, 'hosted');
  let file: string;
  try {
    const [realFolder, realFile] = await Promise.all([
      realpath(folder),
      realpath(path.join(folder, ...segments)),
    ]);
    if (!realFile.startsWith(realFolder + path.sep) || !(await stat(realFile)).isFile())
      throw new Error('not a file inside hosted/');
    file = realFile;
  } catch {
    throw notFound('hosted file');
  }
  const [bytes, { mtimeMs }] = await Promise.all([readFile(file), stat(file)]);
  const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}"`;
  const modified = Math.floor(mtimeMs / 1000) * 1000;
  const headers = {
    etag,
    'last-modified': new Date(modified).toUTCString(),
    'cache-control': 'no-cache',
  };
  if (stillFresh(req, etag, modified)) {
    onStatus(304);
    res.writeHead(304, headers);
    res.end();
    return;
  }
  onStatus(200);
  res.writeHead(200, {
    ...headers,
    'content-type': contentTypeOf(file),
    'content-length': String(bytes.byteLength),
    'x-content-type-options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** Whether the request is conditional (`If-None-Match`, `If-Modified-Since`). */
export function isConditional(req: IncomingMessage): boolean {
  return (
    req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined
  );
}

/** RFC 9110: `If-None-Match` decides when present; else `If-Modified-Since`. */
function stillFresh(req: IncomingMessage, etag: string, modified: number): boolean {
  const match = req.headers['if-none-match'];
  if (match !== undefined) {
    return match
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && modified <= since;
}
